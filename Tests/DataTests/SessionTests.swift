import Domain
import Foundation
import TestSupport
import Testing

@testable import DataLayer

/// Session behaviour through the client, against a backend whose refresh endpoint answers
/// from a script (one answer per refresh, the last repeating), or one that holds its tokens
/// as a real backend does and may rotate the refresh token.
@Suite("Session: only the backend's refusal ends it", .timeLimit(.minutes(1)))
struct SessionTests {
  @Test("a refresh that fails offline keeps the session, and a later request refreshes again")
  func offlineRefreshKeepsTheSession() async throws {
    let backend = RefreshScriptBackend(refreshAnswers: [.offline, .fresh])
    let client = await makeClient(backend)

    let first = try #require(await requestFailure { _ = try await client.send(.cards) })
    let second = try await client.send(.cards)

    #expect(first.kind == .offline)
    #expect(first.recovery == .retryWhenUserActs(.reconnect))
    #expect(first.journey == nil)
    #expect(second.response.status == 200)
    #expect(await backend.refreshes == 2)
  }

  @Test(
    "a refresh that fails on the way fails the request with that failure's kind",
    arguments: [
      (RefreshScriptBackend.RefreshAnswer.offline, RequestFailure.Kind.offline),
      (.timedOut, .timedOut),
      (.status(503), .serviceUnavailable),
      (.status(500), .serviceUnavailable),
    ])
  func refreshFailureKind(
    answer: RefreshScriptBackend.RefreshAnswer, kind: RequestFailure.Kind
  ) async throws {
    let client = await makeClient(RefreshScriptBackend(refreshAnswers: [answer]))

    let failure = try #require(await requestFailure { _ = try await client.send(.cards) })

    #expect(failure.kind == kind)
    #expect(failure.context.operation == "GET /cards")
    let refresh = try #require(failure.underlyingError as? RequestFailure)
    #expect(refresh.context.operation == "POST /session/refresh")
  }

  @Test("a 400 or 401 answer to the refresh ends the session", arguments: [400, 401])
  func refusalEndsTheSession(status: Int) async throws {
    let backend = RefreshScriptBackend(refreshAnswers: [.status(status), .fresh])
    let client = await makeClient(backend)

    let first = try #require(await requestFailure { _ = try await client.send(.cards) })
    let second = try #require(await requestFailure { _ = try await client.send(.cards) })

    #expect(first.kind == .sessionEnded)
    #expect(first.journey == .signIn)
    #expect(second.kind == .sessionEnded)
    #expect(await backend.refreshes == 1)
  }

  @Test("a refresh that names another person ends the session: nothing is sent under it")
  func refreshToAnotherPersonEndsTheSession() async throws {
    let backend = RefreshScriptBackend(refreshAnswers: [.freshFor("u-ada")])
    let logger = LogSpy()
    let client = await makeClient(backend, logger: logger, person: "u-bob")

    let first = try #require(await requestFailure { _ = try await client.send(.cards) })
    let second = try #require(await requestFailure { _ = try await client.send(.cards) })

    #expect(first.kind == .sessionEnded)
    #expect(second.kind == .sessionEnded)
    #expect(await backend.sentWithNewTokens == 0)
    #expect(logger.entries.contains { $0.message.contains("another person's") })
  }

  @Test("a refresh that names the session's own person, byte for byte, keeps it going")
  func refreshToTheSamePersonContinues() async throws {
    let backend = RefreshScriptBackend(refreshAnswers: [.freshFor("u-bob")])
    let client = await makeClient(backend, person: "u-bob")

    let answer = try await client.send(.cards)

    #expect(answer.response.status == 200)
  }

  @Test(
    "a rotated refresh token is sent on the next refresh, so a second expiry is refreshed too"
  )
  func rotatedRefreshTokenIsKept() async throws {
    let backend = RotatingRefreshBackend(rotates: true)
    let client = await makeClient(backend)

    _ = try await client.send(.cards)
    await backend.expireAccessToken()
    let second = try await client.send(.cards)

    #expect(second.response.status == 200)
    #expect(await backend.refreshTokensReceived == ["refresh", "refresh-1"])
  }

  @Test("a refresh answer without a refresh token keeps the old one for the next refresh")
  func refreshTokenKeptWithoutANewOne() async throws {
    let backend = RotatingRefreshBackend(rotates: false)
    let client = await makeClient(backend)

    _ = try await client.send(.cards)
    await backend.expireAccessToken()
    let second = try await client.send(.cards)

    #expect(second.response.status == 200)
    #expect(await backend.refreshTokensReceived == ["refresh", "refresh"])
  }

