import Foundation
import Testing

/// Each screen's help lists what that screen does, on a pseudo-terminal at the sizes a
/// person uses, boxed and in line mode, in English and in German: the wallet screen, which
/// has no rows, offers no row's keys (a, x, d, e, a row's number), and a key it does not
/// take says so in line mode.
@Suite(
  "Each screen's help lists what it does, at every size", .serialized,
  .timeLimit(.minutes(1)))
struct ScreenHelpTerminalTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let locale: String
    let columns: Int
    let rows: Int

    var testDescription: String { "\(locale) \(columns)×\(rows)" }
    var english: Bool { locale == "en_US" }
    /// The row keys' help, as it starts: none may be listed on the wallet screen.
    var rowKeys: [String] {
      english
        ? ["x, Delete", "add a card:", "1, 2, …", "\nx: ", "\nd: ", "\ne: ", "\na: "]
        : ["x, Entf", "Karte hinzufügen:", "1, 2, …", "\nx: ", "\nd: ", "\ne: ", "\na: "]
    }
  }

  static let cases: [Case] = ["en_US", "de_DE"].flatMap { locale in
    [(80, 24), (80, 10), (40, 8)].map { Case(locale: locale, columns: $0, rows: $1) }
  }

  @Test(
    "the wallet screen's help, boxed, lists no row's keys, down to its last line",
    arguments: cases)
  func boxedWalletHelp(size: Case) async throws {
    let terminal = try PseudoTerminal(
      ["--scenario", "all-available", "--screen", "wallet", "--locale", size.locale],
      columns: size.columns, rows: size.rows)
    try #require(await terminal.waiting(for: size.english ? "? help" : "? Hilfe"))
    let before = terminal.output.count

    terminal.send("?")
    try #require(await terminal.waiting(for: size.english ? "Keys (?" : "Tasten (?", after: before))
    // Down to the help's last line, however short the terminal.
    terminal.send(String(repeating: "j", count: 20))
    try #require(await terminal.waiting(for: "q, Esc, ", after: before))
    terminal.send("?q")
    #expect(await terminal.exiting() != nil)

    let help = String(decoding: terminal.output.dropFirst(before), as: UTF8.self)
    for key in size.rowKeys {
      #expect(!help.contains(key), "\(key) offered on the wallet screen: \(help)")
    }
    #expect(help.contains(size.english ? "scroll the screen" : "durch den Bildschirm"))
  }

  @Test(
    "the wallet screen's help, in line mode, lists no row's keys; x says it does nothing",
    arguments: cases)
  func lineModeWalletHelp(size: Case) async throws {
    let terminal = try PseudoTerminal(
      [
        "--accessible", "--scenario", "all-available", "--screen", "wallet", "--locale",
        size.locale,
      ], columns: size.columns, rows: size.rows)
    try #require(await terminal.waiting(for: size.english ? "125.50" : "125,50"))
    let before = terminal.output.count

    terminal.send("?\r")
    try #require(await terminal.waiting(for: "q: ", after: before))
    let help = String(decoding: terminal.output.dropFirst(before), as: UTF8.self)
    terminal.send("?\r")
    let afterHelp = terminal.output.count
    terminal.send("x\r")

    let nothing = size.english ? "That key does nothing here." : "Diese Taste bewirkt hier nichts."
    #expect(await terminal.waiting(for: nothing, after: afterHelp))
    terminal.send("q\r")
    #expect(await terminal.exiting() == 0)
    for key in size.rowKeys {
      #expect(!help.contains(key), "\(key) offered on the wallet screen: \(help)")
    }
    #expect(help.contains("\nw: "))
  }

  @Test("the payment-methods screen's help lists the changes its rows take", arguments: cases)
  func lineModePaymentMethodsHelp(size: Case) async throws {
    let terminal = try PseudoTerminal(
      ["--accessible", "--scenario", "all-available", "--locale", size.locale],
      columns: size.columns, rows: size.rows)
    try #require(await terminal.waiting(for: "4. Apple Pay"))
    let before = terminal.output.count

    terminal.send("?\r")

    try #require(await terminal.waiting(for: "q: ", after: before))
    terminal.send("q\r")
    #expect(await terminal.exiting() == 0)
    let help = String(decoding: terminal.output.dropFirst(before), as: UTF8.self)
    for key in ["1, 2, …", "\nx: ", "\nd: ", "\ne: ", "\na: "] {
      #expect(help.contains(key), "\(key) not listed")
    }
  }
}
