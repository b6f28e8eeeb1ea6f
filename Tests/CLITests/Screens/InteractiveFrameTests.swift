import Foundation
import Presentation
import TestSupport
import Testing

@testable import CLI

/// What the interactive screen looks like on its main paths, as golden frames, and that
/// every frame fits its terminal.
@MainActor
@Suite("Interactive screen: golden frames", .timeLimit(.minutes(1)))
struct InteractiveFrameTests {
  private let size = Terminal.Size(columns: 80, rows: 24)
  private let frame = InteractiveFrame(palette: Palette(isEnabled: false))

  private func render(_ model: InteractiveScreen, _ snapshot: ScreenSnapshot, log: [String] = [])
    -> String
  {
    frame.render(model, snapshot, log: log, size: size).joined(separator: "\n") + "\n"
  }

  /// The add-card form of `scenario`, filled in and sent, once `phase` holds.
  private func cardForm(
    _ scenario: String, approvalClock: (any Clock<Duration>)? = nil,
    until phase: AddCardViewModel.Phase
  ) async -> (AddCardViewModel, Task<Void, Never>) {
    let form = InteractiveFixtures.composition(scenario, approvalClock: approvalClock)
      .addCardViewModel()
    form.edit(.number, to: "5555 5555 5555 4444")
    form.edit(.expiry, to: "09/29")
    form.edit(.securityCode, to: "123")
    form.edit(.name, to: "Ada Lovelace")
    let submission = form.submit()
    // The suite's time limit ends a wait that never would.
    while form.phase != phase { await Task.yield() }
    return (form, submission)
  }

  @Test("a card waiting for its bank: the approval in the form's place, Esc to stop waiting")
  func waitingForTheBank() async {
    let (form, submission) = await cardForm("add-card-3ds-timeout", until: .waitingForBank)
    var model = InteractiveScreen(screen: .paymentMethods)
    model.form = CardFormScreen()
    let snapshot = await InteractiveFixtures.snapshot("add-card-3ds-timeout")

    let boxed = frame.render(model, snapshot, form: CardFormSnapshot(form), log: [], size: size)
    let spoken = AccessibleFrame(words: TerminalWords(locale: UserLocale.fallback)).lines(
      model, snapshot, form: CardFormSnapshot(form), log: [])

    GoldenFile.check(boxed.joined(separator: "\n") + "\n", against: "interactive/bank-waiting.txt")
    GoldenFile.check(
      spoken.joined(separator: "\n") + "\n", against: "interactive/bank-waiting-accessible.txt")
    form.cancel()
    await submission.value
  }

