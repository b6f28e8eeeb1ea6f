import Domain
import Foundation
import TestSupport
import Testing

@testable import DataLayer

@Suite("Backend client: whose session it has", .timeLimit(.minutes(1)))
struct SignedInPersonTests {
  /// The device's known sessions, shared by the runs of a test.
  private let known = InMemoryKnownSessions()

  private func client(refreshToken: String = "refresh_ada") -> (BackendClient, ScriptedBackend) {
    let backend = ScriptedBackend()
    let client = BackendClient(
      backend: backend,
      session: Session(
        accessToken: ScriptedBackend.accessToken, refreshToken: Secret(refreshToken),
        known: known),
      environment: BackendClient.Environment(clock: AdvancingClock(), traceID: { _ in "t" }),
      logger: LogSpy())
    return (client, backend)
  }

  @Test("a session never seen is asked of the backend, and kept for the next run")
  func askedThenKept() async {
    let (first, backend) = client()
    let (second, again) = client()

    #expect(await first.signedInPerson() == ScriptedBackend.userID)
    #expect(await second.signedInPerson() == ScriptedBackend.userID)

    #expect(await backend.requestCount(.userStatus) == 1)
    #expect(await again.requestCount(.userStatus) == 0)
  }

  @Test("a session never seen, with the backend offline, is nobody's, and a warning says so")
  func offlineIsNobody() async {
    let logger = LogSpy()
    let client = BackendClient(
      backend: DownBackend(),
      session: Session(
        accessToken: Secret("a"), refreshToken: Secret("r"),
        known: InMemoryKnownSessions()),
      environment: BackendClient.Environment(clock: AdvancingClock(), traceID: { _ in "t" }),
      logger: logger)

    #expect(await client.signedInPerson() == nil)
    #expect(logger.entries.filter { $0.level == .warning }.count == 1)
  }

  @Test("signing in keeps whose the new session is, as the backend's answer names them")
  func signInKeepsThePerson() async throws {
    let (client, backend) = client(refreshToken: "refresh_before")

    let person = try await client.signIn(username: "demo", password: Secret("demo"))

    #expect(person == ScriptedBackend.userID)
    #expect(await client.signedInPerson() == ScriptedBackend.userID)
    #expect(await backend.requestCount(.userStatus) == 0)
  }
}

@Suite("Refreshed tokens name their person only once the backend said", .timeLimit(.minutes(1)))
struct RotatedSessionTests {
  @Test("a person the backend names after a refresh is kept for both pairs of tokens")
  func startingTokensKeepThePerson() async throws {
    let known = InMemoryKnownSessions()
    let session = Session(
      accessToken: Secret("old"), refreshToken: Secret("refresh"), known: known)
    let client = BackendClient(
      backend: RotatingRefreshBackend(rotates: true), session: session,
      policy: RetryPolicy(maxAttempts: 1),
      environment: BackendClient.Environment(clock: AdvancingClock(), traceID: { _ in "t" }),
      logger: LogSpy())
    _ = try await client.send(.cards)

    await session.record(person: "u-ada")

    // What the next run starts from again, and what this one holds now.
    #expect(known.person(accessToken: Secret("old"), refreshToken: Secret("refresh")) == "u-ada")
    #expect(
      known.person(accessToken: Secret("access-1"), refreshToken: Secret("refresh-1")) == "u-ada")
  }

  @Test("tokens a refresh gave are not taken to be the person's until the backend says so")
  func refreshedTokensAreAskedFor() async throws {
    let known = InMemoryKnownSessions()
    known.record("u-ada", accessToken: Secret("old"), refreshToken: Secret("refresh"))
    let client = BackendClient(
      backend: RotatingRefreshBackend(rotates: true),
      session: Session(accessToken: Secret("old"), refreshToken: Secret("refresh"), known: known),
      policy: RetryPolicy(maxAttempts: 1),
      environment: BackendClient.Environment(clock: AdvancingClock(), traceID: { _ in "t" }),
      logger: LogSpy())

    _ = try await client.send(.cards)

    #expect(known.person(accessToken: Secret("old"), refreshToken: Secret("refresh-1")) == nil)
  }
}

/// A backend with no network at all.
struct DownBackend: PaymentsBackend {
  func send(_ request: BackendRequest) async throws -> BackendResponse {
    throw TransportError.offline
  }
}

/// Known sessions kept in memory, as an app's Keychain keeps them: the person of each pair
/// of tokens recorded together.
final class InMemoryKnownSessions: KnownSessions, @unchecked Sendable {
  // Safe: `people` is only touched while holding `lock`.
  private let lock = NSLock()
  private var people: [String: String] = [:]

  func person(accessToken: Secret, refreshToken: Secret) -> String? {
    lock.withLock { people[Self.pair(accessToken, refreshToken)] }
  }

  func record(_ person: String, accessToken: Secret, refreshToken: Secret) {
    lock.withLock { people[Self.pair(accessToken, refreshToken)] = person }
  }

  private static func pair(_ access: Secret, _ refresh: Secret) -> String {
    "\(access.value.utf8.count):\(access.value)\(refresh.value.utf8.count):\(refresh.value)"
  }
}
