import DataLayer
import Domain
import Foundation

/// A scenario as a backend plays it: for each endpoint, its answers in order, the last
/// repeating. This is the one form both players read, so that a scenario means the same
/// in process and over HTTP: `ScenarioBackend` plays it here, and `scripts/scenario-server`
/// plays what `payment-methods --export-scenario` prints of it. Neither player knows any
/// scenario; the rules they share are in docs/HTTP.md ("Playing a script").
public struct ScenarioScript: Sendable, Equatable {
  public var name: String
  public var summary: String
  public var endpoints: [BackendEndpoint: [Step]]
  /// The endpoints' answers after each recovery the user performs, the last staying
  /// (`Scenario.wayOut`).
  public var wayOut: [[BackendEndpoint: [Step]]]
  /// The Apple Pay check is the device's, not the backend's: only the in-process device
  /// plays it, and `--apple-pay` stands in for it over HTTP.
  public var applePay: Scripted<ApplePayOutcome>

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

    public init(
      latency: Duration, status: Int = 0, headers: [String: String] = [:], body: String = "",
      fault: Fault? = nil, settles: Bool = false, card: CardEffect? = nil,
      requiresBody: [String: String]? = nil, otherwise: Refusal? = nil
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
      case .transport(let error): error.rawValue
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
    /// `POST /cards`: the card is saved (listed from now on), and the body is it.
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
    /// and the body gets its id (`setup-1`, `setup-2`…).
    case setUp
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

// MARK: - From a scenario

extension ScenarioScript {
  /// How long the stub backend takes to answer the requests a scenario has no latency for.
  static let userStatusLatency = Duration.milliseconds(40)
  static let refreshLatency = Duration.milliseconds(60)
  static let signInLatency = Duration.milliseconds(90)
  /// How long a slow body takes to arrive, from its first byte to its last: longer than any
  /// deadline a built-in scenario has.
  static let slowBodyDuration = Duration.seconds(6)

  public init(_ scenario: Scenario) {
    name = scenario.name
    summary = scenario.summary
    applePay = scenario.applePay
    endpoints = [
      .wallet: Self.steps(scenario.wallet),
      .cards: Self.steps(scenario.cards),
      .addCard: Self.steps(scenario.addCard).map(Self.cardStep),
      .removeCard: Self.steps(scenario.removeCard).map { Self.writeStep($0, .removed) },
      .setDefault: Self.steps(scenario.setDefault).map { Self.writeStep($0, .madeDefault) },
      .updateCard: Self.steps(scenario.updateCard).map { Self.writeStep($0, .updated) },
      .cardSetup: Self.steps(scenario.cardSetup).map(Self.setupStep),
      .cancelCardSetup: Self.steps(scenario.cancelCardSetup).map { step in
        var step = step
        if (200..<300).contains(step.status) { step.card = .canceledSetup }
        return step
      },
      .userStatus: scenario.userStatus.map { status in
        Step(
          latency: Self.userStatusLatency, status: 200,
          body: WireBody.text(WireBody.UserStatus(status: status.rawValue)))
      },
      .refreshSession: scenario.refresh.enumerated().map { index, outcome in
        switch outcome {
        case .succeeds:
          Step(
            latency: Self.refreshLatency, status: 200,
            body: WireBody.text(
              WireBody.Tokens(accessToken: "sk_test_access_refreshed_\(index + 1)")))
        case .fails:
          Step(
            latency: Self.refreshLatency, status: 400,
            body: WireBody.text(WireBody.Problem(code: WireBody.Code.invalidGrant)))
        case .offline:
          Step(latency: Self.refreshLatency, fault: .transport(.offline))
        }
      },
      .signIn: [Self.signIn(scenario.signIn)],
    ]
    wayOut = scenario.wayOut.map { ScenarioScript($0).endpoints }
  }

  private static func steps(_ script: SourceScript) -> [Step] {
    script.answers.map { answer in
      let latency = script.latency
      switch answer {
      case .respond(let status, let headers, let body):
        return Step(latency: latency, status: status, headers: headers, body: body)
      case .respondSlowly(let status, let body):
        return Step(
          latency: latency, status: status, body: body, fault: .slowBody(slowBodyDuration))
      case .transport(let error):
        return Step(latency: latency, fault: .transport(error))
      case .socket(.closeConnection):
        return Step(latency: latency, fault: .closeConnection)
      case .socket(.resetMidBody):
        // A body to cut: the server sends its first half, then resets the connection.
        return Step(
          latency: latency, status: 200, body: #"{"cut": "this body never arrives whole"}"#,
          fault: .resetMidBody)
      case .socket(.stall):
        return Step(latency: latency, fault: .stall)
      case .fault:
        return Step(latency: latency, fault: .unexpected)
      case .savedButAnswerLost:
        return Step(latency: latency, status: 201, fault: .transport(.timedOut), card: .saved)
      }
    }
  }

  /// A `POST /cards` answer as a careful backend gives it: a 2xx without a body saves the
  /// card sent; a 409 `card_already_saved` names the card sent; and every definite answer
  /// (2xx, 402, 409, 422) is settled for its idempotency key, while one that says "try
  /// again" (401, 408, 429, 5xx, a failed exchange) is not.
  private static func cardStep(_ step: Step) -> Step {
    var step = step
    if step.status == 202, step.body.contains("requires_action") {
      step.card = .setUp
    } else if (200..<300).contains(step.status), step.body.isEmpty {
      step.card = .saved
    } else if step.status == 409, step.body.contains(WireBody.Code.cardAlreadySaved) {
      step.card = .existing
    }
    let definite = (200..<300).contains(step.status) || [402, 409, 422].contains(step.status)
    // A write that happened before its answer was lost is settled too: the retry must
    // find it, not save the card again.
    step.settles = definite && (step.fault == nil || step.card == .saved)
    return step
  }

  /// A poll of a card's setup: a `succeeded` answer saves the setup's card.
  private static func setupStep(_ step: Step) -> Step {
    var step = step
    let answer = try? JSONSerialization.jsonObject(with: Data(step.body.utf8)) as? [String: Any]
    if (200..<300).contains(step.status), answer?["status"] as? String == "succeeded" {
      step.card = .approved
    }
    return step
  }

  /// A write to a saved card as a careful backend answers it: a 2xx without a body is the
  /// write done (`effect`); a `PATCH`'s definite answers (2xx, 402, 404, 422) are settled
  /// for its idempotency key, as `POST /cards`'s are.
  private static func writeStep(_ step: Step, _ effect: CardEffect) -> Step {
    var step = step
    // A write done before its answer was lost (`savedButAnswerLost`) is this write.
    let doneButLost = step.card == .saved
    // …answered, had the answer arrived, as this endpoint answers: 204 or 200.
    if doneButLost { step.status = effect == .removed ? 204 : 200 }
    if (200..<300).contains(step.status), step.body.isEmpty || doneButLost { step.card = effect }
    if effect == .updated {
      let definite = (200..<300).contains(step.status) || [402, 404, 422].contains(step.status)
      // As for adding a card: the retry must find the write done, not do it again.
      step.settles = definite && (step.fault == nil || doneButLost)
    }
    return step
  }

  private static func signIn(_ outcome: SignInOutcome) -> Step {
    let refused = WireBody.text(WireBody.Problem(code: WireBody.Code.invalidCredentials))
    switch outcome {
    case .fails:
      return Step(latency: signInLatency, status: 401, body: refused)
    case .succeeds:
      return Step(
        latency: signInLatency, status: 200,
        body: WireBody.text(
          WireBody.NewSession(
            accessToken: "sk_test_access_signed_in_1", refreshToken: "sk_test_refresh_signed_in_1")),
        requiresBody: [
          "username": ScenarioBackend.demoUsername, "password": ScenarioBackend.demoPassword.value,
        ],
        otherwise: Refusal(status: 401, body: refused))
    }
  }
}

// MARK: - Exported

extension ScenarioScript {
  /// The script as `--export-scenario` prints it: JSON with sorted keys, latencies in
  /// milliseconds, every key of a step written. Its format is docs/HTTP.md's.
  public var exported: String {
    let object: [String: Any] = [
      "format": 1,
      "scenario": name,
      "summary": summary,
      "endpoints": Self.objects(endpoints),
      "wayOut": wayOut.map(Self.objects),
      "device": [
        "applePay": applePay.outcome.rawValue,
        "latencyMs": Self.milliseconds(applePay.latency),
      ],
      "cardBrands": Self.cardBrands,
    ]
    // Plain strings, numbers, booleans, nulls, arrays and dictionaries: always valid JSON.
    let data = try? JSONSerialization.data(
      withJSONObject: object, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])
    return data.map { String(decoding: $0, as: UTF8.self) + "\n" } ?? "{}\n"
  }

  /// The brand of a card number by its first four digits, as ranges, for a player that
  /// saves the card a request sends. Read off `CardValidation.brand(of:)` itself, so the
  /// app's rule stays the only one.
  static var cardBrands: [[String: Any]] {
    var ranges: [(brand: String, from: Int, to: Int)] = []
    for prefix in 1000...9999 {
      guard let brand = CardValidation.brand(of: "\(prefix)000000000000")?.rawValue else {
        continue
      }
      if let last = ranges.last, last.brand == brand, last.to == prefix - 1 {
        ranges[ranges.count - 1].to = prefix
      } else {
        ranges.append((brand, prefix, prefix))
      }
    }
    return ranges.map { ["brand": $0.brand, "fromPrefix": $0.from, "toPrefix": $0.to] }
  }

  private static func objects(_ endpoints: [BackendEndpoint: [Step]]) -> [String: Any] {
    var objects: [String: Any] = [:]
    for (endpoint, steps) in endpoints {
      objects[endpoint.rawValue] = steps.map(Self.object)
    }
    return objects
  }

  private static func object(_ step: Step) -> [String: Any] {
    var fault: Any = NSNull()
    var bodyMs: Any = NSNull()
    if let stepFault = step.fault {
      fault = stepFault.name
      if case .slowBody(let duration) = stepFault { bodyMs = milliseconds(duration) }
    }
    return [
      "latencyMs": milliseconds(step.latency),
      "status": step.status == 0 ? NSNull() : step.status,
      "headers": step.headers,
      "body": step.body,
      "fault": fault,
      "bodyMs": bodyMs,
      "settles": step.settles,
      "card": step.card?.rawValue ?? NSNull(),
      "requiresBody": step.requiresBody ?? NSNull(),
      "otherwise": step.otherwise.map { ["status": $0.status, "body": $0.body] } ?? NSNull(),
    ]
  }

  /// Whole milliseconds, saturating rather than trapping on a duration too long for them.
  private static func milliseconds(_ duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1000)
    guard !overflow else { return seconds < 0 ? Int(Int64.min) : Int(Int64.max) }
    let (total, overflowAgain) = whole.addingReportingOverflow(attoseconds / 1_000_000_000_000_000)
    return overflowAgain ? Int(Int64.max) : Int(total)
  }
}
