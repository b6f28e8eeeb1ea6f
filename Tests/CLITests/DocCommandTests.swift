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
    var commands: [DocCommand] = []
    var pending = ""
    for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var line = String(raw)
      if line.hasPrefix("$ ") { line.removeFirst(2) }
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

  static let all =
    ["README.md", "docs/CLI.md", "docs/SCENARIOS.md", "docs/HTTP.md", "docs/TESTING.md"]
    .flatMap(commands(in:))

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
