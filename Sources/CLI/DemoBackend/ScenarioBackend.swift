import DataLayer
import Domain
import Foundation

/// The stub backend: plays one `Scenario`, answering each request the way a real backend
/// would (a status with headers and a JSON body, or a failed transport) after the scripted
/// latency, measured on an injected clock. Each source's answers are served in order.
public actor ScenarioBackend: PaymentsBackend {
  /// The tokens of a new session. They are fake, but treated as real: no output may ever
  /// show them, and the tests search every output for them.
  public static let initialAccessToken = Secret("sk_test_access_9f4c1e2b")
  public static let refreshToken = Secret("sk_test_refresh_6d0a7b3c")

  /// The demo user, whose credentials signing in sends.
  public static let demoUsername = "demo"
  public static let demoPassword = Secret("demo")

  let scenario: Scenario
  private let clock: any Clock<Duration>
  private var served: [BackendEndpoint: Int] = [:]
  /// The refresh tokens this backend has handed out and still honours.
  private var refreshTokens: [Secret] = [ScenarioBackend.refreshToken]
  /// The answers given to add-card submissions, by idempotency key: the same key gets the
  /// same answer, and a card is never saved twice.
  var settledSubmissions: [String: BackendResponse] = [:]
  /// The add-card answers served so far (replays of a settled key not counted).
  var addCardAnswersServed = 0
  /// Cards saved by `POST /cards`, listed by every later `GET /cards`.
  var savedCards: [WireBody.Cards.Card] = []

  public init(scenario: Scenario, clock: any Clock<Duration> = ContinuousClock()) {
    self.scenario = scenario
    self.clock = clock
  }

  public func send(_ request: BackendRequest) async throws -> BackendResponse {
    let count = served[request.endpoint, default: 0]
    served[request.endpoint] = count + 1

    switch request.endpoint {
    case .wallet:
      return try await play(scenario.wallet, count: count, endpoint: request.endpoint)
    case .cards:
      let response = try await play(scenario.cards, count: count, endpoint: request.endpoint)
      return withSavedCards(response)
    case .addCard:
      return try await addCard(request)
    case .userStatus:
      try await wait(.milliseconds(40))
      let status = Self.nth(count, of: scenario.userStatus)
      return BackendResponse(
        status: 200, body: Data(WireBody.text(WireBody.UserStatus(status: status.rawValue)).utf8))
    case .refreshSession:
      try await wait(.milliseconds(60))
      let outcome = Self.nth(count, of: scenario.refresh)
      if outcome == .offline { throw TransportError.offline }
      guard case .refreshToken(let token) = request.credential, refreshTokens.contains(token),
        outcome == .succeeds
      else {
        return Self.problem(400, code: WireBody.Code.invalidGrant)
      }
      let access = "sk_test_access_refreshed_\(count + 1)"
      return BackendResponse(
        status: 200, body: Data(WireBody.text(WireBody.Tokens(accessToken: access)).utf8))
    case .signIn:
      try await wait(.milliseconds(90))
      guard
        case .password(let username, let password) = request.credential,
        username == Self.demoUsername, password == Self.demoPassword,
        scenario.signIn == .succeeds
      else {
        return Self.problem(401, code: WireBody.Code.invalidCredentials)
      }
      let refresh = "sk_test_refresh_signed_in_\(count + 1)"
      refreshTokens.append(Secret(refresh))
      let body = WireBody.NewSession(
        accessToken: "sk_test_access_signed_in_\(count + 1)", refreshToken: refresh)
      return BackendResponse(status: 200, body: Data(WireBody.text(body).utf8))
    }
  }

  /// The answer for the request numbered `count` (from 0): in order, the last repeating.
  private static func nth<Answer>(_ count: Int, of answers: [Answer]) -> Answer {
    answers[min(count, answers.count - 1)]
  }

  private static func problem(_ status: Int, code: String) -> BackendResponse {
    BackendResponse(status: status, body: Data(WireBody.text(WireBody.Problem(code: code)).utf8))
  }

  /// The number of requests served so far to an endpoint.
  public func requestCount(_ endpoint: BackendEndpoint) -> Int {
    served[endpoint, default: 0]
  }

  private func play(_ script: SourceScript, count: Int, endpoint: BackendEndpoint) async throws
    -> BackendResponse
  {
    let answer = script.answers[min(count, script.answers.count - 1)]
    try await wait(script.latency)
    switch answer {
    case .respond(let status, let headers, let body):
      return BackendResponse(status: status, headers: headers, body: Data(body.utf8))
    case .transport(let error):
      throw error
    case .fault:
      throw ScenarioFault(source: endpoint.rawValue)
    case .savedButAnswerLost:
      throw TransportError.timedOut
    }
  }

  func wait(_ latency: Duration) async throws {
    guard latency > .zero else { return }
    try await clock.sleep(for: latency)
  }
}

/// The stub device: answers the Apple Pay checks the way the scenario says.
public struct ScenarioApplePayDevice: ApplePayDevice {
  private let outcome: Scripted<ApplePayOutcome>
  private let clock: any Clock<Duration>

  public init(scenario: Scenario, clock: any Clock<Duration> = ContinuousClock()) {
    self.outcome = scenario.applePay
    self.clock = clock
  }

  public func paymentSupport(forNetworks networks: [String]) async throws -> ApplePayDeviceSupport {
    if outcome.latency > .zero { try await clock.sleep(for: outcome.latency) }
    switch outcome.outcome {
    case .available: return ApplePayDeviceSupport(canMakePayments: true, hasCardForNetworks: true)
    case .needsSetup: return ApplePayDeviceSupport(canMakePayments: true, hasCardForNetworks: false)
    case .notAvailable:
      return ApplePayDeviceSupport(canMakePayments: false, hasCardForNetworks: false)
    case .unexpected: throw ScenarioFault(source: "Apple Pay device check")
    case .interrupted: throw CancellationError()
    }
  }
}

/// The failure a scenario's `unexpected` outcome produces: an error type that no layer
/// maps, standing in for the surprises of real systems.
public struct ScenarioFault: Error, Equatable, Sendable, CustomStringConvertible {
  public let source: String

  public var description: String { "ScenarioFault(\(source) failed in a way nobody planned for)" }
}
