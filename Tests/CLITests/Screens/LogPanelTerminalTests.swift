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
    #expect(frame.contains { $0.contains("recovery=retryWhenUserActs(reconnect)") })
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
