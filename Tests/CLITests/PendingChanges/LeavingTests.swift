import DataLayer
import DemoBackend
import Domain
import Foundation
import TestSupport
import Testing

@testable import CLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Leaving while a change waits for its answer (`q`, Ctrl-C, SIGTERM), with the built
/// binary: on the screen, on the accessible screen, and from the commands. Once the
/// terminal is given back, one line says what becomes of the change. Every change here is
/// scripted to take a minute, so each test leaves it waiting; each waits for the request
/// to be sent (the log's `→` line) before it leaves, never for a fixed time.
@Suite("Leaving during a change says what becomes of it", .serialized, .timeLimit(.minutes(1)))
struct LeavingTests {
  /// A scenario file whose changes to a saved card each take a minute to answer, with the
  /// demo's cards and, with `expiredCard`, an expired Mastercard 4444 as card 2. Written in
  /// `folder`.
  private func slowChanges(in folder: TemporaryFolder, expiredCard: Bool = false) throws -> URL {
    let slow = #"{"outcome": "ok", "latencyMs": 60000}"#
    let cards =
      expiredCard
      ? #""cards": {"outcome": "ok", "cards": ["#
        + #"{"brand": "Visa", "last4": "4242", "expiry": "08/28", "status": "active"}, "#
        + #"{"brand": "Mastercard", "last4": "4444", "expiry": "01/24", "status": "expired"}"#
        + #"]}, "#
      : ""
    let json = "{\(cards)\"removeCard\": \(slow), \"setDefault\": \(slow), \"updateCard\": \(slow)}"
    let file = folder.url.appendingPathComponent("slow-changes.json")
    try Data(json.utf8).write(to: file)
    return file
  }

  /// The journal a run keeps in `folder`, read as the next run reads it: what each pending
  /// change changes.
  private func pending(in folder: TemporaryFolder) async throws -> [PendingChange.Subject] {
    try await FilePendingChangeStore(directory: folder.url, logger: SilentLog())
      .changes(of: ScenarioBackend.demoUsername).sorted { $0.place < $1.place }.map(\.subject)
  }

  /// What the terminal showed after the screen closed (the alternate screen left).
  private func afterTheScreen(_ terminal: PseudoTerminal) throws -> String {
    let closed = try #require(terminal.end(of: "\u{1B}[?1049l"), "the screen never closed")
    return String(decoding: terminal.output[closed...], as: UTF8.self)
  }

