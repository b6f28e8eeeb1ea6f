import Foundation
import Testing

/// The developer log's panel (`l`) on the built binary, on pseudo-terminals of three sizes,
/// in English and German: beside the list where a few of its lines fit (80×24), in the
/// list's place where they do not (80×10, 40×8), where only its own keys act.
@Suite("The log panel on a pseudo-terminal", .serialized, .timeLimit(.minutes(1)))
struct LogPanelTerminalTests {
  static let short: [(Int, Int)] = [(80, 10), (40, 8)]

  private func started(
    _ language: ScreenLanguage, columns: Int, rows: Int, scenario: String = "all-available"
  ) async throws -> PseudoTerminal {
    let terminal = try PseudoTerminal(
      ["--no-color", "--locale", language.locale, "--scenario", scenario],
      columns: columns, rows: rows)
    try #require(await terminal.waitingForFrame(containing: language.selectKey))
    return terminal
  }

  /// Opens the panel; the output's length when `l` was sent.
  private func openLog(_ terminal: PseudoTerminal, _ language: ScreenLanguage) async throws
    -> Int
  {
    let before = terminal.output.count
    terminal.send("l")
    let heading = String(language.logTitle.prefix { $0 != " " })
    try #require(await terminal.waitingForFrame(containing: heading, after: before))
    return before
  }

  @Test(
    "where the log takes the list's place, the footer offers its keys only, in the language",
    arguments: short, ScreenLanguage.both)
  func footerOffersThePanelsKeys(size: (Int, Int), language: ScreenLanguage) async throws {
    let terminal = try await started(language, columns: size.0, rows: size.1)

    _ = try await openLog(terminal, language)

    let frame = terminal.lastFrameLines.joined(separator: " ")
    #expect(frame.contains(language.logTitle), "the heading is in the user's language")
    #expect(!frame.contains("╭"), "the list is out of sight")
    #expect(frame.contains(language.logKey), "l, which closes it, is offered")
    #expect(!frame.contains("Enter"), "nothing out of sight is offered")
    #expect(!frame.contains(language.selectKey))
    #expect(!frame.contains("w Wallet") && !frame.contains("w wallet"))
    terminal.send("q")
    #expect(await terminal.exiting() == 0)
  }