  @Test("a caller that arrives after a refresh finished uses its token, without another")
  func lateCallerUsesTheNewToken() async throws {
    let session = Session(accessToken: Secret("old"), refreshToken: Secret("refresh"))
    let refreshes = CallCounter()
    let refresher: @Sendable (Secret) async throws -> RefreshedTokens = { _ in
      refreshes.increment()
      return RefreshedTokens(accessToken: Secret("new"))
    }

    let first = try await session.refresh(replacing: Secret("old"), using: refresher)
    let late = try await session.refresh(replacing: Secret("old"), using: refresher)

    #expect(first == Secret("new"))
    #expect(late == Secret("new"))
    #expect(refreshes.count == 1)
  }

  @Test("each refresh is logged once, as a request of its own with its trace id and outcome")
  func refreshLoggedOnce() async throws {
    let logger = LogSpy()
    let backend = RefreshScriptBackend(refreshAnswers: [.fresh])
    let client = await makeClient(backend, logger: logger)

    async let cards = client.send(.cards)
    async let wallet = client.send(.wallet)
    _ = try await (cards, wallet)

    let refreshLines = logger.entries.filter { $0.message.contains("refreshed the session") }
    #expect(await backend.refreshes == 1)
    #expect(refreshLines.count == 1)
    #expect(refreshLines.first?.metadata[LogMetadataKey.traceID] == "refresh-1")
    #expect(refreshLines.first?.metadata["operation"] == "POST /session/refresh")
  }

  @Test("a failed refresh is logged once, with its trace id and what went wrong")
  func failedRefreshLogged() async throws {
    let logger = LogSpy()
    let client = await makeClient(RefreshScriptBackend(refreshAnswers: [.offline]), logger: logger)

    _ = await requestFailure { _ = try await client.send(.cards) }

    let lines = logger.entries.filter { $0.message.contains("could not refresh the session") }
    #expect(lines.count == 1)
    #expect(lines.first?.level == .warning)
    #expect(lines.first?.metadata[LogMetadataKey.traceID] == "refresh-1")
    #expect(lines.first?.message.contains("offline") == true)
  }

  /// - Parameter person: whose session it is, as the backend said at its start.
  private func makeClient(
    _ backend: any PaymentsBackend, logger: LogSpy = LogSpy(), person: String? = nil
  ) async -> BackendClient {
    let traceIDs = SequentialTraceIDs()
    let session = Session(accessToken: Secret("old"), refreshToken: Secret("refresh"))
    if let person { await session.record(person: person) }
    return BackendClient(
      backend: backend,
      session: session,
      policy: RetryPolicy(maxAttempts: 1),
      environment: BackendClient.Environment(
        clock: AdvancingClock(), traceID: { traceIDs.next($0.rawValue) }),
      logger: logger)
  }
}

