import Domain
import Foundation
import TestSupport
import Testing

@testable import DataLayer

@Suite(
  "Backend client: what the backend says becomes a request failure with context",
  .timeLimit(.minutes(1)))
struct BackendClientMappingTests {
  @Test(
    "each generic answer maps to its kind of failure",
    arguments: [
      (ScriptedBackend.Answer.fail(.offline), RequestFailure.Kind.offline),
      (.fail(.timedOut), .timedOut),
      (.fail(.connectionLost), .connectionLost),
      (.fail(.serverUnreachable), .serverUnreachable),
      (.fail(.insecureConnection), .insecureConnection),
      (.fail(.cancelled), .cancelledBelow),
      (.error(403, code: "user_not_verified"), .userNotVerified),
      (.error(403, code: "user_locked"), .userLocked),
      (.error(408, code: "request_timeout"), .timedOut),
      (.error(426, code: "client_outdated"), .appOutdated),
      (.error(429, code: "rate_limited"), .rateLimited),
      (.error(500, code: "oops"), .serviceUnavailable),
      (.error(503, code: "maintenance"), .serviceUnavailable),
    ])
  func mapping(answer: ScriptedBackend.Answer, kind: RequestFailure.Kind) async {
    let fixture = ClientFixture([.cards: [answer]], policy: RetryPolicy(maxAttempts: 1))

    let failure = await requestFailure { _ = try await fixture.client.send(.cards) }

    #expect(failure?.kind == kind)
  }

  @Test("a failure carries the trace id, operation, status and the server's code and message")
  func context() async throws {
    let fixture = ClientFixture(
      [.cards: [.error(403, code: "user_locked", message: "Locked after 5 attempts")]])

    let failure = try #require(await requestFailure { _ = try await fixture.client.send(.cards) })

    #expect(failure.context.traceID == "cards-1")
    #expect(failure.context.operation == "GET /cards")
    #expect(failure.context.status == 403)
    #expect(failure.context.serverCode == "user_locked")
    #expect(failure.context.serverMessage == "Locked after 5 attempts")
  }

  @Test("the server's message reaches the context whole, quotes and backslashes included")
  func messageWithQuotes() async throws {
    let message = #"Say "unlock" to C:\support"#
    let fixture = ClientFixture([.cards: [.error(403, code: "user_locked", message: message)]])

    let failure = try #require(await requestFailure { _ = try await fixture.client.send(.cards) })

    #expect(failure.context.serverCode == "user_locked")
    #expect(failure.context.serverMessage == message)
  }

  @Test("a transport failure keeps the transport error as its cause")
  func underlying() async throws {
    let fixture = ClientFixture([.cards: [.fail(.offline)]])

    let failure = try #require(await requestFailure { _ = try await fixture.client.send(.cards) })

    #expect(failure.context.underlying as? TransportError == .offline)
  }

  @Test("every request, retries included, gets its own trace id")
  func traceIDsPerRequest() async throws {
    let fixture = ClientFixture([.cards: [.error(503, code: "down")]])

    let failure = try #require(await requestFailure { _ = try await fixture.client.send(.cards) })

    #expect(failure.context.traceID == "cards-3")
    #expect(failure.context.attempts == 3)
  }

  @Test("the default trace ids are unique across many requests")
  func uniqueTraceIDs() {
    let make = BackendClient.Environment().traceID
    let ids = (0..<10_000).map { _ in make(.cards) }

    #expect(Set(ids).count == ids.count)
    #expect(ids.allSatisfy { $0.count == 16 && $0.allSatisfy(\.isHexDigit) })
  }
}

@Suite("Backend client: retries", .timeLimit(.minutes(1)))
struct BackendClientRetryTests {
  @Test("a 5xx is retried up to the cap, with full-jitter exponential backoff")
  func backoff() async {
    let fixture = ClientFixture([.cards: [.error(503, code: "down")]])

    let failure = await requestFailure { _ = try await fixture.client.send(.cards) }

    #expect(failure?.kind == .serviceUnavailable)
    #expect(await fixture.backend.requestCount(.cards) == 3)
    // Jitter is the identity here, so each wait is the backoff's ceiling: 400 ms, 800 ms.
    #expect(fixture.clock.sleeps == [.milliseconds(400), .milliseconds(800)])
  }

