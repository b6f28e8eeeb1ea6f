import Foundation
import Testing

/// The boxed screen on pseudo-terminals too short for it (80×10, 40×8): what a key is
/// answered with stays in sight, a notice is read from its title, and what does not fit
/// can be scrolled to. Each check reads the last frame drawn.
@Suite("Short terminals on a pseudo-terminal", .serialized, .timeLimit(.minutes(1)))
struct ShortTerminalTests {
  /// The frame drawn last: every frame starts at the terminal's home position.
  private func lastFrame(_ terminal: PseudoTerminal) -> String {
    terminal.text.components(separatedBy: "\u{1B}[H").last ?? ""
  }

  @Test("at 80×10, a notice in sight above the cursor shows its title with its message")
  func noticeShowsItsTitle() async throws {
    let terminal = try PseudoTerminal(
      ["--no-color", "--scenario", "cards-offline"], columns: 80, rows: 10)
    try #require(await terminal.waiting(for: "r try again"))
    let before = terminal.output.count

    terminal.send("jj")

    try #require(await terminal.waiting(for: "▸○ Apple Pay", after: before))
    let frame = lastFrame(terminal)
    #expect(!frame.contains("couldn't load your cards") || frame.contains("You're offline"))
    // j on the last row moves nothing; k goes to the notice, its title first.
    terminal.send("j")
    terminal.send("k")
    try #require(await terminal.waiting(for: "▸✖ You're offline", after: before))
    #expect(
      frames(of: terminal, after: before).allSatisfy {
        !$0.contains("couldn't load your cards") || $0.contains("You're offline")
      })
    terminal.send("q")
    #expect(await terminal.exiting() == 0)
  }

  /// Every frame drawn after `offset`.
  private func frames(of terminal: PseudoTerminal, after offset: Int) -> [String] {
    String(decoding: terminal.output.dropFirst(offset), as: UTF8.self)
      .components(separatedBy: "\u{1B}[H").dropFirst().map { $0 }
  }

  @Test("at 80×10, a form whose save needs a sign-in shows why, its button, then each field")
  func formSignInInSight() async throws {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("short-form-sign-in-\(UUID().uuidString).json")
    try Data(InteractiveTerminalTests.formSignInRefused.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let terminal = try PseudoTerminal(
      ["--no-color", "--scenario-file", file.path], columns: 80, rows: 10)
    let submitted = try await submitToASilentBank(terminal)

    try #require(await terminal.waiting(for: "Enter Sign in and save", after: submitted))
    #expect(lastFrame(terminal).contains("✖ Please sign in again"))
    #expect(lastFrame(terminal).contains("[ Sign in and save ]"))
    let before = terminal.output.count

    terminal.send("\t")

    #expect(await terminal.waiting(for: "▸ Card number", after: before))
    terminal.send("\u{1B}")
    terminal.send("q")
    #expect(await terminal.exiting() != nil)
  }

  @Test("at 40×8, the bank's answer scrolls into sight though the wait was scrolled up")
  func bankAnswerScrollsBack() async throws {
    let terminal = try PseudoTerminal(
      ["--no-color", "--scenario", "add-card-3ds-timeout", "--approval-budget-ms", "1500"],
      columns: 40, rows: 8)
    let submitted = try await submitToASilentBank(terminal)
    try #require(await terminal.waiting(for: "↑↓ scroll", after: submitted))
    terminal.send("kkkkkk")

    try #require(await terminal.waiting(for: "r try again", after: submitted))
    #expect(lastFrame(terminal).contains("didn't answer in time"))
    terminal.send("\u{03}")
    #expect(await terminal.exiting() == 0)
  }

  /// Adds a card whose bank wants its approval and never gives it; the output's length
  /// when Enter sent it.
  private func submitToASilentBank(_ terminal: PseudoTerminal) async throws -> Int {
    // At 40×8 the footer has no room for "a add a card"; a takes it all the same.
    try #require(await terminal.waiting(for: "Enter select"))
    terminal.send("a")
    try #require(await terminal.waiting(for: "Esc back"))
    terminal.send("5555 5555 5555 4444\t09/29\t123\tAda Lovelace")
    try #require(await terminal.waiting(for: "Ada Lovelace"))
    let submitted = terminal.output.count
    terminal.send("\r")
    return submitted
  }

  @Test(
    "on a short terminal the bank's wait and its answer stay in sight",
    arguments: [(80, 10), (40, 8)] as [(Int, Int)])
  func bankWaitInSight(columns: Int, rows: Int) async throws {
    let terminal = try PseudoTerminal(
      ["--no-color", "--scenario", "add-card-3ds-timeout", "--approval-budget-ms", "1500"],
      columns: columns, rows: rows)
    let submitted = try await submitToASilentBank(terminal)

    try #require(await terminal.waiting(for: "Waiting for your bank", after: submitted))
    #expect(lastFrame(terminal).contains("Waiting for your bank"))
    try #require(await terminal.waiting(for: "Try again.", after: submitted))
    #expect(lastFrame(terminal).contains("didn't answer in time"))
    terminal.send("\u{03}")
    #expect(await terminal.exiting() == 0)
  }

  @Test("at 40×8, k scrolls the bank's wait up to what the bank asks")
  func bankWaitScrolls() async throws {
    let terminal = try PseudoTerminal(
      ["--no-color", "--scenario", "add-card-3ds-timeout", "--approval-budget-ms", "600000"],
      columns: 40, rows: 8)
    let submitted = try await submitToASilentBank(terminal)
    try #require(await terminal.waiting(for: "↑↓ scroll", after: submitted))
    #expect(!lastFrame(terminal).contains("Your bank wants"), "the top is out of sight")
    let before = terminal.output.count

    terminal.send("kkkkkkkk")

    #expect(await terminal.waiting(for: "Your bank wants", after: before))
    terminal.send("\u{03}")
    #expect(await terminal.exiting() != nil)
  }

  @Test("at 40×8, an error taller than the terminal scrolls with j to its last line")
  func errorScrolls() async throws {
    let terminal = try PseudoTerminal(
      ["--no-color", "--scenario", "offline"], columns: 40, rows: 8)
    try #require(await terminal.waiting(for: "↑↓ scroll"))
    #expect(!lastFrame(terminal).contains("Connect to the"))
    let before = terminal.output.count

    terminal.send("jjjjjjjjjj")

    #expect(await terminal.waiting(for: "Connect to the", after: before))
    terminal.send("q")
    #expect(await terminal.exiting() != nil)
  }

  @Test("at 40×8, j reads a notice taller than the terminal to its end, then moves on")
  func tallNoticeReadThrough() async throws {
    let terminal = try PseudoTerminal(
      ["--no-color", "--scenario", "cards-offline-saved"], columns: 40, rows: 8)
    try #require(await terminal.waiting(for: "Enter select"))
    var frames: [String] = []
    for _ in 0..<8 {
      let before = terminal.output.count
      terminal.send("j")
      _ = await terminal.waiting(for: "\u{1B}[J", after: before)
      frames.append(lastFrame(terminal))
    }

    let onNotice = frames.filter { $0.contains("▸✖") || !$0.contains("▸") }
    #expect(onNotice.contains { $0.contains("2 hours ago") }, "the notice is read to its end")
    #expect(frames.last?.contains("▸○ Apple Pay") == true, "and the cursor moves on")
    terminal.send("q")
    #expect(await terminal.exiting() == 0)
  }
}