  @Test("q while a row says Removing…: one line says it is kept, and the journal keeps it")
  func quitWhileRemovingWithAJournal() async throws {
    let (scripts, cache) = (try TemporaryFolder(), try TemporaryFolder())
    let terminal = try PseudoTerminal([
      "--scenario-file", try slowChanges(in: scripts).path, "--cache-dir", cache.path,
      "--verbose",
    ])
    try #require(await terminal.waiting(for: "Enter select"))
    let before = terminal.output.count
    terminal.send("jxy")
    try #require(await terminal.waiting(for: "[debug] → DELETE /cards/{id}", after: before))

    terminal.send("q")

    #expect(await terminal.exiting() == 0)
    #expect(
      try afterTheScreen(terminal)
        == "Removing Visa •••• 4242 had no answer yet when you left. It is kept, and will be\r\n"
        + "sent again the next time you open the app.\r\n")
    #expect(try await pending(in: cache) == [.removal(cardID: "1")])
  }

  @Test("q while a row says Removing…, without a journal: the line promises nothing")
  func quitWhileRemovingWithoutAJournal() async throws {
    let scripts = try TemporaryFolder()
    let terminal = try PseudoTerminal([
      "--scenario-file", try slowChanges(in: scripts).path, "--verbose",
    ])
    try #require(await terminal.waiting(for: "Enter select"))
    let before = terminal.output.count
    terminal.send("jxy")
    try #require(await terminal.waiting(for: "[debug] → DELETE /cards/{id}", after: before))

    terminal.send("q")

    #expect(await terminal.exiting() == 0)
    #expect(
      try afterTheScreen(terminal)
        == "Removing Visa •••• 4242 had no answer yet when you left. Whether it was made is\r\n"
        + "not known: your list will show it the next time you open the app.\r\n")
  }

  @Test("SIGTERM while the wallet is made the default, in German: the line is German, 143")
  func terminatedWhileMakingDefaultInGerman() async throws {
    let (scripts, cache) = (try TemporaryFolder(), try TemporaryFolder())
    let terminal = try PseudoTerminal([
      "--scenario-file", try slowChanges(in: scripts).path, "--cache-dir", cache.path,
      "--verbose", "--locale", "de_DE",
    ])
    try #require(await terminal.waiting(for: "Enter auswählen"))
    let before = terminal.output.count
    terminal.send("d")
    try #require(
      await terminal.waiting(for: "[debug] → PUT /me/default-payment-method", after: before))

    kill(terminal.pid, SIGTERM)

    #expect(await terminal.exiting() == 143)
    #expect(
      try afterTheScreen(terminal)
        == "Darauf, Wallet zu deiner Standard-Zahlungsart zu machen, kam noch keine Antwort,\r\n"
        + "als du gegangen bist. Die Änderung bleibt gespeichert und wird beim nächsten\r\n"
        + "Öffnen der App noch einmal gesendet.\r\n")
    #expect(try await pending(in: cache) == [.defaultMethod])
  }

  @Test("SIGTERM while the expiry form saves: the new expiry is kept, and the line says so")
  func terminatedWhileSavingAnExpiry() async throws {
    let (scripts, cache) = (try TemporaryFolder(), try TemporaryFolder())
    let terminal = try PseudoTerminal([
      "--scenario-file", try slowChanges(in: scripts, expiredCard: true).path, "--cache-dir",
      cache.path, "--verbose",
    ])
    try #require(await terminal.waiting(for: "Enter select"))
    terminal.send("jj")
    try #require(await terminal.waiting(for: "e new expiry"))
    terminal.send("e")
    try #require(await terminal.waiting(for: "Esc back"))
    let before = terminal.output.count
    terminal.send("0130\r")
    try #require(await terminal.waiting(for: "[debug] → PATCH /cards/{id}", after: before))

    kill(terminal.pid, SIGTERM)

    #expect(await terminal.exiting() == 143)
    #expect(
      try afterTheScreen(terminal)
        == "The new expiry for Mastercard •••• 4444 had no answer yet when you left. It is\r\n"
        + "kept, and will be sent again the next time you open the app.\r\n")
    #expect(try await pending(in: cache) == [.expiry(cardID: "2")])
  }

  @Test("Ctrl-C on the accessible screen while a removal waits: 130, the card read as spoken")
  func interruptedOnTheAccessibleScreen() async throws {
    let (scripts, cache) = (try TemporaryFolder(), try TemporaryFolder())
    let terminal = try PseudoTerminal([
      "--accessible", "--scenario-file", try slowChanges(in: scripts).path, "--cache-dir",
      cache.path, "--verbose",
    ])
    try #require(await terminal.waiting(for: "1 to 4 select a row"))
    terminal.send("2\r")
    try #require(await terminal.waiting(for: "x remove"))
    terminal.send("x\r")
    try #require(await terminal.waiting(for: "Remove Visa ending in 4242?"))
    let before = terminal.output.count
    terminal.send("y\r")
    try #require(await terminal.waiting(for: "[debug] → DELETE /cards/{id}", after: before))
    let sent = terminal.output.count

    // The terminal's own Ctrl-C: line mode leaves it to send SIGINT.
    terminal.send("\u{03}")

    #expect(await terminal.exiting() == 130)
    let after = String(decoding: terminal.output[sent...], as: UTF8.self)
    #expect(
      after.hasSuffix(
        "Removing Visa ending in 4242 had no answer yet when you left. It is kept, and\r\n"
          + "will be sent again the next time you open the app.\r\n"))
    #expect(try await pending(in: cache) == [.removal(cardID: "1")])
  }

  @Test("Ctrl-C on the form while the bank is asked: the card was not added, its setup cancelled")
  func quitWhileTheBankIsAsked() async throws {
    let terminal = try PseudoTerminal(["--scenario", "add-card-3ds-timeout"])
    try #require(await terminal.waiting(for: "a add a card"))
    terminal.send("a")
    try #require(await terminal.waiting(for: "Esc back"))
    terminal.send("5555 5555 5555 4444\t09/29\t123\tAda Lovelace")
    try #require(await terminal.waiting(for: "Ada Lovelace"))
    let before = terminal.output.count
    terminal.send("\r")
    try #require(await terminal.waiting(for: "Waiting for your bank", after: before))

    terminal.send("\u{03}")

    #expect(await terminal.exiting() == 0)
    #expect(
      try afterTheScreen(terminal)
        == "The card was not added: you left while your bank was asked to approve it, and\r\n"
        + "its setup was cancelled.\r\n")
  }

  @Test("SIGTERM while remove-card waits for its answer: one line says it is kept, then 143")
  func terminatedRemoveCard() async throws {
    let (scripts, cache) = (try TemporaryFolder(), try TemporaryFolder())
    let live = try LiveProcess([
      "remove-card", "--id", "card-1", "--scenario-file", try slowChanges(in: scripts).path,
      "--cache-dir", cache.path, "--verbose",
    ])
    defer { live.stop() }
    try #require(
      await live.waitingForError(containing: "[debug] → DELETE /cards/{id}", seconds: 10))

    kill(live.process.processIdentifier, SIGTERM)
    try #require(await live.exiting(seconds: 10))

    #expect(live.process.terminationReason == .exit)
    #expect(live.process.terminationStatus == 143)
    #expect(live.errors.contains("[debug] ← DELETE /cards/{id} cancelled"), "its request cancelled")
    #expect(
      live.errors.hasSuffix(
        "\nRemoving Visa •••• 4242 had no answer yet when you left. It is kept, and will be "
          + "sent again the next time you open the app.\n"))
    #expect(live.output.fileHandleForReading.readDataToEndOfFile().isEmpty)
    #expect(try await pending(in: cache) == [.removal(cardID: "1")])
  }

  @Test("Ctrl-C while add-card waits for the bank: one line says the card was not added, then 130")
  func interruptedAddCard() async throws {
    let live = try LiveProcess([
      "add-card", "--scenario", "add-card-3ds-timeout", "--number", "5555 5555 5555 4444",
      "--expiry", "08/29", "--cvc", "123", "--name", "Ada Lovelace",
    ])
    defer { live.stop() }
    try #require(await live.waitingForError(containing: "Ctrl-C stops waiting.", seconds: 10))

    kill(live.process.processIdentifier, SIGINT)
    try #require(await live.exiting(seconds: 10))

    #expect(live.process.terminationStatus == 130)
    #expect(
      live.errors.hasSuffix(
        "Ctrl-C stops waiting.\nThe card was not added: you left while your bank was asked to "
          + "approve it, and its setup was cancelled.\n"))
  }
}

