import Foundation
import Presentation
import Testing

@testable import CLI

/// The line that names the change an earlier run left, while the start finishes it, on the
/// built binary on pseudo-terminals of three sizes, in English and German: it fits the
/// width with its time, the card named short first, wrapped at its words where even that
/// does not fit, so the terminal breaks no word.
@Suite("Finishing's progress line on a pseudo-terminal", .serialized, .timeLimit(.minutes(1)))
struct FinishingProgressTerminalTests {
  /// A language, and the line finishing a removal of Visa •••• 4242 says in it.
  struct Language: CustomTestStringConvertible, Sendable {
    let locale: String
    let whole: String
    let short: String
    var testDescription: String { locale }
  }

  static let english = Language(
    locale: "en_US", whole: "Finishing your last change: removing Visa •••• 4242…",
    short: "Finishing your last change: removing •••• 4242…")
  static let german = Language(
    locale: "de_DE",
    whole: "Deine letzte Änderung wird abgeschlossen: das Entfernen von Visa •••• 4242…",
    short: "Deine letzte Änderung wird abgeschlossen: das Entfernen von •••• 4242…")
  static let sizes: [(Int, Int)] = [(80, 24), (80, 10), (40, 8)]

  /// A folder, the runs' --cache-dir, whose journal holds a removal of card-1 that got no
  /// answer (503 every time); beside it, a scenario file whose removal answers after 1.5 s.
  private func changeLeftBehind() async throws -> (cache: TemporaryFolder, slow: URL) {
    let cache = try TemporaryFolder()
    let down = cache.url.appendingPathComponent("down.json")
    try Data(#"{"removeCard": {"responses": [{"status": 503}]}}"#.utf8).write(to: down)
    let slow = cache.url.appendingPathComponent("slow.json")
    try Data(#"{"removeCard": {"latencyMs": 1500, "outcome": "ok"}}"#.utf8).write(to: slow)
    let left = try await EndToEndTests.runBinary(
      ["remove-card", "--id", "card-1", "--scenario-file", down.path, "--cache-dir", cache.path])
    try #require(left.output.contains("Not sure yet whether your card was removed"))
    return (cache, slow)
  }

  /// What the terminal showed of the lines written before the screen, once `text` was
  /// written: each row as it was written last (a row written again in place shows its
  /// last writing).
  private func rowsBeforeTheScreen(_ terminal: PseudoTerminal, until text: String) throws
    -> [String]
  {
    let end = try #require(terminal.end(of: text))
    let before = String(decoding: terminal.output.prefix(end), as: UTF8.self)
    return PseudoTerminal.rows(of: before).map {
      ($0.last ?? "").replacingOccurrences(of: "\u{1B}[K", with: "")
    }.filter { !$0.isEmpty }
  }

  @Test(
    "the line fits the width with its time, the card named short first, no word broken",
    arguments: sizes, [english, german])
  func fitsWithItsTime(size: (Int, Int), language: Language) async throws {
    let (cache, slow) = try await changeLeftBehind()
    let terminal = try PseudoTerminal(
      [
        "--no-color", "--locale", language.locale, "--scenario-file", slow.path,
        "--cache-dir", cache.path,
      ], columns: size.0, rows: size.1)

    try #require(await terminal.waiting(for: "4242… 0:01"))

    let rows = try rowsBeforeTheScreen(terminal, until: "4242… 0:01")
    let said = rows.joined(separator: " ")
    #expect(rows.allSatisfy { TerminalCells.width($0) < size.0 }, "\(rows)")
    #expect(said.hasSuffix(" 0:01"), "the time stays: \(rows)")
    let sentence = String(said.dropLast(5))
    #expect(
      sentence == language.whole || sentence == language.short, "no word broken: \(rows)")
    if CellWidth.of(language.whole + " 0:01") >= size.0 {
      #expect(sentence == language.short, "the card's name is shortened first")
    }
    // Typed once the screen reads keys: before, the terminal would hold it for a line.
    try #require(await terminal.waiting(for: "Enter"))
    terminal.send("q")
    #expect(await terminal.exiting() == 0)
    withExtendedLifetime(cache) {}
  }

  @Test(
    "with stdout in a file, the line fits stderr's terminal, not stdout's default width",
    arguments: [english, german])
  func fitsStderrsTerminal(language: Language) async throws {
    let (cache, slow) = try await changeLeftBehind()
    let list = cache.url.appendingPathComponent("list.json")
    let terminal = try PseudoTerminal(
      [
        "--json", "--locale", language.locale, "--scenario-file", slow.path,
        "--cache-dir", cache.path,
      ], columns: 40, rows: 8, stdout: list)

    try #require(await terminal.waiting(for: "4242… 0:01"))

    let rows = try rowsBeforeTheScreen(terminal, until: "4242… 0:01")
    #expect(rows.allSatisfy { TerminalCells.width($0) < 40 }, "\(rows)")
    #expect(rows.joined(separator: " ").hasSuffix(" 0:01"), "the time stays: \(rows)")
    #expect(await terminal.exiting() == 0)
    withExtendedLifetime(cache) {}
  }
}

/// How finishing's line is laid out on rows, in-process.
@MainActor
@Suite("Finishing's progress rows")
struct FinishingProgressRowsTests {
  private let german = (
    whole: "Deine letzte Änderung wird abgeschlossen: das Entfernen von Visa •••• 4242…",
    short: "Deine letzte Änderung wird abgeschlossen: das Entfernen von •••• 4242…"
  )

  @Test("a line exactly as wide as the terminal is said with the card named short")
  func exactlyAsWide() {
    // 80 cells with its time: the last column is the terminal's to wrap at.
    let rows = FinishingProgress.rows(german, time: "0:03", width: 79)

    #expect(rows == [german.short + " 0:03"])
  }

  @Test("at 40 columns the short line is wrapped at its words, the time on its last row")
  func wrappedAtWords() {
    let rows = FinishingProgress.rows(german, time: "0:03", width: 39)

    #expect(
      rows == [
        "Deine letzte Änderung wird", "abgeschlossen: das Entfernen von", "•••• 4242… 0:03",
      ])
  }

  @Test("without a width (stderr is a file) the line is said whole, as it was")
  func noWidth() {
    #expect(FinishingProgress.rows(german, time: nil, width: nil) == [german.whole])
  }
}
