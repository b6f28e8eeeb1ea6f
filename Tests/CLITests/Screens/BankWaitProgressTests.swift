import Foundation
import Testing

/// The time waited for the bank's approval, the add-card form's progress line, on the built
/// binary on pseudo-terminals of three sizes, in English and German: the time and the
/// budget it counts toward stay together on one line ("0:02 of 10:00").
@Suite("The bank's wait on a pseudo-terminal", .serialized, .timeLimit(.minutes(1)))
struct BankWaitProgressTests {
  static let sizes: [(Int, Int)] = [(80, 24), (80, 10), (40, 8)]

  @Test(
    "the time waited and its budget stay on one line, at every size, in the language",
    arguments: sizes, ScreenLanguage.both)
  func timeStaysWhole(size: (Int, Int), language: ScreenLanguage) async throws {
    let terminal = try PseudoTerminal(
      [
        "--no-color", "--locale", language.locale, "--scenario", "add-card-3ds-timeout",
        "--approval-budget-ms", "600000",
      ], columns: size.0, rows: size.1)
    try #require(await terminal.waitingForFrame(containing: language.selectKey))
    terminal.send("a")
    try #require(await terminal.waiting(for: "Esc "))
    terminal.send("5555 5555 5555 4444\t09/29\t123\tAda Lovelace")
    try #require(await terminal.waiting(for: "Ada Lovelace"))
    let submitted = terminal.output.count

    terminal.send("\r")

    let budget = language.locale == "de_DE" ? " von 10:00" : " of 10:00"
    try #require(await terminal.waitingForFrame(containing: budget, after: submitted))
    let lines = terminal.lastFrameLines
    #expect(
      lines.contains { $0.contains(/\d:\d\d (of|von) 10:00/) }, "the time whole: \(lines)")
    #expect(lines.allSatisfy { TerminalCells.width($0) <= size.0 })
    terminal.send("\u{03}")
    #expect(await terminal.exiting() != nil)
  }
}
