import Foundation
import Testing

/// `e` on a card that has not expired, on a pseudo-terminal at the sizes a person uses,
/// boxed and in line mode, in English and in German: not offered, and pressed there it
/// says why, in the words `update-card` refuses it with.
@Suite(
  "e on a card that has not expired says why, at every size", .serialized,
  .timeLimit(.minutes(1)))
struct NewExpiryTerminalTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let locale: String
    let columns: Int
    let rows: Int

    var testDescription: String { "\(locale) \(columns)×\(rows)" }
    var english: Bool { locale == "en_US" }
  }

  static let cases: [Case] = ["en_US", "de_DE"].flatMap { locale in
    [(80, 24), (80, 10), (40, 8)].map { Case(locale: locale, columns: $0, rows: $1) }
  }

  @Test("boxed: e on the active card says it has not expired", arguments: cases)
  func boxed(size: Case) async throws {
    let terminal = try PseudoTerminal(
      ["--scenario", "cards-expired", "--locale", size.locale], columns: size.columns,
      rows: size.rows)
    // Loaded: the cursor on the wallet, which Enter selects.
    try #require(await terminal.waiting(for: size.english ? "Enter select" : "Enter auswählen"))
    terminal.send("j")
    try #require(await terminal.waiting(for: size.english ? "x remove" : "x entfernen"))
    let before = terminal.output.count

    terminal.send("e")

    #expect(
      await terminal.waiting(
        for: size.english ? "has not expired:" : "ist nicht", after: before))
    terminal.send("q")
    #expect(await terminal.exiting() == 0)
    let after = String(decoding: terminal.output.dropFirst(before), as: UTF8.self)
    #expect(!after.contains(size.english ? "New expiry for" : "Neues Ablaufdatum für"))
  }

  @Test("line mode: e on the chosen active card says it has not expired", arguments: cases)
  func lineMode(size: Case) async throws {
    let terminal = try PseudoTerminal(
      ["--accessible", "--scenario", "cards-expired", "--locale", size.locale],
      columns: size.columns, rows: size.rows)
    try #require(await terminal.waiting(for: "4. Apple Pay"))
    terminal.send("2\r")
    try #require(await terminal.waiting(for: size.english ? "4242 selected." : "4242 ausgewählt."))
    let before = terminal.output.count

    terminal.send("e\r")

    let said =
      size.english
      ? "Visa ending in 4242 has not expired: only an expired card takes a new expiry."
      : "Visa mit den Endziffern 4242 ist nicht abgelaufen und braucht kein neues Ablaufdatum."
    #expect(await terminal.waiting(for: said, after: before))
    terminal.send("q\r")
    #expect(await terminal.exiting() == 0)
    #expect(!terminal.text.contains("That key does nothing here."))
    #expect(!terminal.text.contains("Diese Taste bewirkt hier nichts."))
  }
}
