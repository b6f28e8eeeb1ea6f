import DataLayer
import Domain
import Foundation

/// A script for the stub backend and device: what each source answers, and after how long.
public struct Scenario: Sendable, Equatable {
  public var name: String
  /// What the scenario sets up and what the screens show, in a sentence or two.
  public var summary: String
  public var wallet: SourceScript
  public var cards: SourceScript
  public var applePay: Scripted<ApplePayOutcome>
  /// What the backend does each time it is asked to refresh the session, in order, the
  /// last repeating.
  public var refresh: [RefreshOutcome]
  /// What `GET /me/status` answers each time, in order, the last repeating: how "check my
  /// status again" finds its way out.
  public var userStatus: [UserStatus]
  /// What signing in yields.
  public var signIn: SignInOutcome
  /// What `POST /cards` answers, one answer per submission attempt the backend has not
  /// settled yet (an answer it settled is replayed for the same idempotency key). A 2xx
  /// without a body saves the card sent. Unless a scenario says otherwise, it meets what
  /// `GET /cards` meets (`SourceScript(addCardMeeting:)`): adding a card while offline fails
  /// offline.
  public var addCard: SourceScript
  /// What `DELETE /cards/{id}`, `PUT /me/default-payment-method` and `PATCH /cards/{id}`
  /// answer, each as `addCard` does: unless a scenario says otherwise, they meet what
  /// `GET /cards` meets, and where the cards would be listed, the write is done.
  public var removeCard: SourceScript
  public var setDefault: SourceScript
  public var updateCard: SourceScript
  /// What `GET /cards/setups/{id}` answers while a card waits for its bank's approval: each
  /// setup plays these from the first, one per poll, the last repeating, until one ends it
  /// (approved, failed, canceled), which every later poll gets again.
  public var cardSetup: SourceScript
  /// What `POST /cards/setups/{id}/cancel` answers: by default, the setup is cancelled.
  public var cancelCardSetup: SourceScript
  /// Where the user's recoveries lead: after the user's first recovery (`r`, a journey's
  /// button, saving a card again) the backend answers as `wayOut[0]` scripts it, after the
  /// second as `wayOut[1]`, the last staying. Until then every screen meets this scenario's
  /// own answers, however many requests it sends, so switching screens or a load nobody
  /// asked for never uses a way out up. Empty: the user's actions change nothing. (The
  /// Apple Pay device is not the backend: it stays as scripted here.)
  public var wayOut: [Scenario]

  public init(
    name: String,
    summary: String,
    wallet: SourceScript = SourceScript(wallet: .defaultWallet, latency: .milliseconds(80)),
    cards: SourceScript = SourceScript(cards: .defaultCards, latency: .milliseconds(140)),
    applePay: Scripted<ApplePayOutcome> = .init(.available, latency: .milliseconds(30)),
    refresh: [RefreshOutcome] = [.succeeds],
    userStatus: [UserStatus] = [.verified],
    signIn: SignInOutcome = .succeeds,
    addCard: SourceScript? = nil,
    removeCard: SourceScript? = nil,
    setDefault: SourceScript? = nil,
    updateCard: SourceScript? = nil,
    cardSetup: SourceScript = SourceScript(
      [BankAnswerScript.approved.answer], latency: .milliseconds(120)),
    cancelCardSetup: SourceScript = SourceScript(
      [.respond(status: 200, body: "")], latency: .milliseconds(100)),
    wayOut: [Scenario] = []
  ) {
    self.name = name
    self.summary = summary
    self.wallet = wallet
    self.cards = cards
    self.applePay = applePay
    self.refresh = refresh.isEmpty ? [.succeeds] : refresh
    self.userStatus = userStatus.isEmpty ? [.verified] : userStatus
    self.signIn = signIn
    self.addCard = addCard ?? SourceScript(addCardMeeting: cards)
    self.removeCard = removeCard ?? SourceScript(writeMeeting: cards, status: 204)
    self.setDefault = setDefault ?? SourceScript(writeMeeting: cards, status: 200)
    self.updateCard = updateCard ?? SourceScript(writeMeeting: cards, status: 200)
    self.cardSetup = cardSetup
    self.cancelCardSetup = cancelCardSetup
    self.wayOut = wayOut
  }
}

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
    let answers = cards.answers.map { answer in
      if case .respond(let status, _, let body) = answer, (200..<300).contains(status),
        Self.isCardList(body)
      {
        return AddCardOutcomeScript.ok.answer
      }
      return answer
    }
    self.init(answers, latency: .milliseconds(150))
  }

  /// A write to a saved card in a scenario that scripts no answer of its own: it meets what
  /// `GET /cards` meets, and where the cards would be listed, it is done (an answer of
  /// `status` with no body, which the player fills in: see `ScenarioScript.CardEffect`).
  public init(writeMeeting cards: SourceScript, status: Int) {
    let answers = cards.answers.map { answer in
      if case .respond(let listed, _, let body) = answer, (200..<300).contains(listed),
        Self.isCardList(body)
      {
        return ScriptedAnswer.respond(status: status, body: "")
      }
      return answer
    }
    self.init(answers, latency: .milliseconds(150))
  }

  private static func isCardList(_ body: String) -> Bool {
    let object = try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any]
    return object?["cards"] is [Any]
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

