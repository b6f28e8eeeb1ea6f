import Domain
import Foundation
import Testing

@testable import CLI

@Suite("Untrusted text: escaped, never emitted", .timeLimit(.minutes(1)))
struct UntrustedTextTests {
  @Test(
    "every control and reordering character is shown as a visible escape",
    arguments: [
      ("\u{1B}[31mVisa", "\\u{1B}[31mVisa"),
      ("\u{1B}]0;pwned\u{07}", "\\u{1B}]0;pwned\\u{07}"),
      ("one\ntwo\rthree", "one\\u{0A}two\\u{0D}three"),
      ("tab\there", "tab\\u{09}here"),
      ("\u{7F}\u{85}\u{9B}", "\\u{7F}\\u{85}\\u{9B}"),
      ("\u{202E}gnp.exe", "\\u{202E}gnp.exe"),
      ("\u{2066}x\u{2069}\u{200F}", "\\u{2066}x\\u{2069}\\u{200F}"),
      ("a\u{2028}b", "a\\u{2028}b"),
    ])
  func escapes(raw: String, shown: String) {
    #expect(UntrustedText.escaped(raw) == shown)
  }

  @Test("ordinary text, accents, CJK and emoji pass unchanged")
  func ordinaryText() {
    let text = "Visa •••• 4242 · Café 東京 🎉 e\u{301} €125.50"

    #expect(UntrustedText.escaped(text) == text)
  }

  @Test("JSON text gets JSON escapes for what JSON leaves raw, and reads back the same")
  func jsonEscapes() throws {
    let json = "{\n  \"title\" : \"x\u{7F}\u{9B}\u{202E}\u{2028}é東\"\n}"

    let escaped = UntrustedText.jsonEscaped(json)

    #expect(escaped == "{\n  \"title\" : \"x\\u007F\\u009B\\u202E\\u2028é東\"\n}")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Foundation.Data(escaped.utf8)) as? [String: String])
    #expect(object["title"] == "x\u{7F}\u{9B}\u{202E}\u{2028}é東")
  }

  @Test("a log line holds the server's newline and escape codes as escapes, on one line")
  func logLine() {
    let entry = LogEntry(
      level: .warning, message: "failed\n[error] forged",
      metadata: ["error": "code=\u{1B}[2J", "k\u{1B}y": "v"])

    let line = ConsoleLog.line(for: entry)

    #expect(
      line == "[warning] failed\\u{0A}[error] forged  error=code=\\u{1B}[2J k\\u{1B}y=v")
    #expect(OutputChecks.controls(in: line).isEmpty)
  }
}

@MainActor
@Suite(
  "Untrusted text: scenario files and servers cannot act on the terminal", .timeLimit(.minutes(1)))
struct HostileScenarioTests {
  /// Brands, a rejection and a server's answer that try to colour the terminal, set its
  /// title, clear it, forge a row of the screen and a line of the log, and reverse text.
  static let hostile = #"""
    {
      "cards": {"outcome": "ok", "cards": [
        {"brand": "\u001b[31mVisa", "last4": "4242", "expiry": "08/28", "status": "active"},
        {"brand": "\u001b]0;pwned\u0007Amex", "last4": "0005", "expiry": "08/28",
         "status": "active"},
        {"brand": "Visa\n│  ○ Fake •••• 0000", "last4": "1111", "expiry": "08/28",
         "status": "active"},
        {"brand": "\u202egnp.exe\u009b", "last4": "2222", "expiry": "08/28", "status": "active",
         "rejection": {"reason": "blocked", "message": "\u001b[2J\nforged"}}
      ]},
      "wallet": {"responses": [{"status": 500, "code": "boom\u001b[2J",
                                "message": "one\n[error] forged log line"}]}
    }
    """#

  private func run(_ extra: [String], environment: [String: String] = [:]) async -> CLIRun {
    await runCLI(
      ["--scenario-file", "-", "--verbose"] + extra, environment: environment,
      standardInput: Array(Self.hostile.utf8))
  }

  @Test("without colour, no control byte at all reaches stdout or stderr")
  func plain() async {
    let run = await run(["--no-color"])

    #expect(run.exitCode == .success)
    #expect(OutputChecks.controls(in: run.output).isEmpty)
    #expect(OutputChecks.controls(in: run.errors).isEmpty)
    #expect(run.output.contains("\\u{1B}[31mVisa"))
    #expect(run.output.contains("\\u{202E}gnp.exe\\u{9B}"))
  }

  @Test("in colour, the palette's own colour codes are the only escape bytes")
  func colour() async {
    let run = await run([], environment: ["FORCE_COLOR": "1"])

    #expect(run.output.contains("\u{1B}["))
    #expect(OutputChecks.controls(in: run.output, allowingColour: true).isEmpty)
    #expect(OutputChecks.controls(in: run.errors).isEmpty)
  }

  @Test("a newline in a brand cannot draw a row: every line is a line of the box")
  func noForgedRow() async {
    let run = await run(["--no-color"])
    let lines = run.output.split(separator: "\n")

    #expect(lines.allSatisfy { ["╭", "│", "├", "╰"].contains($0.prefix(1)) })
    #expect(!lines.contains { $0.hasPrefix("│  ○ Fake") })
  }

  @Test("a newline in a server's message cannot forge a log line")
  func noForgedLogLine() async {
    let run = await run(["--no-color"])
    let lines = run.errors.split(separator: "\n")

    #expect(!lines.isEmpty)
    #expect(everyLineIsALogLine(run.errors))
    #expect(!lines.contains { $0.hasPrefix("[error] forged") })
  }

  @Test("--json stays valid JSON and keeps the original strings")
  func json() async throws {
    let run = await run(["--json"])

    let object = try #require(
      try JSONSerialization.jsonObject(with: Foundation.Data(run.output.utf8)) as? [String: Any])
    let methods = try #require(object["methods"] as? [[String: Any]])
    let titles = methods.compactMap { $0["title"] as? String }
    #expect(titles.contains("\u{1B}[31mVisa •••• 4242"))
    #expect(titles.contains("\u{202E}gnp.exe\u{9B} •••• 2222"))
    #expect(
      OutputChecks.controls(in: run.output).isEmpty,
      "JSON writes control and reordering characters as \\u escapes")
  }

  @Test("a command-line value quoted in an error message is escaped")
  func errorMessage() async {
    let run = await runCLI(["--scenario", "\u{1B}[2Jgone\nforged"])

    #expect(run.exitCode == .usage)
    #expect(run.errors.contains("unknown scenario \"\\u{1B}[2Jgone\\u{0A}forged\""))
    #expect(OutputChecks.controls(in: run.errors).isEmpty)
  }

  @Test("a scenario-file value quoted in an error message is escaped")
  func scenarioFileMessage() async {
    let run = await runCLI(
      ["--scenario-file", "-"],
      standardInput: Array(#"{"wallet": {"outcome": "\u001b[2J\nx"}}"#.utf8))

    #expect(run.exitCode == .dataError)
    #expect(run.errors.contains("got \"\\u{1B}[2J\\u{0A}x\""))
    #expect(OutputChecks.controls(in: run.errors).isEmpty)
  }
}
