import DataLayer
import DemoBackend
import Domain
import Foundation
import TestSupport
import Testing

@testable import CLI

/// A server, played in process, whose `GET /me/status` names `person`, or fails offline
/// when there is none: as the backend of one person, or none reachable to ask.
final class PersonServer: PaymentsBackend {
  let recorded: RecordingServer
  let person: String?

  convenience init(_ scenario: String, person: String?) throws {
    self.init(try RecordingServer(scenario), person: person)
  }

  init(_ recorded: RecordingServer, person: String?) {
    self.recorded = recorded
    self.person = person
  }

  func send(_ request: BackendRequest) async throws -> BackendResponse {
    guard request.endpoint == .userStatus else { return try await recorded.send(request) }
    guard let person else { throw TransportError.offline }
    return BackendResponse(
      status: 200, body: Data(#"{"status": "verified", "userId": "\#(person)"}"#.utf8))
  }

  var access: ServerAccess { .linked { [self] _, _ in self } }
}

/// Two people, each with their own tokens, on one machine (one state folder): each run
/// keeps and reads only the local copy and pending changes of the person whose session it
/// has, learned from the backend or from the device.
@MainActor
@Suite("Each person's own: the local copy and the changes", .timeLimit(.minutes(1)))
struct PeopleTests {
  private static let server = ["--backend-url", "http://127.0.0.1:8080"]

  private static func tokens(_ name: String) -> [String: String] {
    ["PAYMENTS_ACCESS_TOKEN": "access_\(name)_1", "PAYMENTS_REFRESH_TOKEN": "refresh_\(name)_1"]
  }

  private func run(
    _ arguments: [String], as name: String, in folder: TemporaryFolder, _ server: PersonServer
  ) async -> CLIRun {
    await runCLI(
      arguments + ["--json", "--cache-dir", folder.path] + Self.server,
      environment: Self.tokens(name), serverAccess: server.access)
  }

  @Test("each person's local copy is kept under the id the backend gives them")
  func keptPerPerson() async throws {
    let folder = try TemporaryFolder()

    _ = await run([], as: "ada", in: folder, try PersonServer("all-available", person: "u-ada"))
    _ = await run([], as: "bob", in: folder, try PersonServer("cards-expired", person: "u-bob"))

    #expect(
      folder.entries().filter { $0.hasPrefix("saved-list-") } == [
        "saved-list-u-ada.json", "saved-list-u-bob.json",
      ])
  }

  @Test("an id too long for the device to keep whole keeps nothing, and stderr says so once")
  func idTooLongKeepsNothing() async throws {
    let folder = try TemporaryFolder()
    // 100 bytes, each written %41 in a file's name: 300, past what a name holds.
    let person = String(repeating: "A", count: 100)

    let run = await run(
      [], as: "ada", in: folder, try PersonServer("all-available", person: person))

    #expect(run.exitCode == .success)
    #expect(
      run.errors.components(separatedBy: "Your account id is too long").count - 1 == 1,
      "said once: \(run.errors)")
    #expect(folder.entries().filter { $0.hasPrefix("saved-list-") }.isEmpty)
    #expect(!folder.entries().contains(FilePendingChangeStore.folderName))
  }