/// Answers 401 to the old token and 200 to any other; the refresh endpoint answers from
/// its script, the last answer repeating.
actor RefreshScriptBackend: PaymentsBackend {
  enum RefreshAnswer: Sendable {
    case fresh
    /// Fresh tokens, the answer naming whose they are.
    case freshFor(String)
    case offline
    case timedOut
    case status(Int)
  }

  private let refreshAnswers: [RefreshAnswer]
  private(set) var refreshes = 0
  /// Requests other than the refresh sent with a token the refresh gave.
  private(set) var sentWithNewTokens = 0

  init(refreshAnswers: [RefreshAnswer]) {
    self.refreshAnswers = refreshAnswers
  }

  func send(_ request: BackendRequest) async throws -> BackendResponse {
    guard request.endpoint == .refreshSession else {
      guard request.credential != .accessToken(Secret("old")) else {
        return BackendResponse(status: 401, body: Data(#"{"code":"token_expired"}"#.utf8))
      }
      sentWithNewTokens += 1
      let body = request.endpoint == .wallet ? #"{"balance":1,"currency":"EUR"}"# : #"{"cards":[]}"#
      return BackendResponse(status: 200, body: Data(body.utf8))
    }
    refreshes += 1
    let answer = refreshAnswers[min(refreshes, refreshAnswers.count) - 1]
    switch answer {
    case .fresh:
      return BackendResponse(status: 200, body: Data(#"{"accessToken":"new-\#(refreshes)"}"#.utf8))
    case .freshFor(let person):
      let body = #"{"accessToken":"new-\#(refreshes)","userId":"\#(person)"}"#
      return BackendResponse(status: 200, body: Data(body.utf8))
    case .offline:
      throw TransportError.offline
    case .timedOut:
      throw TransportError.timedOut
    case .status(let status):
      return BackendResponse(status: status, body: Data(#"{"code":"invalid_grant"}"#.utf8))
    }
  }
}

/// A backend that takes one access token and one refresh token at a time, as a real one
/// does. A refresh with the refresh token it holds answers a new access token, and with
/// `rotates` a new refresh token too, the one it replaced refused from then on (400
/// `invalid_grant`, as OAuth 2.1 advises). Its first access token is none the client has,
/// so the first request meets an expiry.
actor RotatingRefreshBackend: PaymentsBackend {
  private let rotates: Bool
  private var accessToken = "not-yet-issued"
  private var refreshToken = "refresh"
  private var refreshes = 0
  /// The refresh token each refresh sent, in order.
  private(set) var refreshTokensReceived: [String] = []

  init(rotates: Bool) {
    self.rotates = rotates
  }

  /// The access token the client holds runs out: its next request meets a 401.
  func expireAccessToken() {
    accessToken = "expired-\(refreshes)"
  }

  func send(_ request: BackendRequest) async throws -> BackendResponse {
    switch request.credential {
    case .refreshToken(let sent):
      refreshTokensReceived.append(sent.value)
      guard sent.value == refreshToken else {
        return BackendResponse(status: 400, body: Data(#"{"code":"invalid_grant"}"#.utf8))
      }
      refreshes += 1
      accessToken = "access-\(refreshes)"
      guard rotates else {
        return BackendResponse(status: 200, body: Data(#"{"accessToken":"\#(accessToken)"}"#.utf8))
      }
      refreshToken = "refresh-\(refreshes)"
      return BackendResponse(
        status: 200,
        body: Data(
          #"{"accessToken":"\#(accessToken)","refreshToken":"\#(refreshToken)"}"#.utf8))
    case .accessToken(let sent) where sent.value == accessToken:
      return BackendResponse(status: 200, body: Data(#"{"cards":[]}"#.utf8))
    default:
      return BackendResponse(status: 401, body: Data(#"{"code":"token_expired"}"#.utf8))
    }
  }
}

@Suite("Signing in: a new session", .timeLimit(.minutes(1)))
struct SignInTests {
  /// A session the backend will not refresh: the cards meet an expired token, then answer.
  private func fixture(signIn: ScriptedBackend.Answer) -> ClientFixture {
    ClientFixture([
      .cards: [.error(401, code: "token_expired"), .ok(ScriptedBackend.Body.cards)],
      .refreshSession: [.error(400, code: "invalid_grant")],
      .signIn: [signIn],
    ])
  }

  private let refused = ScriptedBackend.Answer.error(401, code: "invalid_credentials")

  @Test("after the session ended, signing in starts a new one and requests work again")
  func signInRestoresTheSession() async throws {
    let fixture = fixture(signIn: .ok(ScriptedBackend.Body.signedIn))
    _ = await requestFailure { _ = try await fixture.client.send(.cards) }

    try await fixture.client.signIn(username: "demo", password: Secret("demo"))
    let answer = try await fixture.client.send(.cards)

    #expect(answer.response.status == 200)
    #expect(await fixture.backend.requestCount(.signIn) == 1)
  }

  @Test("credentials the backend turns down are a refusal that sends the user to sign in")
  func refused() async throws {
    let fixture = fixture(signIn: refused)

    let error = try await #require(throws: SignInRefused.self) {
      try await fixture.client.signIn(username: "demo", password: Secret("demo"))
    }

    #expect(error.journey == .signIn)
    #expect(error.context.status == 401)
    #expect(error.context.serverCode == "invalid_credentials")
  }

  @Test("a sign-in that fails on the way is that failure, not a refusal")
  func offline() async throws {
    let fixture = ClientFixture([.signIn: [.fail(.offline)]])

    let failure = try #require(
      await requestFailure {
        try await fixture.client.signIn(username: "demo", password: Secret("demo"))
      })

    #expect(failure.kind == .offline)
    #expect(failure.context.operation == "POST /session")
  }

  @Test("the password is never part of a request's description or a log line")
  func passwordNeverShown() async throws {
    let fixture = fixture(signIn: refused)

    // Turned down, so the refusal's description is checked too.
    let refusal = await #expect(throws: SignInRefused.self) {
      try await fixture.client.signIn(username: "demo", password: Secret("hunter2-demo"))
    }

    let request = BackendRequest(
      endpoint: .signIn, traceID: "t",
      credential: .password(username: "demo", password: Secret("hunter2-demo")))
    #expect(!String(describing: request).contains("hunter2"))
    #expect(!String(reflecting: request).contains("hunter2"))
    #expect(!fixture.logger.entries.contains { "\($0)".contains("hunter2") })
    #expect(!String(reflecting: refusal as Any).contains("hunter2"))
  }
}
