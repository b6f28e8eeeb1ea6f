import Domain
import Foundation
import TestSupport
import Testing

@testable import DataLayer

@Suite("Known sessions: whose session a refresh token opens", .timeLimit(.minutes(1)))
struct KnownSessionsTests {
  private let temporary = TemporaryDirectory()
  private let logger = LogSpy()
  private var known: KnownSessions { KnownSessions(directory: temporary.url, logger: logger) }

  private let ada = (access: Secret("access_ada"), refresh: Secret("refresh_ada"))

  @Test("a person kept for two tokens is found again for them, by a store made anew")
  func roundTrip() {
    known.record("u-ada", accessToken: ada.access, refreshToken: ada.refresh)

    #expect(known.person(accessToken: ada.access, refreshToken: ada.refresh) == "u-ada")
    #expect(
      known.person(accessToken: Secret("access_bob"), refreshToken: Secret("refresh_bob")) == nil)
  }

  @Test("a refresh token beside an access token it was never seen with names nobody")
  func pairNeverSeenTogether() {
    known.record("u-ada", accessToken: ada.access, refreshToken: ada.refresh)

    #expect(known.person(accessToken: Secret("access_bob"), refreshToken: ada.refresh) == nil)
    #expect(known.person(accessToken: ada.access, refreshToken: Secret("refresh_bob")) == nil)
  }

  @Test("the file is named by the two tokens' SHA-256, holds no token, and is its owner's alone")
  func noTokenAtRest() throws {
    known.record("u-ada", accessToken: ada.access, refreshToken: ada.refresh)

    let names = try FileManager.default.contentsOfDirectory(
      atPath: temporary.appending("sessions").path)
    #expect(names == [SHA256Digest.hex(of: "10:access_ada11:refresh_ada") + ".json"])
    let file = temporary.appending("sessions/" + names[0])
    let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
    #expect(!text.contains("access_ada") && !text.contains("refresh_ada"))
    #expect(text.contains("u-ada"))
    let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions]
    #expect((mode as? NSNumber)?.intValue == 0o600)
  }

  @Test("a damaged file names nobody, with a warning")
  func damagedNamesNobody() throws {
    let folder = temporary.appending("sessions")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data("{".utf8).write(
      to: folder.appendingPathComponent(
        SHA256Digest.hex(of: "10:access_ada11:refresh_ada") + ".json"))

    #expect(known.person(accessToken: ada.access, refreshToken: ada.refresh) == nil)
    #expect(logger.entries.map(\.level) == [.warning])
  }

  @Test(
    "a file whose person is no id the device keeps names nobody, with a warning",
    arguments: ["", "u-ada\u{7}", String(repeating: "a", count: 256)])
  func badPersonNamesNobody(person: String) throws {
    let folder = temporary.appending("sessions")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let text = try JSONSerialization.data(withJSONObject: ["version": 1, "userId": person])
    try text.write(
      to: folder.appendingPathComponent(
        SHA256Digest.hex(of: "10:access_ada11:refresh_ada") + ".json"))

    #expect(known.person(accessToken: ada.access, refreshToken: ada.refresh) == nil)
    #expect(logger.entries.map(\.level) == [.warning])
  }
}

@Suite("Backend client: whose session it has", .timeLimit(.minutes(1)))
struct SignedInPersonTests {
  private let temporary = TemporaryDirectory()

  private func client(refreshToken: String = "refresh_ada") -> (BackendClient, ScriptedBackend) {
    let backend = ScriptedBackend()
    let client = BackendClient(
      backend: backend,
      session: Session(
        accessToken: ScriptedBackend.accessToken, refreshToken: Secret(refreshToken),
        known: KnownSessions(directory: temporary.url, logger: LogSpy())),
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
        known: KnownSessions(directory: temporary.url, logger: logger)),
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
  private let temporary = TemporaryDirectory()

  @Test("a person the backend names after a refresh is kept for both pairs of tokens")
  func startingTokensKeepThePerson() async throws {
    let known = KnownSessions(directory: temporary.url, logger: LogSpy())
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
    let known = KnownSessions(directory: temporary.url, logger: LogSpy())
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
