import DataLayer
import Domain
import Foundation

/// A scenario as a backend plays it: for each endpoint, its answers in order, the last
/// repeating. This is the one form both players read, so that a scenario means the same
/// in process and over HTTP: `ScenarioBackend` plays it here, and `scripts/scenario-server`
/// plays what `payment-methods --export-scenario` prints of it. Neither player knows any
/// scenario; the rules they share are in docs/HTTP.md ("Playing a script").
public struct ScenarioScript: Sendable, Equatable {
  /// What the script is made from. Each endpoint's steps are made when they are asked for
  /// (`steps(_:)`): a run pays for the answers it plays, not for every answer the scenario
  /// could give.
  let scenario: Scenario

  public var name: String { scenario.name }
  public var summary: String { scenario.summary }
  /// Every endpoint's answers, as `--export-scenario` prints them.
  public var endpoints: [BackendEndpoint: [Step]] {
    Dictionary(uniqueKeysWithValues: BackendEndpoint.allCases.map { ($0, steps($0)) })
  }
  /// The script after each recovery the user performs, the last staying (`Scenario.wayOut`).
  public var wayOut: [ScenarioScript] { scenario.wayOut.map { ScenarioScript($0) } }
  /// The Apple Pay check is the device's, not the backend's: only the in-process device
  /// plays it, and `--apple-pay` stands in for it over HTTP.
  public var applePay: Scripted<ApplePayOutcome> { scenario.applePay }
  /// The local copy on the device, also the device's and never the backend's:
  /// `--export-scenario` writes it in the device's part, for `--saved-list` over HTTP.
  public var saved: LocalCopySeed? { scenario.saved }

  /// One answer to one request.
  public struct Step: Sendable, Equatable {
    /// How long the player waits before it answers (or fails).
    public var latency: Duration
    public var status: Int
    /// Header names in lower case.
    public var headers: [String: String]
    public var body: String
    /// Instead of answering, the exchange fails this way.
    public var fault: Fault?
    /// For a request with an `Idempotency-Key`: the answer is kept, and every later request
    /// with the same key gets it again instead of the next step.
    public var settles: Bool
    /// The body is made from the card the request sends (see `CardEffect`).
    public var card: CardEffect?
    /// The request's JSON body must hold these strings, or it gets `otherwise`: how the
    /// demo user's credentials are checked.
    public var requiresBody: [String: String]?
    public var otherwise: Refusal?
    /// For `POST /session/refresh`: the player rotates the refresh token. A refresh token it
    /// has replaced gets `otherwise`; any other is replaced by a new one
    /// (`sk_test_refresh_rotated_1`, `_2`…), which the body carries as `refreshToken`.
    public var rotatesRefreshToken: Bool

    public init(
      latency: Duration, status: Int = 0, headers: [String: String] = [:], body: String = "",
      fault: Fault? = nil, settles: Bool = false, card: CardEffect? = nil,
      requiresBody: [String: String]? = nil, otherwise: Refusal? = nil,
      rotatesRefreshToken: Bool = false
    ) {
      self.latency = latency
      self.status = status
      self.headers = headers
      self.body = body
      self.fault = fault
      self.settles = settles
      self.card = card
      self.requiresBody = requiresBody
      self.otherwise = otherwise
      self.rotatesRefreshToken = rotatesRefreshToken
    }
  }

  /// What an exchange does instead of delivering its answer.
  public enum Fault: Sendable, Equatable {
    /// A failure only the in-process player can produce as it is: the transport error
    /// itself. Over HTTP, it is played as the nearest socket fault (docs/HTTP.md).
    case transport(TransportError)
    /// An error no layer knows (in process); over HTTP, the connection closes.
    case unexpected
    /// What only a real server does to a socket. In process, each is the transport error
    /// the client would meet: the first two lose the connection, a stall times out.
    case closeConnection
    case resetMidBody
    case stall
    /// The answer is delivered, but its body trickles in over `Duration`.
    case slowBody(Duration)

    /// The name in an exported script.
    public var name: String {
      switch self {
      case .transport(let error): error.scenarioName
      case .unexpected: "unexpected"
      case .closeConnection: "closeConnection"
      case .resetMidBody: "resetMidBody"
      case .stall: "stall"
      case .slowBody: "slowBody"
      }
    }
  }

  /// Answers made from what a write to the cards sends, and what they change for every
  /// later `GET /cards` 200.
  public enum CardEffect: String, Sendable, Equatable {
    /// `POST /cards`: the card is saved (listed from now on), and the body is it. A card
    /// listed already (the same brand and last four) is not saved again: the answer is a
    /// 409 `card_already_saved` with the listed card.
    case saved
    /// `POST /cards`: the body says the card was saved before: `card_already_saved`, with
    /// the card sent.
    case existing
    /// `DELETE /cards/{id}`: the card is no longer listed. A card that is not listed (or
    /// no longer) is a 404 `card_not_found`.
    case removed
    /// `PUT /me/default-payment-method`: the body is the method sent. A card that is not
    /// listed is a 404 `method_not_found`.
    case madeDefault
    /// `PATCH /cards/{id}`: the card is listed with the expiry sent, active, and the body
    /// is it. A card that is not listed is a 404 `card_not_found`.
    case updated
    /// `POST /cards` answering 202: a setup of the card sent starts, waiting for its bank,
    /// and the body gets its id (`setup-1`, `setup-2`…). A card listed already is a 409
    /// `card_already_saved`, as for `saved`.
    case setUp
    /// A write's 404 (`card_not_found`, `method_not_found`): the method it names (the card
    /// in its path, or the method its body sends) was removed on another device. A card is
    /// listed no more; the wallet is gone, and `GET /wallet` answers 404
    /// `wallet_not_found` from then on.
    case gone
    /// `GET /cards/setups/{id}` answering `succeeded`: the setup's card is saved (listed
    /// from now on), and the body holds it.
    case approved
    /// `POST /cards/setups/{id}/cancel`: the setup is cancelled, and every later poll
    /// answers `canceled`; one that had already ended stays as it ended, and its answer is
    /// the body.
    case canceledSetup
  }

  public struct Refusal: Sendable, Equatable {
    public var status: Int
    public var body: String
  }
}
