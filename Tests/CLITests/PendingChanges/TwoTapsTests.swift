import Foundation
import Testing

/// Two taps of `d` on the screen, the second while the first is on its way: the second
/// waits its turn and says so, and the default ends as the person last chose.
@Suite("Two taps of d in a row", .timeLimit(.minutes(1)))
struct TwoTapsTests {
  @Test("a second default chosen while the first is on its way waits, says so, and wins")
  func secondTapWaitsAndWins() async throws {
    let folder = try TemporaryFolder()
    let file = folder.url.appendingPathComponent("slow-default.json")
    try Data(#"{"setDefault": {"outcome": "ok", "latencyMs": 4000}}"#.utf8).write(to: file)
    let terminal = try PseudoTerminal(["--scenario-file", file.path])
    try #require(await terminal.waiting(for: "Enter select"))

    // The first card, then, while its answer takes four seconds, the second.
    let before = try await tapDefaultTwice(terminal)

    #expect(
      await terminal.waiting(
        for: "Waiting for your earlier choice of default…", after: before))
    #expect(
      await terminal.waiting(
        for: "Mastercard •••• 5454 is now your default.", after: before, seconds: 20))
    terminal.send("q")
    #expect(await terminal.exiting() == 0)
  }

  @Test("the first default's retry, after its answer was lost, never lands after the second")
  func retryNeverOvertakes() async throws {
    let folder = try TemporaryFolder()
    let file = folder.url.appendingPathComponent("lost-default.json")
    // The first PUT's answer is lost; every later one is answered, a second and a half on.
    let script =
      #"{"setDefault": {"latencyMs": 1500, "responses": [{"transport": "connectionLost"}, "#
      + #"{"status": 200}]}}"#
    try Data(script.utf8).write(to: file)
    let terminal = try PseudoTerminal(["--scenario-file", file.path])
    try #require(await terminal.waiting(for: "Enter select"))

    let before = try await tapDefaultTwice(terminal)
    try #require(
      await terminal.waiting(
        for: "Mastercard •••• 5454 is now your default.", after: before, seconds: 20))
    terminal.send("q")
    #expect(await terminal.exiting() == 0)

    // The first change ended, retry and all, before the second went out.
    let text = terminal.text
    let visa = text.range(of: "Visa •••• 4242 is now your default.")
    let mastercard = text.range(
      of: "Mastercard •••• 5454 is now your default.", options: .backwards)
    #expect(visa != nil)
    #expect(mastercard.map { $0.lowerBound > (visa?.lowerBound ?? text.endIndex) } == true)
  }

  /// `d` on the first card and, once its row says it is on its way, `d` on the second;
  /// returns where the output stood between the two.
  private func tapDefaultTwice(_ terminal: PseudoTerminal) async throws -> Int {
    terminal.send("j")
    try #require(await terminal.waiting(for: "▸○ Visa •••• 4242"))
    terminal.send("d")
    try #require(await terminal.waiting(for: "Making it your default…"))
    let before = terminal.output.count
    terminal.send("j")
    try #require(await terminal.waiting(for: "▸○ Mastercard •••• 5454", after: before))
    terminal.send("d")
    return before
  }
}
