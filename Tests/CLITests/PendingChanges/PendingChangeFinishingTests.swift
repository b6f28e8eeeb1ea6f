import DataLayer
import DemoBackend
import Domain
import Foundation
import TestSupport
import Testing

@testable import CLI

/// A change whose answer never came is left in the journal, and the next run finishes it
/// before anything loads, under the same idempotency key, saying so on stderr.
@MainActor
@Suite("Finishing the last run's change, before anything loads", .timeLimit(.minutes(1)))
struct PendingChangeFinishingTests {
  private static let server = ["--backend-url", "http://127.0.0.1:8080"]

  /// The journal kept in `folder`, read as the next run reads it.
  private func pending(in folder: TemporaryFolder) async throws -> [PendingChange] {
    try await FilePendingChangeStore(directory: folder.url, logger: SilentLog())
      .changes(of: ScenarioBackend.demoUsername).sorted { $0.place < $1.place }
  }

  /// A removal of card-1 that the service, down, answers 503 on every attempt, from a run
  /// with `folder` as its --cache-dir: no answer for good, so it is still in the journal.
  /// (One sent offline is not: the screen said it failed.) The key it was sent under.
  private func changeLeftBehind(in folder: TemporaryFolder) async throws -> String {
    let down = RecordingServer(
      scenario: Scenario(
        name: "remove-card-down", summary: "Every DELETE answers 503.",
        removeCard: SourceScript([.respond(status: 503, body: "")], latency: .zero)))
    let run = await runCLI(
      ["remove-card", "--id", "card-1", "--cache-dir", folder.path] + Self.server,
      serverAccess: down.access)

    #expect(run.exitCode == .serviceUnavailable)
    // Kept, and said so: its outcome is not known yet, it is not "couldn't remove".
    #expect(run.output.contains("Not sure yet whether your card was removed"))
    let key = try #require(down.keys(of: .removeCard).first)
    #expect(try await pending(in: folder).map(\.idempotencyKey) == [key])
    return key
  }