  @Test("the jitter picks each wait between zero and the backoff's ceiling")
  func jitterIsApplied() async {
    let clock = AdvancingClock()
    let backend = ScriptedBackend([.cards: [.fail(.timedOut)]])
    let client = BackendClient(
      backend: backend,
      session: Session(
        accessToken: ScriptedBackend.accessToken, refreshToken: ScriptedBackend.refreshToken),
      environment: BackendClient.Environment(
        clock: clock, jitter: { $0 / 4 }, traceID: { _ in "t" }),
      logger: LogSpy())

    _ = await requestFailure { _ = try await client.send(.cards) }

    #expect(clock.sleeps == [.milliseconds(100), .milliseconds(200)])
  }

  @Test("a last attempt that never reached the backend says when an earlier one may have")
  func earlierAttemptMayHaveArrived() async {
    let fixture = ClientFixture(
      [.cards: [.fail(.timedOut), .fail(.serverUnreachable)]])

    let failure = await requestFailure { _ = try await fixture.client.send(.cards) }

    #expect(failure?.kind == .serverUnreachable)
    #expect(failure?.context.anEarlierAttemptMayHaveArrived == true)
    #expect(failure?.neverReachedTheBackend == false)
  }

  @Test("a request none of whose attempts reached the backend says so")
  func noAttemptArrived() async {
    let fixture = ClientFixture([.cards: [.fail(.serverUnreachable)]])

    let failure = await requestFailure { _ = try await fixture.client.send(.cards) }

    #expect(failure?.context.attempts == 3)
    #expect(failure?.context.anEarlierAttemptMayHaveArrived == false)
    #expect(failure?.neverReachedTheBackend == true)
  }

  @Test(
    "a 405 or a 501 says the service does not offer the request: sent once, not retried",
    arguments: [405, 501])
  func notOffered(status: Int) async {
    let fixture = ClientFixture([.cards: [.respond(status: status, body: "")]])

    let failure = await requestFailure { _ = try await fixture.client.send(.cards) }

    #expect(failure?.kind == .notOffered)
    #expect(failure?.recovery == .notRecoverable(.unsupported))
    #expect(await fixture.backend.requestCount(.cards) == 1)
  }

  @Test("a failure that passes is retried and the answer returned")
  func recovers() async throws {
    let fixture = ClientFixture(
      [.cards: [.fail(.connectionLost), .ok(ScriptedBackend.Body.cards)]])

    let answer = try await fixture.client.send(.cards)

    #expect(answer.response.status == 200)
    #expect(answer.context.attempts == 2)
    #expect(fixture.logger.entries.map(\.level).filter { $0 != .debug } == [.info])
  }

  @Test(
    "failures that will not pass are not retried",
    arguments: [
      ScriptedBackend.Answer.fail(.offline), .error(426, code: "old"),
      .error(403, code: "user_locked"),
      .respond(status: 418, body: "{}"),
    ])
  func notRetried(answer: ScriptedBackend.Answer) async {
    let fixture = ClientFixture([.cards: [answer]])

    _ = await requestFailure { _ = try await fixture.client.send(.cards) }

    #expect(await fixture.backend.requestCount(.cards) == 1)
    #expect(fixture.clock.sleeps.isEmpty)
  }

  @Test("a 429 without Retry-After is not retried: no guessing how long to back off")
  func rateLimitWithoutRetryAfter() async {
    let fixture = ClientFixture([.cards: [.error(429, code: "slow_down")]])

    let failure = await requestFailure { _ = try await fixture.client.send(.cards) }

    #expect(failure?.kind == .rateLimited)
    #expect(await fixture.backend.requestCount(.cards) == 1)
  }