  @Test("offline, a person known from an earlier run sees their own local copy, no one else's")
  func offlineOwnList() async throws {
    let folder = try TemporaryFolder()
    _ = await run([], as: "ada", in: folder, try PersonServer("all-available", person: "u-ada"))
    _ = await run([], as: "bob", in: folder, try PersonServer("cards-expired", person: "u-bob"))

    let offline = await run([], as: "ada", in: folder, try PersonServer("offline", person: nil))
    let (rows, _) = try rowsAndNotices(offline)

    // Ada's cards (all-available's), not Bob's (cards-expired's), and only hers are saved.
    #expect(offline.exitCode == .success)
    #expect(
      rows.filter { $0["fromCache"] as? Bool == true }.map { $0["title"] as? String } == [
        "Wallet", "Visa •••• 4242", "Mastercard •••• 5454",
      ])
  }

  @Test("tokens never seen, with no backend to ask, are shown nothing saved")
  func strangerSeesNothing() async throws {
    let folder = try TemporaryFolder()
    _ = await run([], as: "ada", in: folder, try PersonServer("all-available", person: "u-ada"))

    let stranger = await run(
      [], as: "carol", in: folder, try PersonServer("offline", person: nil))

    // Only the device's Apple Pay: nothing of Ada's, though her list is on the device.
    let (rows, _) = try rowsAndNotices(stranger)
    #expect(rows.map { $0["title"] as? String } == ["Apple Pay"])
  }

  /// A removal of card-1 by Ada that the service, down, answers 503: left in the journal.
  private func adaLeavesARemoval(in folder: TemporaryFolder) async throws -> String {
    let down = Scenario(
      name: "remove-card-down", summary: "Every DELETE answers 503.",
      removeCard: SourceScript([.respond(status: 503, body: "")], latency: .zero))
    let removal = PersonServer(RecordingServer(scenario: down), person: "u-ada")
    let run = await run(["remove-card", "--id", "card-1"], as: "ada", in: folder, removal)
    #expect(run.exitCode == .serviceUnavailable)
    return try #require(removal.recorded.keys(of: .removeCard).first)
  }

  @Test("Bob's access token beside Ada's known refresh token is asked for: Bob's, not Ada's")
  func tokensNeverSeenTogetherAreAskedFor() async throws {
    let folder = try TemporaryFolder()
    _ = try await adaLeavesARemoval(in: folder)

    let bob = try PersonServer("all-available", person: "u-bob")
    let mixed = [
      "PAYMENTS_ACCESS_TOKEN": "access_bob_1", "PAYMENTS_REFRESH_TOKEN": "refresh_ada_1",
    ]
    let run = await runCLI(
      ["--json", "--cache-dir", folder.path] + Self.server, environment: mixed,
      serverAccess: bob.access)

    #expect(run.exitCode == .success)
    // Asked, not taken from Ada's known refresh token: Ada's removal is not sent.
    #expect(bob.recorded.keys(of: .removeCard).isEmpty)
    #expect(!run.errors.contains("Finishing your last change"))
    let store = FilePendingChangeStore(directory: folder.url, logger: SilentLog())
    #expect(try await store.changes(of: "u-ada").count == 1)
  }

  @Test("one person's pending change is never sent under another's session")
  func changeStaysWithItsPerson() async throws {
    let folder = try TemporaryFolder()
    let key = try await adaLeavesARemoval(in: folder)

    let bob = try PersonServer("all-available", person: "u-bob")
    let bobsRun = await run([], as: "bob", in: folder, bob)
    let ada = try PersonServer("all-available", person: "u-ada")
    let adasRun = await run([], as: "ada", in: folder, ada)

    #expect(bob.recorded.keys(of: .removeCard).isEmpty)
    #expect(!bobsRun.errors.contains("Finishing your last change"))
    #expect(ada.recorded.keys(of: .removeCard) == [key])
    #expect(adasRun.errors.hasPrefix("Finishing your last change: removing Visa •••• 4242…\n"))
  }

  @Test("tokens never seen, with no backend to ask, finish nothing and keep the change")
  func strangerFinishesNothing() async throws {
    let folder = try TemporaryFolder()
    _ = try await adaLeavesARemoval(in: folder)

    let stranger = try PersonServer("offline", person: nil)
    _ = await run([], as: "carol", in: folder, stranger)

    #expect(stranger.recorded.keys(of: .removeCard).isEmpty)
    let journal = FilePendingChangeStore(directory: folder.url, logger: SilentLog())
    #expect(try await journal.changes(of: "u-ada").count == 1)
  }

  @Test("signing in on the screen as someone else keeps nothing more of the run's person")
  func anotherPersonSignsIn() async throws {
    let folder = try TemporaryFolder()
    var options = CommandLineOptions()
    options.cacheDirectory = folder.path
    // Ada's session has ended; the screen's sign-in is the demo user's, another person.
    let server = try PersonServer("session-expired", person: "u-ada")
    var composition = AppComposition(
      backend: .server(
        server, applePay: .available, tokens: .demo,
        userActed: { await server.recorded.backend.userActed() }),
      deadline: PaymentMethodsUseCase.defaultDeadline,
      environment: BackendClient.Environment(
        clock: ScenarioTimeClock(deadline: PaymentMethodsUseCase.defaultDeadline)),
      logger: SilentLog(), storage: Storage(options, variables: [:]))
    let start = await composition.beforeLoading { _, _ in }
    composition.keep(for: start.person)
    // What the start said of Ada's change: it waits for her to sign in.
    let adas = PendingChange(
      .remove(cardID: "card-1"), idempotencyKey: "key-1", person: "u-ada", startedAt: Date())
    let list = composition.paymentMethodsViewModel(
      telling: FinishedChanges([.init(adas, ending: .waitsForSignIn)]))
    await list.load().value

    await composition.userActed()
    await list.signIn().value

    #expect(start.person == "u-ada")
    guard case .loaded(let methods) = list.state else {
      Issue.record("the list did not load once signed in")
      return
    }
    #expect(methods.message?.contains("from last time") != true)
    let files = FileLocalCopyStore(directory: folder.url)
    #expect(try await files.load(person: "u-ada") == nil)
  }

  @Test("once another person signed in, the journal writes down and lists nothing")
  func gatedJournal() async throws {
    let gate = SignedInPersonGate()
    let kept = InMemoryJournal()
    let journal = GatedPendingChangeStore(store: kept, gate: gate)
    let change = try await journal.add(
      PendingChange(
        .remove(cardID: "1"), idempotencyKey: "key-1", person: "u-ada", startedAt: Date()))

    await gate.close()

    await #expect(throws: AnotherPersonSignedIn.self) {
      _ = try await journal.add(
        PendingChange(
          .remove(cardID: "2"), idempotencyKey: "key-2", person: "u-ada", startedAt: Date()))
    }
    #expect(try await journal.changes(of: "u-ada").isEmpty)
    #expect(await kept.changes == [change])
  }

  @Test("a person known from an earlier run is not asked for again")
  func knownWithoutAsking() async throws {
    let folder = try TemporaryFolder()
    _ = await run([], as: "ada", in: folder, try PersonServer("all-available", person: "u-ada"))

    // A backend that would name someone else: never asked, since the device knows.
    let again = await run(
      [], as: "ada", in: folder, try PersonServer("all-available", person: "u-mallory"))

    #expect(again.exitCode == .success)
    #expect(
      folder.entries().filter { $0.hasPrefix("saved-list-") } == ["saved-list-u-ada.json"])
  }
}
