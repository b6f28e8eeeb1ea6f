import Foundation
import Testing

/// Line mode (`--accessible`) on a pseudo-terminal at the sizes a person uses, in English
/// and in German: a number no row has names the rows there are, an arrow key moves without
/// its escape sequence echoed, and a row's progress goes on in lower case after its comma.
@Suite("Line mode on a pseudo-terminal, at every size", .serialized, .timeLimit(.minutes(1)))
struct LineModeTerminalTests {
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

  private func open(_ scenario: String, _ size: Case) async throws -> PseudoTerminal {
    let terminal = try PseudoTerminal(
      ["--accessible", "--scenario", scenario, "--locale", size.locale], columns: size.columns,
      rows: size.rows)
    try #require(await terminal.waiting(for: "4. Apple Pay"))
    return terminal
  }

  @Test("a number no row has names the rows there are", arguments: cases)
  func numberOutOfRange(size: Case) async throws {
    let terminal = try await open("all-available", size)
    let before = terminal.output.count

    terminal.send("7\r")

    let said =
      size.english
      ? "There is no row 7: the rows are 1 to 4." : "Es gibt keine Zeile 7, nur die Zeilen 1 bis 4."
    #expect(await terminal.waiting(for: said, after: before))
    terminal.send("q\r")
    #expect(await terminal.exiting() == 0)
    #expect(!terminal.text.contains("That key does nothing here."))
    #expect(!terminal.text.contains("Diese Taste bewirkt hier nichts."))
  }

  @Test("an arrow key then Enter moves, and its escape sequence is not echoed", arguments: cases)
  func arrowNotEchoed(size: Case) async throws {
    let terminal = try await open("all-available", size)
    let before = terminal.output.count

    terminal.send("\u{1B}[B\r")

    #expect(await terminal.waiting(for: "2. Visa", after: before))
    terminal.send("q\r")
    #expect(await terminal.exiting() == 0)
    let after = String(decoding: terminal.output.dropFirst(before), as: UTF8.self)
    #expect(!after.contains("^["), "\(after)")
    #expect(!after.contains("[B"), "\(after)")
    #expect(!after.contains("\u{1B}"), "\(after)")
  }

  @Test("what is typed is echoed, and Backspace takes it back", arguments: cases)
  func typedIsEchoed(size: Case) async throws {
    let terminal = try await open("all-available", size)
    let before = terminal.output.count

    terminal.send("9\u{7F}2\r")

    let selected = size.english ? "Visa ending in 4242 selected." : "4242 ausgewählt."
    #expect(await terminal.waiting(for: selected, after: before))
    terminal.send("q\r")
    #expect(await terminal.exiting() == 0)
    let after = String(decoding: terminal.output.dropFirst(before), as: UTF8.self)
    #expect(after.hasPrefix("9\u{8} \u{8}2\r\n"), "\(after.prefix(20).debugDescription)")
  }

  @Test("a row's progress goes on in lower case after its comma", arguments: cases)
  func progressInLowerCase(size: Case) async throws {
    let terminal = try await open("all-available", size)
    for (line, answer) in [
      ("2", size.english ? "selected." : "ausgewählt."),
      ("x", size.english ? "n keep." : "n behalten."),
    ] {
      let before = terminal.output.count
      terminal.send(line + "\r")
      try #require(await terminal.waiting(for: answer, after: before), "\(line)")
    }

    terminal.send("y\r")

    let progress = size.english ? ", selected, removing…" : ", ausgewählt, wird entfernt…"
    #expect(await terminal.waiting(for: progress))
    terminal.send("q\r")
    #expect(await terminal.exiting() != nil)
    #expect(!terminal.text.contains(", Removing…"))
    #expect(!terminal.text.contains(", Wird entfernt…"))
  }
}