  @Test("Retry-After in seconds is honoured exactly")
  func retryAfterSeconds() async throws {
    let fixture = ClientFixture(
      [
        .cards: [
          .error(429, code: "slow_down", headers: ["retry-after": "1"]),
          .ok(ScriptedBackend.Body.cards),
        ]
      ])

    _ = try await fixture.client.send(.cards)

    #expect(fixture.clock.sleeps == [.seconds(1)])
  }

  @Test("Retry-After as an HTTP date is measured from now")
  func retryAfterDate() async throws {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let fixture = ClientFixture(
      [
        .cards: [
          .error(
            503, code: "maintenance", headers: ["retry-after": "Fri, 15 Jan 2027 08:00:01 GMT"]),
          .ok(ScriptedBackend.Body.cards),
        ]
      ], now: now)

    _ = try await fixture.client.send(.cards)

    // 1_800_000_000 is Fri, 15 Jan 2027 08:00:00 GMT: the header asks for one second.
    #expect(fixture.clock.sleeps == [.seconds(1)])
  }

  @Test("a Retry-After beyond the time budget ends the retries")
  func retryAfterBeyondBudget() async {
    let fixture = ClientFixture(
      [.cards: [.error(503, code: "maintenance", headers: ["retry-after": "120"])]])

    let failure = await requestFailure { _ = try await fixture.client.send(.cards) }

    #expect(failure?.context.retryAfter == .seconds(120))
    #expect(await fixture.backend.requestCount(.cards) == 1)
  }

  @Test("the time budget caps the retries before the attempt cap does")
  func budget() async {
    let fixture = ClientFixture(
      [.cards: [.error(503, code: "down")]],
      policy: RetryPolicy(
        maxAttempts: 10, budget: .milliseconds(700), baseDelay: .milliseconds(200)))

    _ = await requestFailure { _ = try await fixture.client.send(.cards) }

    // 200 ms, then 400 ms (600 ms spent); 800 ms more would pass the 700 ms budget.
    #expect(fixture.clock.sleeps == [.milliseconds(200), .milliseconds(400)])
    #expect(await fixture.backend.requestCount(.cards) == 3)
  }

  @Test(
    "the time already spent counts against the budget: a wait that would end past it is not made")
  func budgetCountsTimeSpent() {
    let failure = RequestFailure(.serviceUnavailable, context: ErrorContext(operation: "x"))
    let policy = RetryPolicy(budget: .seconds(2), baseDelay: .milliseconds(400))

    // 1.6 s spent + 0.4 s = the budget exactly; 1.7 s spent + 0.4 s is past it.
    #expect(
      policy.delay(
        after: failure, endpoint: .cards, attempt: 1, elapsed: .milliseconds(1_600),
        jitter: { $0 }) == .milliseconds(400))
    #expect(
      policy.delay(
        after: failure, endpoint: .cards, attempt: 1, elapsed: .milliseconds(1_700),
        jitter: { $0 }) == nil)
  }

  @Test("a write's retries may take the write's own budget; a read's keep the shorter one")
  func writeBudget() {
    let failure = RequestFailure(.timedOut, context: ErrorContext(operation: "x"))
    let policy = RetryPolicy(
      budget: .seconds(2), baseDelay: .milliseconds(400), writeBudget: .seconds(15))

    // One attempt of 7.5 s timed out: a write is sent again, a read is not.
    #expect(
      policy.delay(
        after: failure, endpoint: .removeCard, idempotencyKey: "k", attempt: 1,
        elapsed: .milliseconds(7_500), jitter: { $0 }) == .milliseconds(400))
    #expect(
      policy.delay(
        after: failure, endpoint: .cards, attempt: 1, elapsed: .milliseconds(7_500),
        jitter: { $0 }) == nil)
    #expect(
      policy.delay(
        after: failure, endpoint: .removeCard, idempotencyKey: "k", attempt: 1,
        elapsed: .milliseconds(14_700), jitter: { $0 }) == nil, "past the write's budget")
  }

  @Test("only idempotent requests are retried")
  func idempotentOnly() {
    let failure = RequestFailure(.serviceUnavailable, context: ErrorContext(operation: "x"))
    let policy = RetryPolicy()

    #expect(
      policy.delay(
        after: failure, endpoint: .refreshSession, attempt: 1, elapsed: .zero, jitter: { $0 })
        == nil)
    #expect(
      policy.delay(after: failure, endpoint: .cards, attempt: 1, elapsed: .zero, jitter: { $0 })
        == .milliseconds(400))
  }

  @Test("cancelling during a backoff stops at once, as cancellation, with no further request")
  func cancellationDuringBackoff() async throws {
    let backend = ScriptedBackend([.cards: [.error(503, code: "down")]])
    let client = BackendClient(
      backend: backend,
      session: Session(
        accessToken: ScriptedBackend.accessToken, refreshToken: ScriptedBackend.refreshToken),
      environment: BackendClient.Environment(clock: StoppedClock(), traceID: { _ in "t" }),
      logger: LogSpy())
    let request = Task { try await client.send(.cards) }
    while await backend.requestCount(.cards) == 0 { await Task.yield() }

    request.cancel()

    await #expect(throws: CancellationError.self) { try await request.value }
    #expect(await backend.requestCount(.cards) == 1)
  }
}

