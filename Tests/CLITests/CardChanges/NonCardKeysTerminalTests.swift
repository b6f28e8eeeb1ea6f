import Foundation
import Testing

/// `x` and `e` on the rows that are no card (the wallet, Apple Pay), on a pseudo-terminal,
/// boxed and in line mode, in English and in German: the help offers both keys on the
/// screen, so pressed on these rows each says why it changes nothing, and its answer takes
/// the place of the message about the row before.
@Suite("x and e on the wallet and on Apple Pay say why not", .serialized, .timeLimit(.minutes(1)))
struct NonCardKeysTerminalTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let locale: String
    let columns: Int
    let rows: Int

    var testDescription: String { "\(locale) \(columns)×\(rows)" }
    var english: Bool { locale == "en_US" }
  }

  /// A key pressed on a row, and the start of its answer in each language (short enough to
  /// stay on one line at 80 columns).
  struct Press: CustomTestStringConvertible, Sendable {
    let key: String
    /// The row's number in line mode; on the boxed screen, the wallet is where the cursor
    /// starts and Apple Pay is the last row (`G`).
    let row: Int
    let english: String
    let german: String

    var testDescription: String { "\(key) on row \(row)" }
    var onApplePay: Bool { row == 4 }
  }

  static let cases: [Case] = ["en_US", "de_DE"].flatMap { locale in
    [(80, 24), (80, 10)].map { Case(locale: locale, columns: $0, rows: $1) }
  }

  static let presses: [Press] = [
    Press(
      key: "x", row: 1, english: "Your wallet can't be removed here",
      german: "Dein Wallet kann hier nicht entfernt werden"),
    Press(
      key: "e", row: 1, english: "Your wallet has no expiry",
      german: "Dein Wallet hat kein Ablaufdatum"),
    Press(
      key: "x", row: 4, english: "Apple Pay can't be removed here",
      german: "Apple Pay kann hier nicht entfernt werden"),
    Press(
      key: "e", row: 4, english: "Apple Pay has no expiry",
      german: "Apple Pay hat kein Ablaufdatum"),
  ]

  @Test("boxed: the key on the row says why, in place of the card's message", arguments: cases)
  func boxed(size: Case) async throws {
    let terminal = try PseudoTerminal(
      ["--scenario", "cards-expired", "--locale", size.locale], columns: size.columns,
      rows: size.rows)
    try #require(await terminal.waiting(for: size.english ? "Enter select" : "Enter auswählen"))
    // A message about the active card first: it has not expired.
    terminal.send("j")
    try #require(await terminal.waiting(for: size.english ? "x remove" : "x entfernen"))
    var before = terminal.output.count
    terminal.send("e")
    try #require(
      await terminal.waiting(for: size.english ? "has not expired:" : "ist nicht", after: before))

    for press in Self.presses {
      before = terminal.output.count
      terminal.send(press.onApplePay ? "G" : "g")
      terminal.send(press.key)

      #expect(
        await terminal.waiting(
          for: size.english ? press.english : press.german, after: before),
        "\(press.testDescription)")
    }
    terminal.send("q")
    #expect(await terminal.exiting() == 0)
  }

  @Test("line mode: the key on the chosen row says why", arguments: cases)
  func lineMode(size: Case) async throws {
    let terminal = try PseudoTerminal(
      ["--accessible", "--scenario", "cards-expired", "--locale", size.locale],
      columns: size.columns, rows: size.rows)
    try #require(await terminal.waiting(for: "4. Apple Pay"))

    for press in Self.presses {
      terminal.send("\(press.row)\r")
      let before = terminal.output.count
      terminal.send("\(press.key)\r")

      #expect(
        await terminal.waiting(
          for: size.english ? press.english : press.german, after: before),
        "\(press.testDescription)")
    }
    terminal.send("q\r")
    #expect(await terminal.exiting() == 0)
    #expect(!terminal.text.contains("That key does nothing here."))
    #expect(!terminal.text.contains("Diese Taste bewirkt hier nichts."))
  }
}
