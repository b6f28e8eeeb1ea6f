import DemoBackend
import Foundation
import Testing

@testable import CLI

/// Every `swift run payment-methods …` command in the README and docs/, run as the binary
/// would run it: a command a reader copies must work, and end with the exit code its
/// comment promises ("exit 75").
@Suite("Documentation: every command in the docs runs", .timeLimit(.minutes(1)))
struct DocCommandTests {
  struct DocCommand: CustomTestStringConvertible, Sendable {
    let file: String
    let arguments: [String]
    let promisedExit: Int32?

    var testDescription: String { "\(file): payment-methods \(arguments.joined(separator: " "))" }
  }

  /// The commands of `file`'s code blocks, continuation lines joined. Runs against a server
  /// (`--backend-url`) are left to CI's HTTP steps.
  static func commands(in file: String) -> [DocCommand] {
    guard let text = try? document(file) else { return [] }
    return commands(inText: text, file: file)
  }

  static func commands(inText text: String, file: String) -> [DocCommand] {
    var commands: [DocCommand] = []
    var pending = ""
    for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var line = String(raw)
      if line.hasPrefix("$ ") { line.removeFirst(2) }
      // The README's first command builds every program first; the run is what is checked.
      if line.hasPrefix("swift build && ") { line.removeFirst("swift build && ".count) }
      guard !pending.isEmpty || line.hasPrefix("swift run payment-methods ") else { continue }
      if line.hasSuffix("\\") {
        pending += line.dropLast() + " "
        continue
      }
      line = pending + line
      pending = ""
      let (command, comment) = split(comment: line)
      let words = shellWords(command).dropFirst(3)
      guard !words.contains("--backend-url") else { continue }
      commands.append(
        DocCommand(file: file, arguments: Array(words), promisedExit: promisedExit(comment)))
    }
    return commands
  }

  static let files = [
    "README.md", "docs/CLI.md", "docs/SCENARIOS.md", "docs/HTTP.md", "docs/TESTING.md",
    "docs/IOS.md",
  ]

  static let all = files.flatMap(commands(in:))

  @Test("the docs hold commands to run")
  func thereAreCommands() {
    #expect(Self.all.count >= 8)
  }

  @Test("a command from the docs runs, with the exit code it promises", arguments: all)
  @MainActor
  func runs(command: DocCommand) async {
    let run = await runCLI(command.arguments)

    #expect(run.exitCode != .usage, "\(run.errors)")
    if let promised = command.promisedExit {
      #expect(run.exitCode.rawValue == promised)
    }
  }

  /// An output block shown directly under a command's block (nothing but blank lines
  /// between them), with the last command of that block: what a reader expects to see.
  struct ShownOutput: CustomTestStringConvertible, Sendable {
    let file: String
    let command: DocCommand
    let shown: String

    var testDescription: String { "output of " + command.testDescription }
  }

  static func shownOutputs(in file: String) -> [ShownOutput] {
    guard let text = try? document(file) else { return [] }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var outputs: [ShownOutput] = []
    var index = 0
    while index < lines.count {
      guard lines[index].hasPrefix("```sh") else {
        index += 1
        continue
      }
      let blockEnd = lines[(index + 1)...].firstIndex { $0.hasPrefix("```") } ?? lines.count
      let block = lines[(index + 1)..<blockEnd].joined(separator: "\n")
      var next = blockEnd + 1
      while next < lines.count, lines[next].trimmingCharacters(in: .whitespaces).isEmpty {
        next += 1
      }
      index = blockEnd + 1
      guard next < lines.count, lines[next].hasPrefix("```"), !lines[next].hasPrefix("```sh"),
        let command = commands(inText: block, file: file).last
      else { continue }
      let outputEnd = lines[(next + 1)...].firstIndex { $0.hasPrefix("```") } ?? lines.count
      outputs.append(
        ShownOutput(
          file: file, command: command,
          shown: lines[(next + 1)..<outputEnd].joined(separator: "\n")))
      index = outputEnd + 1
    }
    return outputs
  }

  static let allOutputs = files.flatMap(shownOutputs(in:))

  @Test("the docs show the output of some of their commands")
  func thereAreOutputs() {
    #expect(Self.allOutputs.count >= 2)
  }

  @Test("an output shown under a command is what the command prints", arguments: allOutputs)
  @MainActor
  func showsRealOutput(output: ShownOutput) async {
    let run = await runCLI(output.command.arguments)

    #expect(
      Self.normalized(run.output) == Self.normalized(output.shown),
      "\(output.file) shows an output that is not the command's:\n\(run.output)")
  }

  @Test(
    "a reference shown in an output is a trace id as real runs print it: 16 hex digits",
    arguments: allOutputs)
  func shownReferencesAreRealTraceIDs(output: ShownOutput) {
    let references =
      output.shown.matches(of: /Reference: ([^\s.]+)/).map { String($0.output.1) }
      + output.shown.matches(of: /"traceId" : "([^"]+)"/).map { String($0.output.1) }

    for reference in references {
      #expect(
        reference.wholeMatch(of: /[0-9a-f]{16}/) != nil,
        "\(output.file) shows \(reference), which no run prints")
    }
  }

  @Test("every scenario file shown in docs/SCENARIOS.md is one the app reads")
  func scenarioFilesParse() throws {
    let text = try document("docs/SCENARIOS.md")
    let blocks = text.components(separatedBy: "```json\n").dropFirst().map {
      $0.components(separatedBy: "```").first ?? ""
    }

    #expect(!blocks.isEmpty)
    for block in blocks {
      #expect(throws: Never.self) { try ScenarioFile.parse(Data(block.utf8), name: "docs") }
    }
  }

  /// Trace ids differ from run to run (the tests' are sequential); the rest must not.
  private static func normalized(_ text: String) -> String {
    text.replacing(/"traceId" : "[^"]*"/, with: "\"traceId\" : \"…\"")
      .replacing(/Reference: \S+/, with: "Reference: …")
      .trimmingCharacters(in: .newlines)
  }

  private static func split(comment line: String) -> (String, String) {
    guard let hash = line.range(of: " #") else { return (line, "") }
    return (String(line[..<hash.lowerBound]), String(line[hash.upperBound...]))
  }

  /// "exit 75" in a comment.
  private static func promisedExit(_ comment: String) -> Int32? {
    guard let range = comment.range(of: "exit ") else { return nil }
    return Int32(comment[range.upperBound...].prefix { $0.isNumber })
  }

  /// Words as a POSIX shell splits them, for the quoting the docs use: double and single
  /// quotes, no variables.
  private static func shellWords(_ command: String) -> [String] {
    var words: [String] = []
    var word = ""
    var quote: Character?
    var inWord = false
    for character in command {
      if let open = quote {
        if character == open { quote = nil } else { word.append(character) }
      } else if character == "\"" || character == "'" {
        quote = character
        inWord = true
      } else if character == " " {
        if inWord { words.append(word) }
        word = ""
        inWord = false
      } else {
        word.append(character)
        inWord = true
      }
    }
    if inWord { words.append(word) }
    return words
  }
}