@Suite("Backend client: the session and its token", .timeLimit(.minutes(1)))
struct BackendClientSessionTests {
  @Test("an expired token is refreshed once and the request repeated")
  func refreshAndRepeat() async throws {
    let fixture = ClientFixture(
      [.cards: [.error(401, code: "token_expired"), .ok(ScriptedBackend.Body.cards)]])

    let answer = try await fixture.client.send(.cards)

    #expect(answer.response.status == 200)
    #expect(await fixture.backend.requestCount(.refreshSession) == 1)
  }

  @Test("many requests meeting an expired token share one refresh", .timeLimit(.minutes(1)))
  func singleFlight() async throws {
    let backend = TokenCheckingBackend(holdRefreshUntil: 20)
    let client = BackendClient(
      backend: backend,
      session: Session(
        accessToken: ScriptedBackend.accessToken, refreshToken: ScriptedBackend.refreshToken),
      environment: BackendClient.Environment(clock: AdvancingClock(), traceID: { _ in "t" }),
      logger: LogSpy())

    // The refresh is held until all twenty requests have met their 401, so all twenty are
    // waiting on a refresh at the same time.
    let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
      for _ in 0..<20 {
        group.addTask { try await client.send(.cards).response.status }
      }
      return try await group.reduce(into: [Int]()) { $0.append($1) }
    }

    #expect(statuses == Array(repeating: 200, count: 20))
    #expect(await backend.refreshes == 1)
  }

  @Test("a refused refresh ends the session: sign in again, and nothing is sent after")
  func refreshRefused() async throws {
    let fixture = ClientFixture(
      [
        .cards: [.error(401, code: "token_expired")],
        .refreshSession: [.error(400, code: "invalid_grant")],
      ])

    let first = try #require(await requestFailure { _ = try await fixture.client.send(.cards) })
    let second = try #require(await requestFailure { _ = try await fixture.client.send(.wallet) })

    #expect(first.kind == .sessionEnded)
    #expect(first.recovery == .signInAgain)
    #expect(second.kind == .sessionEnded)
    #expect(await fixture.backend.requestCount(.wallet) == 0)
    #expect(await fixture.backend.requestCount(.refreshSession) == 1)
  }

  @Test("a second 401 after a refresh ends the session rather than looping")
  func noLoop() async throws {
    let fixture = ClientFixture([.cards: [.error(401, code: "token_expired")]])

    let failure = try #require(await requestFailure { _ = try await fixture.client.send(.cards) })

    #expect(failure.kind == .sessionEnded)
    #expect(await fixture.backend.requestCount(.cards) == 2)
  }

  @Test("a token never appears in a description, a mirror or a failure")
  func redaction() async throws {
    let token = ScriptedBackend.accessToken
    let request = BackendRequest(endpoint: .cards, traceID: "t", credential: .accessToken(token))
    let fixture = ClientFixture(
      [
        .cards: [.error(401, code: "token_expired")],
        .refreshSession: [.error(400, code: "invalid_grant")],
      ])
    let failure = try #require(await requestFailure { _ = try await fixture.client.send(.cards) })

    for text in [
      String(describing: token), String(reflecting: token), String(describing: request),
      String(reflecting: request), String(reflecting: failure), ErrorChain(failure).description,
    ] {
      #expect(!text.contains(token.value))
      #expect(!text.contains("sk_test_"))
    }
  }
}