  @Test(
    "Enter with the log in the list's place selects nothing; once l closes it, Enter does",
    arguments: short, ScreenLanguage.both)
  func enterActsOnlyOnWhatIsSeen(size: (Int, Int), language: ScreenLanguage) async throws {
    let terminal = try await started(language, columns: size.0, rows: size.1)
    let opened = try await openLog(terminal, language)

    terminal.send("\r")
    terminal.send("l")

    try #require(await terminal.waiting(for: language.selectKey, after: opened + 1))
    #expect(
      !terminal.frames(after: opened).contains { $0.contains(language.walletSelected) },
      "Enter did not select the wallet out of sight")
    let closed = terminal.output.count
    terminal.send("\r")
    #expect(await terminal.waiting(for: language.walletSelected, after: closed))
    terminal.send("q")
    #expect(await terminal.exiting() == 0)
  }

  @Test(
    "at 80×24 the panel shows its newest line wrapped, a long warning, never the placeholder",
    arguments: ScreenLanguage.both)
  func newestLongLineWrapped(language: ScreenLanguage) async throws {
    let terminal = try PseudoTerminal(
      ["--no-color", "--locale", language.locale, "--scenario", "cards-offline"],
      columns: 80, rows: 24)
    try #require(await terminal.waitingForFrame(containing: language.selectKey))

    _ = try await openLog(terminal, language)

    let frame = terminal.lastFrameLines
    #expect(frame.contains(language.logTitle))
    #expect(frame.contains { $0.hasPrefix("╭────") }, "beside the list")
    // The log's lines stay English, on a German screen too.
    #expect(frame.contains { $0.contains("[warning] showing that cards could not load") })
    // Its rest and the older lines are a PgDn or PgUp away, and the panel says so.
    #expect(frame.contains("  " + language.moreBelow))
    #expect(frame.contains("  " + language.moreAbove))
    #expect(!frame.contains { $0.contains("nothing logged yet") })
    #expect(frame.allSatisfy { TerminalCells.width($0) <= 80 })
    terminal.send("q")
    #expect(await terminal.exiting() == 0)
  }

  @Test(
    "in the list's place, ↑ scrolls the log to older lines and says there is more below",
    arguments: short, ScreenLanguage.both)
  func scrollsInPlace(size: (Int, Int), language: ScreenLanguage) async throws {
    let terminal = try await started(
      language, columns: size.0, rows: size.1, scenario: "cards-offline")
    _ = try await openLog(terminal, language)
    #expect(terminal.lastFrameLines.contains { $0.hasPrefix("↑↓ ") }, "↑↓ is offered")
    // The newest line, from its start; the oldest out of sight.
    #expect(terminal.lastFrameLines.contains { $0.contains("[warning] showing that cards") })
    #expect(!terminal.lastFrameLines.contains { $0.contains("[debug] the local copy is") })
    let before = terminal.output.count

    terminal.send("kkkkkkkkkkkkkkkkkkkk")

    #expect(await terminal.waitingForFrame(containing: "[debug] the local copy is", after: before))
    #expect(terminal.lastFrameLines.contains("  " + language.moreBelow))
    terminal.send("q")
    #expect(await terminal.exiting() == 0)
  }

  /// The log beside the list at 80×24, opened on cards-offline: its newest line (a long
  /// warning) in sight from its start, its oldest out of sight above.
  private func besideTheList(_ language: ScreenLanguage) async throws -> PseudoTerminal {
    let terminal = try await started(language, columns: 80, rows: 24, scenario: "cards-offline")
    _ = try await openLog(terminal, language)
    try #require(terminal.lastFrameLines.contains { $0.hasPrefix("╭────") }, "beside the list")
    try #require(terminal.lastFrameLines.contains { $0.contains("[warning] showing that cards") })
    try #require(!terminal.lastFrameLines.contains { $0.contains(Self.oldest) })
    return terminal
  }

  /// The oldest line cards-offline logs, and the last line of its newest.
  static let oldest = "[debug] the local copy is kept in memory"
  static let newestEnd = "recovery=retryWhenUserActs(reconnect)"
  static let pageUp = "\u{1B}[5~"
  static let pageDown = "\u{1B}[6~"

  @Test(
    "at 80×24, PgUp scrolls the log beside the list back to its oldest line, which is offered",
    arguments: ScreenLanguage.both)
  func pageUpBesideTheList(language: ScreenLanguage) async throws {
    let terminal = try await besideTheList(language)
    #expect(terminal.lastFrameLines.contains { $0.contains(language.scrollLogKey) })
    #expect(terminal.lastFrameLines.contains("  " + language.moreAbove))
    let before = terminal.output.count

    terminal.send(String(repeating: Self.pageUp, count: 30))

    #expect(await terminal.waitingForFrame(containing: Self.oldest, after: before))
    #expect(terminal.lastFrameLines.contains("  " + language.moreBelow))
    #expect(!terminal.lastFrameLines.contains("  " + language.moreAbove), "nothing older")
    terminal.send("q")
    #expect(await terminal.exiting() == 0)
  }

  @Test(
    "at 80×24, PgDn scrolls the log beside the list forward again to its newest line",
    arguments: ScreenLanguage.both)
  func pageDownBesideTheList(language: ScreenLanguage) async throws {
    let terminal = try await besideTheList(language)
    let before = terminal.output.count
    terminal.send(String(repeating: Self.pageUp, count: 30))
    try #require(await terminal.waitingForFrame(containing: Self.oldest, after: before))
    let back = terminal.output.count

    terminal.send(String(repeating: Self.pageDown, count: 30))

    #expect(await terminal.waitingForFrame(containing: Self.newestEnd, after: back))
    #expect(!terminal.lastFrameLines.contains("  " + language.moreBelow), "nothing newer")
    #expect(!terminal.lastFrameLines.contains { $0.contains(Self.oldest) })
    terminal.send("q")
    #expect(await terminal.exiting() == 0)
  }

  @Test(
    "at 80×24, PgUp PgDn leave the list's cursor where it is; ↓ still moves it",
    arguments: ScreenLanguage.both)
  func pageKeysLeaveTheList(language: ScreenLanguage) async throws {
    let terminal = try await besideTheList(language)
    #expect(terminal.lastFrameLines.contains { $0.hasPrefix("│ ▸○ Wallet") })
    let before = terminal.output.count

    terminal.send(Self.pageUp + Self.pageDown + Self.pageUp)

    try #require(await terminal.waitingForFrame(containing: "[debug] ← GET /cards", after: before))
    #expect(terminal.lastFrameLines.contains { $0.hasPrefix("│ ▸○ Wallet") }, "cursor stays")
    #expect(!terminal.frames(after: before).contains { $0.contains(language.walletSelected) })
    let moved = terminal.output.count
    terminal.send("\u{1B}[B")
    #expect(await terminal.waitingForFrame(containing: "│ ▸✖", after: moved))
    terminal.send("q")
    #expect(await terminal.exiting() == 0)
  }

  @Test(
    "at 80×24, closing the log scrolled back and opening it again shows its newest line",
    arguments: ScreenLanguage.both)
  func closingResetsTheScroll(language: ScreenLanguage) async throws {
    let terminal = try await besideTheList(language)
    let before = terminal.output.count
    terminal.send(String(repeating: Self.pageUp, count: 30))
    try #require(await terminal.waitingForFrame(containing: Self.oldest, after: before))

    terminal.send("l")
    let reopened = try await openLog(terminal, language)

    #expect(await terminal.waitingForFrame(containing: "[warning] showing", after: reopened))
    #expect(!terminal.lastFrameLines.contains { $0.contains(Self.oldest) })
    terminal.send("q")
    #expect(await terminal.exiting() == 0)
  }

  @Test(
    "at 80×24, Enter with the log beside the list selects the wallet and says so in sight",
    arguments: ScreenLanguage.both)
  func answerBesideTheLog(language: ScreenLanguage) async throws {
    let terminal = try await started(language, columns: 80, rows: 24)
    _ = try await openLog(terminal, language)
    try #require(terminal.lastFrameLines.contains { $0.hasPrefix("╭────") }, "beside the list")
    let before = terminal.output.count

    terminal.send("\r")

    #expect(await terminal.waitingForFrame(containing: language.walletSelected, after: before))
    let frame = terminal.lastFrameLines
    #expect(frame.contains { $0.hasPrefix("╭────") }, "the list stays in sight")
    #expect(frame.contains(language.logTitle), "the panel stays open beside it")
    #expect(frame.contains { $0.contains(language.selectKey) }, "the list's keys stay offered")
    terminal.send("q")
    #expect(await terminal.exiting() == 0)
  }

  @Test("in line mode, the log's heading is in the language, its lines English")
  func lineModeHeading() async throws {
    let terminal = try PseudoTerminal([
      "--accessible", "--scenario", "all-available", "--locale", "de_DE",
    ])
    try #require(await terminal.waiting(for: "4. Apple Pay"))
    let before = terminal.output.count

    terminal.send("l\r")

    #expect(await terminal.waiting(for: ScreenLanguage.german.logTitle, after: before))
    #expect(await terminal.waiting(for: "[debug] → GET /cards", after: before))
    terminal.send("q\r")
    #expect(await terminal.exiting() == 0)
  }
}
