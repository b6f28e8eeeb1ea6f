import Foundation
import Testing

/// `--accessible` on a real pseudo-terminal: lines typed and ended with Enter, every change
/// printed under the last one. Nothing is drawn over, so no box, no colour and no cursor
/// movement may ever reach the terminal.
@Suite("Accessible screen on a pseudo-terminal", .serialized, .timeLimit(.minutes(1)))
struct AccessibleTerminalTests {
  /// The journeys of the README and `--list-scenarios`, walked as a screen-reader user
  /// would: the line the screen offers, typed, and what it leads to.
  static let walks:
    [(scenario: String, offered: String, lines: [(line: String, answered: String)], shows: String)] =
      [
        ("cards-offline", "r try again", [("r", "")], "Visa ending in 4242"),
        ("everything-fails", "r try again", [("r", "")], "Wallet, balance €125.50"),
        ("offline", "r try again", [("r", "")], "Wallet, balance €125.50"),
        ("rate-limited", "r try again", [("r", "")], "Wallet, balance €125.50"),
        ("server-down", "r try again", [("r", "")], "Wallet, balance €125.50"),
        ("refresh-offline", "r try again", [("r", "")], "Wallet, balance €125.50"),
        ("session-expired", "Enter Sign in", [("", "")], "Wallet, balance €125.50"),
        (
          "user-not-verified", "Enter Check my status again",
          [("", "Checked just now"), ("", "")], "Wallet, balance €125.50"
        ),
        ("user-locked", "Enter Contact support", [("", "")], "Reach support from Help in the app"),
        ("client-outdated", "Enter Update", [("", "")], "open the App Store"),
        (
          "add-card-ok", "a add a card",
          [
            ("a", "Card number:"), ("5555 5555 5555 4444", "Expiry:"), ("12/30", "Security code:"),
            ("123", "Name on card:"), ("Ada Lovelace", ""),
          ],
          "Mastercard ending in 4444 selected."
        ),
        (
          "update-card-ok", "1 to 4 select a row",
          [("3", "e new expiry"), ("e", "Expiry:"), ("0130", "")],
          "Mastercard ending in 4444 now expires 01/30."
        ),
      ]

  @Test(
    "each journey is walked line by line, and nothing is ever drawn over", arguments: walks.indices)
  func journey(walk: Int) async throws {
    let (scenario, offered, lines, shows) = Self.walks[walk]
    let terminal = try PseudoTerminal(["--accessible", "--scenario", scenario])
    try #require(await terminal.waiting(for: offered), "\(scenario)")

    for (line, answered) in lines {
      let before = terminal.output.count
      terminal.send(line + "\r")
      if !answered.isEmpty {
        try #require(await terminal.waiting(for: answered, after: before), "\(line)")
      }
    }

    #expect(await terminal.waiting(for: shows), "\(scenario)")
    terminal.send("q\r")
    #expect(await terminal.exiting() != nil)
    Self.expectPlain(terminal.text, scenario)
  }

  @Test("ACCESSIBLE=1 does what --accessible does, and a key that does nothing says so")
  func environment() async throws {
    let terminal = try PseudoTerminal(
      ["--scenario", "all-available"], environment: ["TERM": "xterm-256color", "ACCESSIBLE": "1"])
    try #require(await terminal.waiting(for: "1 to 4 select a row"))

    terminal.send("x\r")
    try #require(await terminal.waiting(for: "That key does nothing here."))
    terminal.send("2\r")
    try #require(await terminal.waiting(for: "Visa ending in 4242, expires August 2028, selected"))
    terminal.send("q\r")

    #expect(await terminal.exiting() == 0)
    // Said as a screen reader reads a card: by its last four in words, not by its dots.
    #expect(terminal.text.contains("Selected: Visa ending in 4242"))
    #expect(terminal.text.contains("Visa ending in 4242 selected."))
    #expect(!terminal.text.contains("Visa •••• 4242 selected."))
    Self.expectPlain(terminal.text, "ACCESSIBLE=1")
  }

  @Test("the security code is not echoed as it is typed")
  func securityCodeHidden() async throws {
    let terminal = try PseudoTerminal(["--accessible", "--scenario", "add-card-ok"])
    try #require(await terminal.waiting(for: "a add a card"))
    for (line, next) in [
      ("a", "Card number:"), ("4242 4242 4242 4242", "Expiry:"), ("12/30", "Security code:"),
    ] {
      terminal.send(line + "\r")
      try #require(await terminal.waiting(for: next))
    }
    let before = terminal.output.count

    terminal.send("987\r")

    try #require(await terminal.waiting(for: "Name on card:", after: before))
    #expect(!terminal.text.contains("987"))
    terminal.send("\u{1B}\r")
    try #require(await terminal.waiting(for: "1 to 4 select a row", after: before))
    terminal.send("q\r")
    #expect(await terminal.exiting() == 0)
  }

  /// No box drawing, no colour, no cursor movement: only the lines, and what was typed.
  private static func expectPlain(_ text: String, _ label: String) {
    #expect(!text.contains { "╭╮╰╯│─├┤".contains($0) }, "\(label)")
    #expect(!text.replacingOccurrences(of: "^[", with: "").contains("\u{1B}["), "\(label)")
  }
}