/// A change the backend agreed to, on a list shown in part from the local copy, on a
/// pseudo-terminal: the list is loaded again, so the screen never says the change beside a
/// notice that the backend could not be reached.
@Suite("A change beside an offline notice", .serialized, .timeLimit(.minutes(1)))
struct ChangeBesideANoticeTests {
  @Test("a removal the backend agreed to shows the cards as they are now, the notice gone")
  func removalRefreshesTheCards() async throws {
    let terminal = try PseudoTerminal(
      ["--no-color", "--scenario", "cards-offline-saved"], columns: 80, rows: 40)
    try #require(await terminal.waiting(for: "Enter select"))
    terminal.send("j")
    try #require(await terminal.waiting(for: "x remove"))
    terminal.send("x")
    try #require(await terminal.waiting(for: "Remove Visa"))
    terminal.send("y")
    try #require(await terminal.waiting(for: "We couldn't remove your card"))
    let before = terminal.output.count

    terminal.send("r")

    try #require(await terminal.waiting(for: "Visa •••• 4242 removed.", after: before))
    let frame = terminal.text.components(separatedBy: "\u{1B}[H").last ?? ""
    #expect(frame.contains("Visa •••• 4242 removed."))
    #expect(!frame.contains("You're offline"))
    #expect(!frame.contains("may be out of date"))
    terminal.send("q")
    #expect(await terminal.exiting() == 0)
  }
}
