import DataLayer
import Domain
import Foundation

/// What one backend source answers: one answer per request, in order, the last repeating,
/// each after `latency`.
public struct SourceScript: Sendable, Equatable {
  public var answers: [ScriptedAnswer]
  public var latency: Duration

  public init(_ answers: [ScriptedAnswer], latency: Duration) {
    self.answers = answers.isEmpty ? [.fault] : answers
    self.latency = latency
  }

  public init(wallet outcome: WalletOutcome, latency: Duration) {
    self.init([outcome.answer], latency: latency)
  }

  public init(cards outcome: CardsOutcome, latency: Duration) {
    self.init([outcome.answer], latency: latency)
  }

  public init(addCard outcome: AddCardOutcomeScript, latency: Duration) {
    self.init([outcome.answer], latency: latency)
  }

  /// `POST /cards` in a scenario that scripts no answer of its own: it meets what
  /// `GET /cards` meets, in the same order (offline, a 503, an expired token, a lost
  /// connection, a body that is not JSON…), and where the cards would be listed, the card
  /// is saved. So every failure a scenario plays on the screen can be watched on
  /// `add-card` too, with the same way out.
  public init(addCardMeeting cards: SourceScript) {
    self.init(meeting: cards, whereListed: AddCardOutcomeScript.ok.answer)
  }

  /// A write to a saved card in a scenario that scripts no answer of its own: it meets what
  /// `GET /cards` meets, and where the cards would be listed, it is done (an answer of
  /// `status` with no body, which the player fills in: see `ScenarioScript.CardEffect`).
  public init(writeMeeting cards: SourceScript, status: Int) {
    self.init(meeting: cards, whereListed: .respond(status: status, body: ""))
  }

  /// The answers `cards` gives, in order, but `done` where the cards would be listed.
  private init(meeting cards: SourceScript, whereListed done: ScriptedAnswer) {
    let answers = cards.answers.map { answer in
      if case .respond(let status, _, let body) = answer, (200..<300).contains(status),
        Self.isCardList(body)
      {
        return done
      }
      return answer
    }
    self.init(answers, latency: Scenario.writeLatency)
  }

  /// Whether `body` is an object whose `cards` is a list, whatever the list holds: read as
  /// the client reads it (`JSONDecoder`), not as strictly as a scenario file is, so that a
  /// body the list shows is one a write meets.
  private static func isCardList(_ body: String) -> Bool {
    (try? JSONDecoder().decode(CardList.self, from: Data(body.utf8))) != nil
  }

  private struct CardList: Decodable {
    let cards: [AnyItem]

    struct AnyItem: Decodable {
      init(from decoder: any Decoder) throws {}
    }
  }
}

/// One answer of the stub backend.
public enum ScriptedAnswer: Sendable, Equatable {
  /// An HTTP answer. Header names are lower case.
  case respond(status: Int, headers: [String: String] = [:], body: String)
  /// The transport fails.
  case transport(TransportError)
  /// The backend fails with an error no layer knows.
  case fault
  /// For `POST /cards` (or `PATCH /cards/{id}`): the backend saves the card (or updates
  /// it), and then its answer is lost on the way (a timeout): only the idempotency key keeps
  /// the retry from doing it twice.
  case savedButAnswerLost
  /// What only a real server does to a connection (see `SocketFault`).
  case socket(SocketFault)
  /// An HTTP answer whose body trickles in, slower than any deadline.
  case respondSlowly(status: Int, body: String)

  /// An error answer with the backend's usual body.
  static func error(
    _ status: Int, code: String, message: String? = nil, detail: String? = nil,
    headers: [String: String] = [:]
  ) -> ScriptedAnswer {
    .respond(
      status: status, headers: headers,
      body: WireBody.text(WireBody.Problem(code: code, message: message, detail: detail)))
  }
}

/// Faults of a real connection, played on the socket by `scripts/scenario-server`. In
/// process, each is the transport error the client meets over HTTP.
public enum SocketFault: String, Sendable, Equatable, CaseIterable {
  /// The server reads the request and closes the connection without a word: the
  /// connection is lost.
  case closeConnection
  /// The server starts the answer and resets the connection halfway through the body: the
  /// connection is lost.
  case resetMidBody
  /// The server reads the request and sends nothing until the client gives up: a timeout.
  case stall
}

/// One source's answer, delivered after `latency`; for the Apple Pay device.
public struct Scripted<Outcome: Sendable & Equatable>: Sendable, Equatable {
  public var outcome: Outcome
  public var latency: Duration

  public init(_ outcome: Outcome, latency: Duration) {
    self.outcome = outcome
    self.latency = latency
  }
}