  @Test("the next run sends the change again under its key, says so on stderr, then loads")
  func finishedAtTheNextRun() async throws {
    let folder = try TemporaryFolder()
    let key = try await changeLeftBehind(in: folder)
    let online = try RecordingServer("remove-card-ok")

    let run = await runCLI(
      ["--json", "--cache-dir", folder.path] + Self.server, serverAccess: online.access)
    let (rows, _) = try rowsAndNotices(run)

    #expect(run.exitCode == .success)
    #expect(
      run.errors
        == "Finishing your last change: removing Visa •••• 4242…\n"
        + "Removing Visa •••• 4242, from last time, is done.\n")
    #expect(online.keys(of: .removeCard) == [key])
    #expect(rows.map { $0["id"] as? String } == ["wallet", "card-2", "apple-pay"])
    #expect(try await pending(in: folder).isEmpty)
  }

  @Test("on a terminal, the line naming the change ends with the time the start has waited")
  func timeOnATerminal() async throws {
    let folder = try TemporaryFolder()
    _ = try await changeLeftBehind(in: folder)
    let online = try RecordingServer("remove-card-ok")

    let run = await runCLI(
      ["set-default", "--wallet", "--cache-dir", folder.path] + Self.server, interactive: true,
      columns: 80, serverAccess: online.access)

    // Written again in place each second the clock passes; this run's clock passes none.
    #expect(
      run.errors.hasPrefix("Finishing your last change: removing Visa •••• 4242… 0:00\n"),
      "\(run.errors)")
  }

  @Test("with --accessible, the line naming the change is said plainly, the time calmly")
  func plainWithAccessible() async throws {
    let folder = try TemporaryFolder()
    _ = try await changeLeftBehind(in: folder)
    let online = try RecordingServer("remove-card-ok")

    let run = await runCLI(
      ["set-default", "--wallet", "--accessible", "--cache-dir", folder.path] + Self.server,
      interactive: true, columns: 80, serverAccess: online.access)

    #expect(
      run.errors.hasPrefix(
        "Finishing your last change: removing Visa •••• 4242…\nRemoving Visa •••• 4242, from "),
      "\(run.errors)")
  }

  @Test("the same removal asked again, finished as the run starts, is removed already: exit 0")
  func sameCommandAgain() async throws {
    let folder = try TemporaryFolder()
    let key = try await changeLeftBehind(in: folder)
    let online = try RecordingServer("remove-card-ok")

    let run = await runCLI(
      ["remove-card", "--id", "card-1", "--json", "--cache-dir", folder.path] + Self.server,
      serverAccess: online.access)

    #expect(run.exitCode == .success)
    #expect(try printedJSON(run)["status"] as? String == "alreadyRemoved")
    #expect(online.keys(of: .removeCard) == [key])
  }

  @Test("a write the service does not offer (501) is sent once, said so, and not kept")
  func notOfferedIsSettled() async throws {
    let folder = try TemporaryFolder()
    let static501 = RecordingServer(
      scenario: Scenario(
        name: "remove-card-not-offered", summary: "Every DELETE answers 501.",
        removeCard: SourceScript([.respond(status: 501, body: "")], latency: .zero)))

    let run = await runCLI(
      ["remove-card", "--id", "card-1", "--cache-dir", folder.path] + Self.server,
      serverAccess: static501.access)

    #expect(run.exitCode == .errorState)
    #expect(run.output.contains("Our payment service doesn't offer this"))
    #expect(static501.keys(of: .removeCard).count == 1)
    #expect(try await pending(in: folder).isEmpty)
  }

  @Test("a change whose session ended is kept for the person, and no run says it was sent")
  func sessionEndedKeepsIt() async throws {
    let folder = try TemporaryFolder()
    let key = try await changeLeftBehind(in: folder)
    let expired = try RecordingServer("session-expired")

    let run = await runCLI(
      ["--json", "--cache-dir", folder.path] + Self.server, serverAccess: expired.access)

    #expect(run.exitCode == .journey)
    #expect(
      run.errors
        == "Finishing your last change: removing Visa •••• 4242…\n"
        + "Removing Visa •••• 4242, from last time, will be sent once you've signed in again.\n")
    #expect(try await pending(in: folder).map(\.idempotencyKey) == [key])
  }

  @Test("once the person signs in on the screen, the change kept for them is finished")
  func finishedOnceSignedIn() async throws {
    let folder = try TemporaryFolder()
    let journal = FilePendingChangeStore(directory: folder.url, logger: SilentLog())
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    _ = try await journal.add(
      PendingChange(
        .remove(cardID: "card-1"), idempotencyKey: "key-1",
        person: ScenarioBackend.demoUsername, startedAt: now.addingTimeInterval(-60)))
    var options = CommandLineOptions()
    options.cacheDirectory = folder.path
    let log = LogSpy()
    let composition = AppComposition(
      backend: .scenario(try #require(BuiltInScenarios.named("session-expired"))),
      deadline: PaymentMethodsUseCase.defaultDeadline,
      environment: BackendClient.Environment(
        clock: ScenarioTimeClock(deadline: PaymentMethodsUseCase.defaultDeadline),
        now: { now }),
      logger: log, storage: Storage(options, variables: [:]))
    let waiting = FinishedChanges([
      .init(
        try #require(try await pending(in: folder).first), ending: .waitsForSignIn)
    ])
    let list = composition.paymentMethodsViewModel(telling: waiting)
    await list.load().value
    #expect(try await pending(in: folder).count == 1)

    // What the screen's sign-in button does: the scenario's way out, then signing in.
    await composition.userActed()
    await list.signIn().value

    #expect(try await pending(in: folder).isEmpty)
    guard case .loaded(let methods) = list.state else {
      Issue.record("the list did not load once signed in")
      return
    }
    #expect(methods.message == "Removing a card, from last time, is done.")
    let messages = log.entries.map(\.message)
    let signedIn = try #require(messages.firstIndex(of: "signed in: a new session"))
    #expect(messages[signedIn...].contains { $0.hasPrefix("finished a pending change") })
  }

  @Test(
    "every command that runs the app finishes the change first",
    arguments: [
      [
        "add-card", "--number", "5555 5555 5555 4444", "--expiry", "09/29", "--cvc", "123",
        "--name", "Ada",
      ],
      ["set-default", "--wallet"], ["remove-card", "--id", "card-2"],
      ["update-card", "--id", "card-2", "--expiry", "01/30"],
    ])
  func everyCommand(command: [String]) async throws {
    let folder = try TemporaryFolder()
    let key = try await changeLeftBehind(in: folder)
    let online = try RecordingServer("all-available")

    let run = await runCLI(
      command + ["--json", "--cache-dir", folder.path] + Self.server, serverAccess: online.access)

    #expect(run.errors.hasPrefix("Finishing your last change: removing Visa •••• 4242…\n"))
    #expect(online.keys(of: .removeCard).first == key)
    #expect(try await pending(in: folder).isEmpty)
    #expect(try printedJSON(run)["status"] != nil)
  }

  @Test("the interactive screen's list says what finishing came to, as stderr is hidden there")
  func interactiveListSaysIt() async throws {
    let composition = InteractiveFixtures.composition("all-available")
    let kept = FinishedChanges.Finished(
      PendingChange(
        .makeDefault(.wallet), idempotencyKey: "key-1", person: "demo", startedAt: Date()),
      ending: .kept)
    let list = composition.paymentMethodsViewModel(telling: FinishedChanges([kept]))

    await list.load().value

    guard case .loaded(let methods) = list.state else {
      Issue.record("the list did not load")
      return
    }
    #expect(
      methods.message?.hasPrefix("Making your wallet your default, from last time, got no answer")
        == true)
  }

  @Test("in German, the line is the CLI table's")
  func german() async throws {
    let folder = try TemporaryFolder()
    _ = try await changeLeftBehind(in: folder)

    let run = await runCLI(
      ["--once", "--locale", "de_DE", "--cache-dir", folder.path] + Self.server,
      serverAccess: try RecordingServer("all-available").access)

    #expect(
      run.errors
        == "Deine letzte Änderung wird abgeschlossen: das Entfernen von Visa •••• 4242…\n"
        + "Das Entfernen von Visa •••• 4242 vom letzten Mal ist erledigt.\n")
  }

  @Test("with nothing pending, nothing is said and nothing is sent before the list loads")
  func nothingPending() async throws {
    let folder = try TemporaryFolder()
    let online = try RecordingServer("all-available")

    let run = await runCLI(
      ["--json", "--cache-dir", folder.path] + Self.server, serverAccess: online.access)

    #expect(run.exitCode == .success)
    #expect(run.errors.isEmpty)
    #expect(online.sent.all.isEmpty)
  }

  @Test("a removal sent offline is not finished later: the screen said it failed")
  func offlineRemovalIsNotFinished() async throws {
    let folder = try TemporaryFolder()
    let offline = try RecordingServer("remove-card-offline-then-ok")
    let failed = await runCLI(
      ["remove-card", "--id", "card-1", "--cache-dir", folder.path] + Self.server,
      serverAccess: offline.access)
    let online = try RecordingServer("remove-card-ok")

    let next = await runCLI(
      ["--json", "--cache-dir", folder.path] + Self.server, serverAccess: online.access)

    #expect(failed.exitCode == .temporaryFailure)
    #expect(offline.keys(of: .removeCard).count == 1)
    #expect(next.errors.isEmpty)
    #expect(online.keys(of: .removeCard).isEmpty)
    #expect(try rowsAndNotices(next).0.map { $0["id"] as? String }.contains("card-1"))
  }

  @Test("a change that gets no answer again stays in the journal for the run after")
  func keptWhenStillOffline() async throws {
    let folder = try TemporaryFolder()
    let key = try await changeLeftBehind(in: folder)
    let stillOffline = try RecordingServer("offline")

    let run = await runCLI(
      ["--json", "--cache-dir", folder.path] + Self.server, serverAccess: stillOffline.access)

    #expect(
      run.errors
        == "Finishing your last change: removing Visa •••• 4242…\nRemoving Visa •••• 4242, from "
        + "last time, got no answer yet: it will be sent again the next time you open the "
        + "app.\n")
    #expect(stillOffline.keys(of: .removeCard) == [key])
    #expect(try await pending(in: folder).map(\.idempotencyKey) == [key])
  }

  @Test("a scenario without --cache-dir keeps no journal: the user's folders stay empty")
  func scenarioKeepsNoJournal() async throws {
    let home = try TemporaryFolder()
    let run = await runCLI(
      ["remove-card", "--id", "card-1", "--scenario", "remove-card-offline-then-ok"],
      environment: ["HOME": home.path, "XDG_STATE_HOME": home.path, "XDG_CACHE_HOME": home.path])

    #expect(run.exitCode == .temporaryFailure)
    #expect(home.entries() == [])
  }
}
