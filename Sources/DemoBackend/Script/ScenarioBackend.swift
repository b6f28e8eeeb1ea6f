import DataLayer
import Domain
import Foundation

/// The stub backend: plays one `ScenarioScript`, answering each request the way a real
/// backend would (a status with headers and a JSON body, or a failed transport) after the
/// scripted latency, measured on an injected clock. It follows the same rules as
/// `scripts/scenario-server`, which plays the same script over HTTP (docs/HTTP.md).
public actor ScenarioBackend: PaymentsBackend {
  /// The tokens of a new session. They are fake, but treated as real: no output may ever
  /// show them, and the tests search every output for them.
  public static let initialAccessToken = Secret("sk_test_access_9f4c1e2b")
  public static let refreshToken = Secret("sk_test_refresh_6d0a7b3c")

  /// The demo user, whose credentials signing in sends.
  public static let demoUsername = "demo"
  public static let demoPassword = Secret("demo")
  /// The demo user's id, as the backend names the person: what their local copy and
  /// pending changes are kept under (`saved-list-demo.json`).
  public static let demoUserID = "demo"

  let script: ScenarioScript
  private let clock: any Clock<Duration>
  /// Requests received, by endpoint, replays of a settled idempotency key included.
  private var received: [BackendEndpoint: Int] = [:]
  /// Steps played, by endpoint, in this stage: the next request gets the step after them.
  private var played: [BackendEndpoint: Int] = [:]
  /// How many of the script's ways out the user's recoveries have reached.
  var stage = 0
  /// The answers settled by idempotency key, per endpoint and resource (`settledKey`): the
  /// same key gets the same answer, and a write is never done twice.
  private var settled: [String: BackendResponse] = [:]
  /// Cards saved by `POST /cards`, listed by every later `GET /cards` 200.
  var savedCards: [WireBody.Cards.Card] = []
  /// Cards removed by `DELETE /cards/{id}`, or gone (removed on another device, as a
  /// write's 404 says), listed no more.
  var removedIDs: Set<String> = []
  /// The wallet is gone (a write's 404 said so): `GET /wallet` answers 404 from then on.
  var walletGone = false
  /// Cards given a new expiry by `PATCH /cards/{id}`, listed so from now on.
  var updatedCards: [String: WireBody.Cards.Card] = [:]
  /// The default way to pay set by `PUT /me/default-payment-method`: from then on, the one
  /// `GET /cards` and `GET /wallet` mark `isDefault`, in place of what the script says.
  var defaultMethod: WireBody.DefaultMethod.Method?
  /// The cards waiting for their bank's approval, by setup id.
  var setups: [String: CardSetup] = [:]
  /// The refresh tokens a rotating refresh has replaced: refused from then on.
  private var replacedRefreshTokens: Set<String> = []
  private var rotations = 0

  /// A card waiting for its bank: the card sent, how many polls it has had, and the answer
  /// that ended it, which every later poll gets again.
  struct CardSetup {
    var card: WireBody.Cards.Card
    var polls = 0
    var ended: BackendResponse?
  }

  public init(scenario: Scenario, clock: any Clock<Duration> = ContinuousClock()) {
    self.init(script: ScenarioScript(scenario), clock: clock)
  }

  public init(script: ScenarioScript, clock: any Clock<Duration> = ContinuousClock()) {
    self.script = script
    self.clock = clock
  }

  public func send(_ request: BackendRequest) async throws -> BackendResponse {
    received[request.endpoint, default: 0] += 1
    let steps = (stage == 0 ? script : script.wayOut[stage - 1]).steps(request.endpoint)
    guard !steps.isEmpty else { throw ScenarioFault(source: request.endpoint.rawValue) }
    // A setup's polls play its steps from the first; every other endpoint plays on.
    let setupID = request.endpoint == .cardSetup ? request.resourceID : nil
    let played = setupID.map { setups[$0]?.polls ?? 0 } ?? played[request.endpoint, default: 0]
    let index = min(played, steps.count - 1)
    let step = steps[index]
    let settledKey = request.idempotencyKey.map {
      "\(request.endpoint.rawValue) \(request.resourceID ?? "") \($0)"
    }
    if let settledKey, let answer = settled[settledKey] {
      try await wait(step.latency)
      return answer
    }
    if let setupID, let ended = setups[setupID]?.ended {
      try await wait(step.latency)
      return ended
    }
    // A step is played when its request arrives, whether or not the client stays for the
    // answer, as on a real server.
    if let setupID {
      setups[setupID]?.polls = index + 1
    } else {
      self.played[request.endpoint] = index + 1
    }
    try await wait(step.latency)

    if let required = step.requiresBody, let refusal = step.otherwise,
      !Self.body(of: request, holds: required)
    {
      return BackendResponse(status: refusal.status, body: Data(refusal.body.utf8))
    }
    var body = step.body
    if step.rotatesRefreshToken, let refusal = step.otherwise {
      guard let rotated = rotateRefreshToken(Self.fields(of: request)["refreshToken"], in: body)
      else { return BackendResponse(status: refusal.status, body: Data(refusal.body.utf8)) }
      body = rotated
    }
    var response = BackendResponse(
      status: step.status, headers: step.headers, body: Data(body.utf8))
    if let effect = step.card {
      response = apply(effect, to: response, for: request, setupID: setupID)
    }
    if request.endpoint == .cardSetup { response = settle(response, ofSetup: setupID) }
    if request.endpoint == .cards { response = withWrites(response) }
    if request.endpoint == .wallet { response = withDefault(response) }
    if step.settles, let settledKey { settled[settledKey] = response }

    switch step.fault {
    case nil:
      return response
    case .slowBody(let duration)?:
      try await wait(duration)
      return response
    case .transport(let error)?:
      throw error
    case .unexpected?:
      throw ScenarioFault(source: request.endpoint.rawValue)
    case .closeConnection?, .resetMidBody?:
      throw TransportError.connectionLost
    case .stall?:
      throw TransportError.timedOut
    }
  }

  /// The user performed a recovery (`r`, a journey's button, saving a card again): the
  /// backend moves to the script's next way out, if it has one, and plays it from its
  /// first answers. Only the composition root calls this; the app's layers never know.
  public func userActed() {
    guard stage < script.wayOut.count else { return }
    stage += 1
    played = [:]
  }

  /// The number of requests received so far by an endpoint.
  public func requestCount(_ endpoint: BackendEndpoint) -> Int {
    received[endpoint, default: 0]
  }

  /// A rotating refresh: the refresh token sent is replaced by a new one, which `body` (the
  /// step's tokens) carries from now on. Nil when the token sent was replaced before: the
  /// backend refuses it.
  private func rotateRefreshToken(_ sent: String?, in body: String) -> String? {
    if let sent, replacedRefreshTokens.contains(sent) { return nil }
    guard case .object(var tokens)? = JSONValue.read(body.utf8) else { return body }
    if let sent { replacedRefreshTokens.insert(sent) }
    rotations += 1
    tokens["refreshToken"] = .string("sk_test_refresh_rotated_\(rotations)")
    return JSONValue.object(tokens).text
  }

  private func wait(_ latency: Duration) async throws {
    guard latency > .zero else { return }
    try await clock.sleep(for: latency)
  }

  /// Whether the request's JSON body holds each of these strings.
  private static func body(of request: BackendRequest, holds required: [String: String]) -> Bool {
    let fields = Self.fields(of: request)
    return required.allSatisfy { fields[$0.key] == $0.value }
  }

  /// The string fields of a request's JSON body, credentials included: what a server reads.
  static func fields(of request: BackendRequest) -> [String: String] {
    switch request.credential {
    case .password(let username, let password):
      return ["username": username, "password": password.value]
    case .refreshToken(let token):
      return ["refreshToken": token.value]
    case .accessToken:
      // Only a body whose every member is a string, as the client sends them.
      guard case .object(let members)? = request.body.flatMap({ JSONValue.read($0.bytes) })
      else { return [:] }
      let fields = members.compactMapValues(\.string)
      return fields.count == members.count ? fields : [:]
    }
  }
}
