import Foundation
import Testing

/// The local copy the way a person meets it, on a pseudo-terminal: a first run that loads
/// everything, quit with q, then a second run, offline, with the same `--cache-dir`. This
/// is the test that runs the two-run walk docs/CLI.md shows ("Two runs the way a person
/// meets it", the `d=$(mktemp -d) && swift run payment-methods …` line, which
/// DocCommandTests does not run), as written, and interactively, boxed and accessible.
@Suite("The two-run walk on a pseudo-terminal", .serialized, .timeLimit(.minutes(1)))
struct TwoRunWalkTests {
  /// The first run: the interactive screen of `all-available`, its list waited for, then q.
  private func firstRun(in folder: TemporaryFolder) async throws {
    let terminal = try PseudoTerminal(
      ["--scenario", "all-available", "--cache-dir", folder.path], rows: 40)
    try #require(await terminal.waiting(for: "Enter select"))
    #expect(terminal.text.contains("Visa •••• 4242"))
    terminal.send("q")
    try #require(await terminal.exiting() == 0)
  }

  @Test("offline, the second run shows the first run's wallet and cards, saved, with their age")
  func boxed() async throws {
    let folder = try TemporaryFolder()
    try await firstRun(in: folder)

    let terminal = try PseudoTerminal(
      ["--scenario", "offline", "--cache-dir", folder.path], rows: 40)

    try #require(await terminal.waiting(for: "You're offline · your cards as of "))
    #expect(await terminal.waiting(for: "You're offline · your wallet as of "))
    let screen = terminal.text
    for row in ["Balance €125.50", "Visa •••• 4242", "Mastercard •••• 5454"] {
      #expect(screen.contains(row), "\(row)")
    }
    #expect(screen.contains("Saved · may be out of date"))
    terminal.send("q")
    #expect(await terminal.exiting() == 0)
  }

  @Test("offline and accessible, the second run reads each copied row as saved earlier")
  func accessible() async throws {
    let folder = try TemporaryFolder()
    try await firstRun(in: folder)

    let terminal = try PseudoTerminal(
      ["--accessible", "--scenario", "offline", "--cache-dir", folder.path])

    // The notices are read after the rows: the cards' is the last.
    try #require(await terminal.waiting(for: "You're offline, your cards as of "))
    for label in [
      "1. Wallet, balance €125.50, saved earlier, may be out of date",
      "2. Visa ending in 4242, expires August 2028, saved earlier, may be out of date",
      "3. Mastercard ending in 5454, expires November 2027, saved earlier, may be out of date",
      "You're offline, your wallet as of ",
    ] {
      #expect(terminal.text.contains(label), "\(label)")
    }
    terminal.send("q\r")
    #expect(await terminal.exiting() == 0)
  }

  /// The two commands of docs/CLI.md's walk, each as its arguments with `"$d"` for the
  /// folder. Each runs the program as the README does, `swift run payment-methods`: a bare
  /// `payment-methods` is on no fresh clone's PATH.
  private static func documentedWalk() throws -> [[String]] {
    let text = try document("docs/CLI.md")
    let line = try #require(
      text.split(separator: "\n").first { $0.hasPrefix("d=$(mktemp -d) && ") },
      "docs/CLI.md no longer shows the two-run walk")
    let commands = line.split(separator: "&&").dropFirst().map {
      $0.split(separator: " ").map(String.init)
    }
    let program = ["swift", "run", "payment-methods"]
    try #require(commands.count == 2, "\(line)")
    for command in commands {
      try #require(Array(command.prefix(3)) == program, "not as the README runs it: \(command)")
    }
    return commands.map { Array($0.dropFirst(3)) }
  }

  @Test("the walk docs/CLI.md shows runs as written: the second run lists the first's cards")
  func documented() async throws {
    let folder = try TemporaryFolder()
    let runs = try Self.documentedWalk().map { words in
      words.map { $0 == "\"$d\"" ? folder.path : $0 }
    }
    var screens: [String] = []

    for arguments in runs {
      let terminal = try PseudoTerminal(arguments, rows: 40)
      #expect(await terminal.exiting() == 0, "payment-methods \(arguments)")
      screens.append(terminal.text)
    }

    #expect(screens.first?.contains("Saved · may be out of date") == false)
    #expect(screens.last?.contains("Visa •••• 4242") == true)
    #expect(screens.last?.contains("Saved · may be out of date") == true)
    #expect(screens.last?.contains("You're offline · your cards as of ") == true)
  }
}