/// The commands' way out, in-process: a server that leaves each change unanswered until its
/// request is cancelled, and a stop signal that comes once the change has reached it.
@MainActor
@Suite("Leaving a command while its change waits", .timeLimit(.minutes(1)))
struct LeavingCommandTests {
  private static let server = ["--backend-url", "http://127.0.0.1:8080"]

  /// The journal kept in `folder`, read as the next run reads it: what each change changes.
  private func pending(in folder: TemporaryFolder) async throws -> [PendingChange.Subject] {
    try await FilePendingChangeStore(directory: folder.url, logger: SilentLog())
      .changes(of: ScenarioBackend.demoUsername).sorted { $0.place < $1.place }.map(\.subject)
  }

  /// Runs `arguments` against a server that holds the change until it is cancelled, and
  /// sends `stopSignal` the moment the change arrives there.
  private func stopped(
    _ arguments: [String], by stopSignal: StopSignal, scenario: Scenario = HeldChangeServer.every
  ) async -> CLIRun {
    let signals = StopSignalAtTheChange(stopSignal)
    let server = HeldChangeServer(signals: signals, scenario: scenario)
    return await runCLI(
      arguments + Self.server, serverAccess: server.access, stopSignals: signals)
  }

  @Test("SIGTERM while update-card waits: the new expiry is kept, and the line says so, 143")
  func terminatedUpdateCard() async throws {
    let folder = try TemporaryFolder()

    // cards-expired's card-2 has expired: only an expired card takes a new expiry.
    let expired = try #require(BuiltInScenarios.named("cards-expired"))
    let run = await stopped(
      ["update-card", "--id", "card-2", "--expiry", "01/30", "--cache-dir", folder.path],
      by: .terminate, scenario: expired)

    #expect(run.exitCode == .terminated)
    #expect(run.output.isEmpty)
    #expect(
      run.errors
        == "The new expiry for Mastercard •••• 4444 had no answer yet when you left. It is kept, "
        + "and will be sent again the next time you open the app.\n")
    #expect(try await pending(in: folder) == [.expiry(cardID: "2")])
  }

  @Test("Ctrl-C while set-default waits, with no journal: the line promises nothing, 130")
  func interruptedSetDefaultWithoutAJournal() async throws {
    let run = await stopped(["set-default", "--id", "card-2", "--no-cache"], by: .interrupt)

    #expect(run.exitCode == .interrupted)
    #expect(run.output.isEmpty)
    #expect(
      run.errors
        == "Making Mastercard •••• 5454 your default had no answer yet when you left. Whether it "
        + "was made is not known: your list will show it the next time you open the app.\n")
  }

  @Test("a change the journal does not hold is never said to be kept")
  func notHeldIsNotKept() async {
    let removal = WaitingChange(
      kind: .removal, title: "Visa •••• 4242", subject: .removal(cardID: "1"))
    let another = PendingChange(
      .remove(cardID: "2"), idempotencyKey: "key-2", person: "demo",
      startedAt: Date(timeIntervalSince1970: 1_800_000_000))

    let lines = await WaitingChange.lines(
      for: [removal], pending: Self.pending(InMemoryJournal([another])), words: .english)

    #expect(
      lines == [
        "Removing Visa •••• 4242 had no answer yet when you left. Whether it was made is not "
          + "known: your list will show it the next time you open the app."
      ])
  }

  @Test("a journal that cannot be read vouches for nothing: the line promises nothing")
  func unreadableJournalKeepsNothing() async {
    let removal = WaitingChange(
      kind: .removal, title: "Visa •••• 4242", subject: .removal(cardID: "1"))
    let held = PendingChange(
      .remove(cardID: "1"), idempotencyKey: "key-1", person: "demo",
      startedAt: Date(timeIntervalSince1970: 1_800_000_000))

    let lines = await WaitingChange.lines(
      for: [removal], pending: Self.pending(InMemoryJournal([held], failsToRead: true)),
      words: .english)

    #expect(lines.allSatisfy { $0.contains("Whether it was made is not known") })
    #expect(lines.count == 1)
  }

  @Test("a card's name from the backend is said escaped: it cannot act on the terminal")
  func titleIsEscaped() async {
    let removal = WaitingChange(
      kind: .removal, title: "Visa\u{1B}[2J\n•••• 4242", subject: .removal(cardID: "1"))

    let lines = await WaitingChange.lines(for: [removal], pending: nil, words: .english)

    #expect(lines.first?.hasPrefix(#"Removing Visa\u{1B}[2J\u{0A}•••• 4242 had no answer"#) == true)
    #expect(lines.first?.contains("\u{1B}") == false)
  }
}