/// The wallet answers of the simple `"outcome"` form.
public enum WalletOutcome: Sendable, Equatable {
  case ok(Wallet)
  case notFound
  case banned
  case inReview(WalletReviewState)
  case offline
  /// The backend fails with an error no layer knows.
  case unexpected

  public static let defaultWallet = WalletOutcome.ok(Wallet(balance: 125.5, currency: "EUR"))

  var answer: ScriptedAnswer {
    switch self {
    case .ok(let wallet):
      .respond(
        status: 200,
        body: WireBody.text(WireBody.Wallet(balance: wallet.balance, currency: wallet.currency)))
    case .notFound: .error(404, code: WireBody.Code.walletNotFound)
    case .banned: .error(403, code: WireBody.Code.walletBanned)
    case .inReview(let state):
      .error(409, code: WireBody.Code.walletInReview, detail: state.rawValue)
    case .offline: .transport(.offline)
    case .unexpected: .fault
    }
  }
}

/// The cards answers of the simple `"outcome"` form.
public enum CardsOutcome: Sendable, Equatable {
  case ok([ScenarioCard])
  case offline
  case unexpected

  public static let defaultCards = CardsOutcome.ok([
    ScenarioCard(brand: "Visa", lastFour: "4242", expiry: "08/28", status: .active),
    ScenarioCard(brand: "Mastercard", lastFour: "5454", expiry: "11/27", status: .active),
  ])

  var answer: ScriptedAnswer {
    switch self {
    case .ok(let cards):
      .respond(
        status: 200,
        body: WireBody.text(
          WireBody.Cards(
            cards: cards.enumerated().map { index, card in
              WireBody.Cards.Card(
                id: "\(index + 1)", brand: card.brand, last4: card.lastFour, expiry: card.expiry,
                status: card.status.rawValue,
                rejection: card.rejection.map {
                  WireBody.Cards.Rejection(reason: $0.reason.rawValue, message: $0.message)
                })
            })))
    case .offline: .transport(.offline)
    case .unexpected: .fault
    }
  }
}

/// A 402 `card_declined` as a scenario scripts it: the issuer's reason and advice, and the
/// server's message (for the developer; the app words a decline from its reason).
public struct ScriptedDecline: Sendable, Equatable {
  public var declineCode: String
  public var adviceCode: String?
  public var message: String

  public init(
    _ declineCode: String = "generic_decline", advice adviceCode: String? = nil,
    message: String = "The issuer declined the card."
  ) {
    self.declineCode = declineCode
    self.adviceCode = adviceCode
    self.message = message
  }
}

