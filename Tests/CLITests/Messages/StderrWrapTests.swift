import Foundation
import Testing

@testable import CLI

/// Lines on stderr are wrapped to the terminal's width where stderr is a terminal, at
/// spaces, so that the terminal never breaks a word ("bis / t.").
@Suite("stderr lines wrapped to the terminal", .serialized, .timeLimit(.minutes(1)))
struct StderrWrapTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let locale: String
    let columns: Int
    let rows: Int

    var testDescription: String { "\(locale) \(columns)×\(rows)" }
    var english: Bool { locale == "en_US" }
    /// What leaving may say of the removal it leaves waiting, each as one line: kept, once
    /// the journal holds it; not known, when q came before it was written down.
    var leavingLines: [String] {
      english
        ? [
          "Removing Visa ending in 4242 had no answer yet when you left. It is kept, and will "
            + "be sent again the next time you open the app.",
          "Removing Visa ending in 4242 had no answer yet when you left. Whether it was made "
            + "is not known: your list will show it the next time you open the app.",
        ]
        : [
          "Auf das Entfernen von Visa mit den Endziffern 4242 kam noch keine Antwort, als du "
            + "gegangen bist. Es bleibt gespeichert und wird beim nächsten Öffnen der App noch "
            + "einmal gesendet.",
          "Auf das Entfernen von Visa mit den Endziffern 4242 kam noch keine Antwort, als du "
            + "gegangen bist. Ob es ausgeführt wurde, ist nicht bekannt: Deine Liste zeigt es "
            + "beim nächsten Öffnen der App.",
        ]
    }
  }

  static let cases: [Case] = ["en_US", "de_DE"].flatMap { locale in
    [(80, 24), (80, 10), (40, 8)].map { Case(locale: locale, columns: $0, rows: $1) }
  }

  @Test(
    "the line leaving a waiting change says is wrapped at spaces to the width",
    arguments: cases)
  func leavingLineWrapped(size: Case) async throws {
    let (scripts, cache) = (try TemporaryFolder(), try TemporaryFolder())
    let file = scripts.url.appendingPathComponent("slow.json")
    try Foundation.Data(#"{"removeCard": {"outcome": "ok", "latencyMs": 60000}}"#.utf8)
      .write(to: file)
    let terminal = try PseudoTerminal(
      [
        "--accessible", "--scenario-file", file.path, "--cache-dir", cache.path, "--locale",
        size.locale,
      ], columns: size.columns, rows: size.rows)
    try #require(await terminal.waiting(for: "4. Apple Pay"))
    for (line, answer) in [
      ("2", size.english ? "selected." : "ausgewählt."),
      ("x", size.english ? "n keep." : "n behalten."),
      ("y", size.english ? "removing…" : "wird entfernt…"),
    ] {
      let before = terminal.output.count
      terminal.send(line + "\r")
      try #require(await terminal.waiting(for: answer, after: before), "\(line)")
    }
    let before = terminal.output.count

    terminal.send("q\r")

    #expect(await terminal.exiting() == 0)
    let after = String(decoding: terminal.output.dropFirst(before), as: UTF8.self)
    let start = try #require(after.range(of: size.english ? "Removing Visa" : "Auf das Entfernen"))
    // The leaving line, up to what stdout says last: the row selected.
    let lines = after[start.lowerBound...].components(separatedBy: "\r\n").prefix {
      !$0.isEmpty && !$0.hasPrefix(size.english ? "Selected:" : "Ausgewählt:")
    }
    #expect(lines.count > 1)
    #expect(lines.allSatisfy { $0.count <= size.columns }, "\(lines)")
    #expect(size.leavingLines.contains(lines.joined(separator: " ")), "\(lines)")
  }

  @Test(
    "after Ctrl-C, echoed as ^C, a command's leaving line is wrapped from the row's start",
    arguments: cases.filter { $0.rows != 10 })
  func leavingLineAfterControlC(size: Case) async throws {
    let (scripts, cache) = (try TemporaryFolder(), try TemporaryFolder())
    let file = scripts.url.appendingPathComponent("slow.json")
    try Foundation.Data(#"{"removeCard": {"outcome": "ok", "latencyMs": 60000}}"#.utf8)
      .write(to: file)
    // Over HTTP, so that the server's log says when the removal is on its way: the
    // program itself writes nothing on stderr before its leaving line.
    let server = try await WatchedScenarioServer.started(["--scenario-file", file.path])
    defer { server.stop() }
    let terminal = try PseudoTerminal(
      [
        "remove-card", "--id", "card-1", "--backend-url", server.url, "--cache-dir",
        cache.path, "--locale", size.locale,
      ], columns: size.columns, rows: size.rows)
    try #require(await server.waitingForLine(containing: "→ DELETE"))

    terminal.send("\u{03}")

    #expect(await terminal.exiting() == 130)
    let rows = PseudoTerminal.rows(of: terminal.text).map { $0.last ?? "" }
    let first = try #require(
      rows.firstIndex { $0.contains(size.english ? "Removing Visa" : "Auf das Entfernen") })
    let lines = rows[first...].prefix { !$0.isEmpty }
    #expect(lines.first?.hasPrefix(size.english ? "Removing" : "Auf das") == true, "\(lines)")
    #expect(lines.allSatisfy { TerminalCells.width($0) <= size.columns }, "\(lines)")
  }

  @Test("a line is broken at its spaces, each piece within the width, no word broken")
  func wrapsAtSpaces() {
    let line = "Auf das Entfernen von Visa •••• 4242 kam noch keine Antwort, als du gegangen bist."
    let wrapped = ErrorLines.wrapped(line + "\n", width: 40)

    #expect(
      wrapped
        == "Auf das Entfernen von Visa •••• 4242 kam\nnoch keine Antwort, als du gegangen\n"
        + "bist.\n")
  }

  @Test("a word wider than the width keeps a line of its own, whole")
  func longWord() {
    let path = "/a/very/long/path/that/is/wider/than/the/terminal"

    #expect(
      ErrorLines.wrapped("cannot use \(path) here\n", width: 20) == "cannot use\n\(path)\nhere\n")
  }

  @Test("text rewritten in place, or not yet ended, is written as it is")
  func inPlaceUntouched() {
    let progress = "\rFinishing your last change: removing Visa •••• 4242… 0:03\u{1B}[K"

    #expect(ErrorLines.wrapped(progress, width: 20) == progress)
    #expect(
      ErrorLines.wrapped("no newline yet, a long line", width: 10) == "no newline yet, a long line")
  }
}