/// A server that plays `all-available`, but holds each change to a saved card until its
/// request is cancelled, telling `signals` the moment one arrives. A run that does not
/// listen for a stop signal then gets the scenario's answer, so that it ends, and fails the
/// test rather than hanging it.
private final class HeldChangeServer: PaymentsBackend {
  /// Every method available, as `all-available`.
  static let every = Scenario(name: "held-changes", summary: "Every method available.")
  let backend: ScenarioBackend
  let signals: StopSignalAtTheChange

  init(signals: StopSignalAtTheChange, scenario: Scenario = every) {
    self.signals = signals
    self.backend = ScenarioBackend(
      scenario: scenario, clock: ScenarioTimeClock(deadline: .seconds(3)))
  }

  func send(_ request: BackendRequest) async throws -> BackendResponse {
    switch request.endpoint {
    case .removeCard, .setDefault, .updateCard:
      guard await signals.changeArrived() else { return try await backend.send(request) }
      try await suspendUntilCancelled()
      throw CancellationError()
    default:
      return try await backend.send(request)
    }
  }

  var access: ServerAccess { .linked { [self] _, _ in self } }
}

/// The stop signal a person sends while a change waits: sent the moment the change reaches
/// the server, to the run listening for one.
@MainActor
private final class StopSignalAtTheChange: StopSignalSource {
  private let stopSignal: StopSignal
  private var handler: ((StopSignal) -> Void)?

  init(_ stopSignal: StopSignal) {
    self.stopSignal = stopSignal
  }

  func start(_ handler: @escaping @MainActor (StopSignal) -> Void) {
    self.handler = handler
  }

  func stop() {
    handler = nil
  }

  /// Sends the stop signal; false when the run does not listen for one.
  func changeArrived() -> Bool {
    guard let handler else { return false }
    handler(stopSignal)
    return true
  }
}

extension LeavingCommandTests {
  /// The demo user's pending changes, kept in `store`.
  fileprivate static func pending(_ store: InMemoryJournal) -> PendingChangesKeeper {
    PendingChangesKeeper(store: store, person: "demo", logger: SilentLog())
  }
}