  @Test("a bank that did not answer in time: its words where the wait was, r to try again")
  func bankDidNotAnswer() async {
    let (form, submission) = await cardForm(
      "add-card-3ds-timeout", approvalClock: AdvancingClock(), until: .bankDidNotAnswer)
    var model = InteractiveScreen(screen: .paymentMethods)
    model.form = CardFormScreen()
    let snapshot = await InteractiveFixtures.snapshot("add-card-3ds-timeout")
    await submission.value

    let boxed = frame.render(model, snapshot, form: CardFormSnapshot(form), log: [], size: size)

    GoldenFile.check(
      boxed.joined(separator: "\n") + "\n", against: "interactive/bank-timed-out.txt")
    #expect(
      model.handle(.character("r"), on: snapshot, form: CardFormSnapshot(form)) == [
        .waitForBankAgain
      ])
    #expect(
      model.handle(.escape, on: snapshot, form: CardFormSnapshot(form)) == [
        .stopWaitingForBank
      ])
  }

  @Test("the list, the cursor on the second row")
  func list() async {
    var model = InteractiveScreen(screen: .paymentMethods)
    let snapshot = await InteractiveFixtures.snapshot("all-available")
    _ = model.handle(.down, on: snapshot)

    GoldenFile.check(render(model, snapshot), against: "interactive/list.txt")
  }

  @Test("an error trying again can help with offers r")
  func retryable() async {
    let snapshot = await InteractiveFixtures.snapshot("offline")

    GoldenFile.check(
      render(InteractiveScreen(screen: .paymentMethods), snapshot),
      against: "interactive/offline.txt")
  }

  @Test("a journey offers its button on Enter")
  func journey() async {
    let snapshot = await InteractiveFixtures.snapshot("session-expired")

    GoldenFile.check(
      render(InteractiveScreen(screen: .paymentMethods), snapshot),
      against: "interactive/session-expired.txt")
  }

  @Test("after Enter on a locked person: how to reach support, with the reference")
  func support() async {
    var model = InteractiveScreen(screen: .paymentMethods)
    let snapshot = await InteractiveFixtures.snapshot("user-locked")
    _ = model.handle(.enter, on: snapshot)

    GoldenFile.check(render(model, snapshot), against: "interactive/user-locked-support.txt")
  }

  @Test("the help panel lists every key")
  func help() async {
    var model = InteractiveScreen(screen: .paymentMethods)
    // A session that makes changes, as the app's does: the help lists x, d and e.
    (model.rowChanges, model.expiryUpdates) = (true, true)
    let snapshot = await InteractiveFixtures.snapshot("all-available")
    _ = model.handle(.character("?"), on: snapshot)

    GoldenFile.check(render(model, snapshot), against: "interactive/help.txt")
  }

  @Test("in German, the help names each key as a German keyboard labels it")
  func germanHelp() async {
    let german = Locale(identifier: "de_DE")
    let frame = InteractiveFrame(
      palette: Palette(isEnabled: false), words: TerminalWords(locale: german))
    var model = InteractiveScreen(screen: .paymentMethods)
    (model.rowChanges, model.expiryUpdates) = (true, true)
    let snapshot = await InteractiveFixtures.snapshot("all-available", locale: german)
    _ = model.handle(.character("?"), on: snapshot)

    let boxed = frame.render(model, snapshot, log: [], size: size).joined(separator: "\n")
    let spoken = AccessibleFrame(words: TerminalWords(locale: german)).lines(
      model, snapshot, form: nil, log: [])

    GoldenFile.check(boxed + "\n", against: "de/help.txt")
    GoldenFile.check(spoken.joined(separator: "\n") + "\n", against: "de/help-accessible.txt")
  }

  @Test(
    "on a short terminal the help scrolls, so every key can be read",
    arguments: [(80, 10), (40, 8)] as [(Int, Int)])
  func helpScrolls(columns: Int, rows: Int) async {
    let size = Terminal.Size(columns: columns, rows: rows)
    var model = InteractiveScreen(screen: .paymentMethods)
    let snapshot = await InteractiveFixtures.snapshot("all-available")
    _ = model.handle(.character("?"), on: snapshot)
    let limit = frame.helpScrollLimit(model, snapshot, size: size)

    var seen = ""
    for _ in 0...limit {
      let lines = frame.render(model, snapshot, log: [], size: size)
      #expect(lines.count <= rows)
      #expect(lines.last?.contains("q quit") == true)
      seen += lines.joined(separator: "\n")
      _ = model.handle(.down, on: snapshot)
    }

    #expect(limit > 0)
    #expect(frame.render(model, snapshot, log: [], size: size).last?.contains("↑↓ scroll") == true)
    for (keys, _) in frame.help(model) {
      #expect(seen.contains(keys.prefix(columns - 1)), "\(keys) at \(columns)×\(rows)")
    }
  }

  @Test("on a short terminal l shows the log, in the screen's place")
  func logOnAShortTerminal() async {
    let size = Terminal.Size(columns: 80, rows: 15)
    var model = InteractiveScreen(screen: .paymentMethods)
    let snapshot = await InteractiveFixtures.snapshot("all-available")
    _ = model.handle(.character("l"), on: snapshot)

    let lines = frame.render(model, snapshot, log: ["  10 ms  [debug] the newest line"], size: size)

    #expect(lines.count <= 15)
    #expect(lines.contains { $0.contains("the newest line") })
  }

  @Test("the log panel shows the newest lines that fit, above the footer")
  func logPanel() async {
    var model = InteractiveScreen(screen: .paymentMethods)
    let snapshot = await InteractiveFixtures.snapshot("offline")
    _ = model.handle(.character("l"), on: snapshot)
    let log = (1...40).map { "  \($0 * 10) ms  [debug] line \($0)" }

    let text = render(model, snapshot, log: log)

    GoldenFile.check(text, against: "interactive/log.txt")
    #expect(text.contains("line 40"))
    #expect(!text.contains("line 1\n"))
  }

  @Test("the log panel keeps the times right-aligned, as --verbose prints them")
  func logPanelAlignment() async {
    var model = InteractiveScreen(screen: .paymentMethods)
    let snapshot = await InteractiveFixtures.snapshot("offline")
    _ = model.handle(.character("l"), on: snapshot)

    let lines = frame.render(
      model, snapshot, log: ["    12 ms  [debug] one", "   120 ms  [debug] two"], size: size)

    #expect(lines.contains("    12 ms  [debug] one"))
    #expect(lines.contains("   120 ms  [debug] two"))
  }

  @Test("a word longer than the log panel (a file's path) is broken under its time, not cut")
  func logPanelBreaksALongWord() async throws {
    var model = InteractiveScreen(screen: .paymentMethods)
    let snapshot = await InteractiveFixtures.snapshot("offline")
    _ = model.handle(.character("l"), on: snapshot)
    let path = "/tmp/payment-methods-300ea59c-8a41-4afb-afb7-d792093a2d34/saved-list-demo.json"

    let lines = frame.render(
      model, snapshot, log: ["     0 ms  [debug] the local copy is kept in \(path), for this run"],
      size: size)

    let start = try #require(lines.firstIndex { $0.hasSuffix("the local copy is kept in") })
    let broken = lines.dropFirst(start + 1).prefix(2)
    #expect(broken.allSatisfy { $0.hasPrefix(String(repeating: " ", count: 11)) })
    #expect(broken.map { $0.dropFirst(11) }.joined() == path + ", for this run")
  }

  @Test("on a short terminal the highlighted row stays in sight, and each cut side says so")
  func shortTerminalFollowsTheCursor() async {
    let short = Terminal.Size(columns: 80, rows: 8)
    var model = InteractiveScreen(screen: .paymentMethods)
    let snapshot = await InteractiveFixtures.snapshot("all-available")

    let first = frame.render(model, snapshot, log: [], size: short)
    for _ in 0..<3 { _ = model.handle(.down, on: snapshot) }
    let last = frame.render(model, snapshot, log: [], size: short)

    #expect(first.count == 8)
    #expect(first.contains("│ ▸○ Wallet                                      │"))
    #expect(first.contains("│    Balance €125.50                             │"))
    #expect(first.contains("  ↓ more below"))
    #expect(last.contains("│ ▸○ Apple Pay                                   │"))
    #expect(last.contains("│    Ready to use                                │"))
    #expect(last.contains("  ↑ more above"))
    #expect(!last.contains("  ↓ more below"), "the box's end is in sight")
  }

  @Test(
    "on a short terminal j brings the notice where the cards would be into sight, its title whole",
    arguments: [(40, 8), (80, 10)] as [(Int, Int)])
  func shortTerminalReachesTheNotice(columns: Int, rows: Int) async {
    let size = Terminal.Size(columns: columns, rows: rows)
    var model = InteractiveScreen(screen: .paymentMethods)
    let snapshot = await InteractiveFixtures.snapshot("cards-offline")

    // From the first row to the last, one j at a time.
    var frames = [frame.render(model, snapshot, log: [], size: size)]
    for _ in 0..<4 {
      _ = model.handle(.character("j"), on: snapshot)
      frames.append(frame.render(model, snapshot, log: [], size: size))
    }

    let reached = frames.first { lines in lines.contains { $0.contains("✖ You're offline") } }
    #expect(reached?.contains { $0.contains("We couldn't load your") } == true)
    #expect(reached?.last?.contains("q quit") == true, "the footer stays in sight")
    #expect(frames.last?.contains { $0.contains("▸○ Apple Pay") } == true, "and on to the last row")
  }

  @Test(
    "on a short terminal the question to remove a card stays in sight, under its row",
    arguments: [(40, 8), (80, 10)] as [(Int, Int)])
  func shortTerminalKeepsTheQuestion(columns: Int, rows: Int) async throws {
    var model = InteractiveScreen(screen: .paymentMethods)
    model.rowChanges = true
    let snapshot = await InteractiveFixtures.snapshot("all-available")
    let card = try #require(snapshot.methods.lastIndex { $0.kind == .card })
    for _ in 0..<card { _ = model.handle(.down, on: snapshot) }
    _ = model.handle(.character("x"), on: snapshot)

    let lines = frame.render(
      model, snapshot, log: [], size: Terminal.Size(columns: columns, rows: rows))

    #expect(lines.count <= rows)
    #expect(lines.contains { $0.contains("Remove Mastercard") })
    #expect(
      lines.contains { $0.contains("▸") && $0.contains("Mastercard") }, "and the row it asks about")
    #expect(lines.last?.contains("n Esc keep") == true)
  }

  @Test(
    "on a tiny terminal a question keeps every key of its footer: only ? help's footer is cut",
    arguments: ["en_US", "de_DE"])
  func tinyQuestionKeepsItsKeys(identifier: String) async throws {
    let frame = InteractiveFrame(
      palette: Palette(isEnabled: false),
      words: TerminalWords(locale: .init(identifier: identifier)))
    var model = InteractiveScreen(screen: .paymentMethods)
    model.rowChanges = true
    let snapshot = await InteractiveFixtures.snapshot("all-available")
    for _ in 0..<2 { _ = model.handle(.down, on: snapshot) }
    _ = model.handle(.character("x"), on: snapshot)

    let lines = frame.render(model, snapshot, log: [], size: Terminal.Size(columns: 20, rows: 5))

    #expect(lines.contains { $0.contains("Esc") }, "the way out of the question")
  }

  @Test("on a short terminal the box's message, the answer to the last key, stays in sight")
  func shortTerminalKeepsTheMessage() async {
    let model = InteractiveScreen(screen: .paymentMethods)
    var snapshot = await InteractiveFixtures.snapshot("all-available")
    snapshot.message = "Apple Pay selected."

    let lines = frame.render(model, snapshot, log: [], size: Terminal.Size(columns: 80, rows: 10))

    #expect(lines.contains { $0.contains("i Apple Pay selected.") })
    #expect(lines.contains { $0.contains("▸○ Wallet") }, "the cursor's row too")
    #expect(lines.contains("  ↓ more below"), "and the rows between say they are cut")
  }

  @Test("on a short terminal a journey's button stays in sight")
  func shortTerminalKeepsTheButton() async {
    let model = InteractiveScreen(screen: .paymentMethods)
    let snapshot = await InteractiveFixtures.snapshot("user-locked")

    let lines = frame.render(model, snapshot, log: [], size: Terminal.Size(columns: 30, rows: 12))

    #expect(lines.contains { $0.contains("[ Contact support ]") })
    #expect(lines.contains("  ↑ more above"))
  }

  @Test("on a short terminal what Enter found out on a journey stays in sight with the button")
  func shortTerminalKeepsTheAnswer() async {
    var model = InteractiveScreen(screen: .paymentMethods)
    let snapshot = await InteractiveFixtures.snapshot("user-locked")
    _ = model.handle(.enter, on: snapshot)

    let lines = frame.render(model, snapshot, log: [], size: Terminal.Size(columns: 30, rows: 12))

    #expect(lines.contains { $0.contains("[ Contact support ]") })
    #expect(lines.contains { $0.contains("i Reach support from") })
  }

  @Test("a key's hint wider than the terminal wraps at its words instead of being cut")
  func narrowFooter() async {
    let model = InteractiveScreen(screen: .paymentMethods)
    let snapshot = await InteractiveFixtures.snapshot("user-not-verified")

    let lines = frame.render(model, snapshot, log: [], size: Terminal.Size(columns: 20, rows: 40))

    #expect(lines.contains("Enter Check my"))
    #expect(lines.contains("status again"))
  }

  @Test(
    "as many lines as there is room for, the focus among them",
    arguments: 1...6, 0..<9)
  func window(room: Int, focus: Int) {
    let lines = (0..<10).map { "line \($0)" }

    let shown = frame.visible(lines, keeping: focus..<(focus + 2), room: room, width: 80)

    #expect(shown.count == room)
    #expect(shown.contains("line \(focus)"))
    if room >= 4 { #expect(shown.contains("line \(focus + 1)")) }
  }

  @Test(
    "every frame fits its terminal, at any size",
    arguments: [(80, 24), (40, 20), (30, 12), (24, 10), (120, 8)] as [(Int, Int)])
  func fits(columns: Int, rows: Int) async throws {
    try #require(TerminalCells.isReady)
    let size = Terminal.Size(columns: columns, rows: rows)
    for scenario in ["all-available", "user-locked", "offline"] {
      var model = InteractiveScreen(screen: .paymentMethods)
      let snapshot = await InteractiveFixtures.snapshot(scenario)
      _ = model.handle(.enter, on: snapshot)
      _ = model.handle(.character("l"), on: snapshot)

      let lines = frame.render(
        model, snapshot, log: ["  1 ms  [debug] " + String(repeating: "x", count: 200)], size: size)

      #expect(lines.count <= rows)
      #expect(lines.allSatisfy { TerminalCells.width($0) <= max(columns, 20) })
      // The list's footer, or where the log takes the list's place, the log's own.
      #expect(
        lines.contains { $0.contains("? help") || $0.contains("l log") },
        "the footer stays in sight")
    }
  }

  @Test(
    "on a small terminal the footer takes at most a third of the rows, and keeps ? help",
    arguments: ["en_US", "de_DE"])
  func smallFooter(identifier: String) async {
    let frame = InteractiveFrame(
      palette: Palette(isEnabled: false),
      words: TerminalWords(locale: .init(identifier: identifier)))
    let model = InteractiveScreen(screen: .paymentMethods)
    let snapshot = await InteractiveFixtures.snapshot("cards-offline")
    let help = identifier == "de_DE" ? "? Hilfe" : "? help"

    let lines = frame.render(model, snapshot, log: [], size: Terminal.Size(columns: 40, rows: 8))
    let footer = lines.drop { !$0.hasPrefix("↑↓") }

    #expect(footer.count == 2)
    #expect(footer.contains { $0.contains(help) })
    #expect(lines.contains { $0.contains("▸○ Wallet") })
  }
}