/// The add-card answers of the simple `"outcome"` form.
public enum AddCardOutcomeScript: Sendable, Equatable {
  /// 201: the card sent is saved.
  case ok
  /// 422 with each field's messages, although the fields passed the app's own checks.
  case invalid([String: [String]])
  /// 409: the user saved this card before.
  case duplicate
  /// 402: the issuer declined the card, with its reason and advice.
  case declined(ScriptedDecline)
  /// 202 `requires_action`: the bank must approve the card first (3-D Secure), and asks
  /// the user this. The setup's polls answer as `Scenario.cardSetup` scripts them.
  case requiresAction(message: String)
  case offline
  case unexpected

  var answer: ScriptedAnswer {
    switch self {
    case .ok: .respond(status: 201, body: "")
    case .invalid(let fields):
      .respond(
        status: 422,
        body: WireBody.text(WireBody.Invalid(code: WireBody.Code.validationFailed, fields: fields)))
    case .duplicate: .error(409, code: WireBody.Code.cardAlreadySaved)
    case .declined(let decline):
      .respond(
        status: 402,
        body: WireBody.text(
          WireBody.Declined(
            declineCode: decline.declineCode, adviceCode: decline.adviceCode,
            message: decline.message)))
    case .requiresAction(let message):
      .respond(
        status: 202,
        body: WireBody.text(WireBody.SetupStarted(nextAction: .init(message: message))))
    case .offline: .transport(.offline)
    case .unexpected: .fault
    }
  }
}

/// What the bank says, one poll of a card's setup at a time (`GET /cards/setups/{id}`).
public enum BankAnswerScript: Sendable, Equatable {
  /// Not yet: the user has not approved.
  case waiting
  /// Approved: the card the setup was started with is saved, and the answer is it.
  case approved
  case failed(reason: String)
  case canceled
  /// 401 `token_expired`: the access token ran out while the app was polling.
  case tokenExpired

  public var answer: ScriptedAnswer {
    switch self {
    case .waiting:
      .respond(status: 200, body: WireBody.text(WireBody.Setup(status: "requires_action")))
    case .approved:
      .respond(status: 200, body: WireBody.text(WireBody.Setup(status: "succeeded")))
    case .failed(let reason):
      .respond(status: 200, body: WireBody.text(WireBody.Setup(status: "failed", reason: reason)))
    case .canceled:
      .respond(status: 200, body: WireBody.text(WireBody.Setup(status: "canceled")))
    case .tokenExpired:
      .error(401, code: WireBody.Code.tokenExpired)
    }
  }
}

public enum ApplePayOutcome: String, Sendable, Equatable, CaseIterable {
  case available
  case needsSetup
  case notAvailable
  case unexpected
  /// The device check throws `CancellationError` although nobody cancelled it, as a
  /// platform API might when the system stops it.
  case interrupted
}

public enum SignInOutcome: String, Sendable, Equatable, CaseIterable {
  /// The demo user's credentials are accepted: a new session.
  case succeeds
  /// The backend answers 401 `invalid_credentials`.
  case fails
}

public enum RefreshOutcome: String, Sendable, Equatable, CaseIterable {
  case succeeds
  /// The backend answers `invalid_grant`: the session is over.
  case fails
  /// The refresh request never gets an answer: the device is offline. The session stays.
  case offline
}

/// A saved card as a scenario describes it; the stub backend gives it an id.
public struct ScenarioCard: Sendable, Equatable {
  public var brand: String
  public var lastFour: String
  /// "MM/YY", as the backend sends it. The repository reads it like any backend answer.
  public var expiry: String
  public var status: PaymentCard.Status
  /// The issuer's refusal, sent inside the successful answer.
  public var rejection: IssuerRejection?

  public init(
    brand: String, lastFour: String, expiry: String, status: PaymentCard.Status,
    rejection: IssuerRejection? = nil
  ) {
    self.brand = brand
    self.lastFour = lastFour
    self.expiry = expiry
    self.status = status
    self.rejection = rejection
  }
}