@Suite("Retry-After", .timeLimit(.minutes(1)))
struct RetryAfterTests {
  private let now = Date(timeIntervalSince1970: 1_800_000_000)

  @Test("reads whole seconds")
  func seconds() {
    #expect(RetryAfter.parse("120", now: now) == .seconds(120))
    #expect(RetryAfter.parse(" 0 ", now: now) == .zero)
  }

  @Test("reads an HTTP date, measured from now; a past date means now")
  func date() {
    #expect(RetryAfter.parse("Fri, 15 Jan 2027 08:00:30 GMT", now: now) == .seconds(30))
    #expect(RetryAfter.parse("Thu, 14 Jan 2027 08:00:00 GMT", now: now) == .zero)
  }

  @Test(
    "a wait of any length is read without trapping, capped far beyond any budget",
    arguments: [
      "100000000000000000",  // 10^17 seconds: trapped on overflow before
      "9223372036854775807",  // Int64.max
      "1180591620717411303424",  // 2^70: did not fit in Int64, and was silently ignored
    ])
  func hugeWaits(value: String) throws {
    let wait = try #require(RetryAfter.parse(value, now: now))

    #expect(wait == RetryAfter.longest)
    #expect(LogFormat.milliseconds(wait) == "1000000000000 ms")
  }

  @Test("a larger Retry-After never means a sooner retry: beyond the budget is not retried")
  func hugeWaitIsBeyondTheBudget() throws {
    let failure = RequestFailure(
      .rateLimited,
      context: ErrorContext(
        operation: "GET /cards",
        retryAfter: RetryAfter.parse("1180591620717411303424", now: now)))

    let delay = RetryPolicy().delay(
      after: failure, endpoint: .cards, attempt: 1, elapsed: .zero, jitter: { $0 })

    #expect(delay == nil)
  }

  @Test("a date far in the future is capped like a large number of seconds")
  func farFutureDate() {
    #expect(RetryAfter.parse("Fri, 31 Dec 9999 23:59:59 GMT", now: now) == RetryAfter.longest)
  }

  @Test(
    "ignores what it cannot read", arguments: ["", "-1", "soon", "1.5", "2027-01-15T08:00:00Z"])
  func unreadable(value: String) {
    #expect(RetryAfter.parse(value, now: now) == nil)
  }
}

/// A backend that, like a real one, answers 401 to the old token and 200 to a fresh one.
/// It holds the refresh until a given number of 401s have gone out.
private actor TokenCheckingBackend: PaymentsBackend {
  private let expired = Gate()
  private let holdRefreshUntil: Int
  private(set) var refreshes = 0

  init(holdRefreshUntil: Int) {
    self.holdRefreshUntil = holdRefreshUntil
  }

  func send(_ request: BackendRequest) async throws -> BackendResponse {
    switch request.endpoint {
    case .refreshSession:
      refreshes += 1
      await expired.waitForArrivals(holdRefreshUntil)
      return BackendResponse(status: 200, body: Data(#"{"accessToken":"fresh"}"#.utf8))
    default:
      guard request.credential != .accessToken(ScriptedBackend.accessToken) else {
        await expired.arrive()
        return BackendResponse(status: 401, body: Data(#"{"code":"token_expired"}"#.utf8))
      }
      return BackendResponse(status: 200, body: Data(#"{"cards":[]}"#.utf8))
    }
  }
}
