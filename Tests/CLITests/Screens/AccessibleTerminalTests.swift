import Foundation
import Testing

/// `--accessible` on a real pseudo-terminal: lines typed and ended with Enter, every change
/// printed under the last one. Nothing is drawn over, so no box, no colour and no cursor
/// movement may ever reach the terminal.
@Suite("Accessible screen on a pseudo-terminal", .serialized, .timeLimit(.minutes(1)))
struct AccessibleTerminalTests {
  /// A line typed, and what to wait for once it is sent (nothing, when empty).
  typealias Line = (line: String, answered: String)

  /// The journeys of the README and `--list-scenarios`, walked as a screen-reader user
  /// would: the line the screen offers, typed, and what it leads to.
  static let walks: [(scenario: String, offered: String, lines: [Line], shows: String)] =
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

    terminal.send("z\r")
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
      ("a", "Card number:"), ("5555 5555 5555 4444", "Expiry:"), ("12/30", "Security code:"),
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

  /// The add-card form's answers, one field a line.
  private static let cardLines = ["a", "5555 5555 5555 4444", "12/30", "123", "Ada Lovelace"]

  @Test("the add-card form typed one field a line, without waiting for the prompts, saves the card")
  func formTypedAheadLineByLine() async throws {
    let terminal = try PseudoTerminal(["--accessible", "--scenario", "add-card-ok"])
    try #require(await terminal.waiting(for: "a add a card"))
    let before = terminal.output.count

    for line in Self.cardLines { terminal.send(line + "\r") }

    #expect(
      await terminal.waiting(
        for: "Mastercard ending in 4444, expires December 2030, selected", after: before))
    terminal.send("q\r")
    #expect(await terminal.exiting() == 0)
    #expect(!terminal.text.contains("Security code: Enter"), "the code was typed")
  }

  @Test("the add-card form typed in one write, every field and Enter, saves the card")
  func formTypedInOneWrite() async throws {
    let terminal = try PseudoTerminal(["--accessible", "--scenario", "add-card-ok"])
    try #require(await terminal.waiting(for: "a add a card"))
    let before = terminal.output.count

    terminal.send(Self.cardLines.map { $0 + "\r" }.joined())

    #expect(
      await terminal.waiting(
        for: "Mastercard ending in 4444, expires December 2030, selected", after: before))
    terminal.send("q\r")
    #expect(await terminal.exiting() == 0)
  }

  @Test("a form the app finds a problem in asks for that field, and for no other before it")
  func problemAskedOnce() async throws {
    let terminal = try PseudoTerminal(["--accessible", "--scenario", "add-card-ok"])
    try #require(await terminal.waiting(for: "a add a card"))
    // No security code: an empty line keeps the empty field.
    terminal.send(
      ["a", "5555 5555 5555 4444", "12/30", "", "Ada Lovelace"].map { $0 + "\r" }.joined())
    let saving = try #require(
      await terminal.waiting(for: "Saving…") ? terminal.end(of: "Saving…") : nil)

    try #require(await terminal.waiting(for: "Security code:\r\n", after: saving))
    let answer = String(decoding: terminal.output[saving...], as: UTF8.self)
    #expect(!answer.contains("Card number ("), "no prompt for a field the form is leaving")
    terminal.send("\u{1B}\r")
    terminal.send("q\r")
    #expect(await terminal.exiting() == 0)
  }

  @Test(
    "lines typed while the form saves answer the prompt that comes after, and the card is saved")
  func linesTypedWhileSaving() async throws {
    let terminal = try PseudoTerminal(["--accessible", "--scenario", "add-card-ok"])
    try #require(await terminal.waiting(for: "a add a card"))
    let before = terminal.output.count

    // The security code forgotten, then typed with Enter for the name, before the form
    // has said what it is missing.
    terminal.send(
      ["a", "5555 5555 5555 4444", "12/30", "", "Ada Lovelace", "123", ""].map { $0 + "\r" }
        .joined())

    #expect(
      await terminal.waiting(
        for: "Mastercard ending in 4444, expires December 2030, selected", after: before))
    terminal.send("q\r")
    #expect(await terminal.exiting() == 0)
  }

  @Test("a card form whose Sign in and save is refused says so, a line under the journey")
  func refusedSignInOnTheForm() async throws {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("refused-form-sign-in-\(UUID().uuidString).json")
    try Data(InteractiveTerminalTests.formSignInRefused.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let terminal = try PseudoTerminal(["--accessible", "--scenario-file", file.path])
    try #require(await terminal.waiting(for: "a add a card"))
    terminal.send(Self.cardLines.map { $0 + "\r" }.joined())
    try #require(await terminal.waiting(for: "Enter after the last field: Sign in and save."))
    let journey = terminal.output.count

    // Enter keeps each field as typed; on the last one it signs in and saves.
    terminal.send("\r\r\r\r")

    #expect(
      await terminal.waiting(for: "Tried just now: the sign-in was refused.", after: journey))
    terminal.send("\u{1B}\r")
    terminal.send("q\r")
    #expect(await terminal.exiting() == 0)
    Self.expectPlain(terminal.text, "a refused sign-in on the form")
  }

  @Test("with TERM=dumb the accessible screen stays open, a line at a time")
  func dumbTerminal() async throws {
    let terminal = try PseudoTerminal(
      ["--accessible", "--scenario", "all-available"], environment: ["TERM": "dumb"])
    try #require(await terminal.waiting(for: "1 to 4 select a row"))

    terminal.send("2\r")

    #expect(await terminal.waiting(for: "Visa ending in 4242 selected."))
    terminal.send("q\r")
    #expect(await terminal.exiting() == 0)
    Self.expectPlain(terminal.text, "TERM=dumb")
  }

  @Test("j, k and the arrow keys move over the rows, each move read out as a line")
  func moving() async throws {
    let terminal = try PseudoTerminal(["--accessible", "--scenario", "all-available"])
    try #require(await terminal.waiting(for: "1 to 4 select a row"))

    for (line, row) in [
      ("j", "2. Visa ending in 4242"), ("\u{1B}[B", "3. Mastercard ending in 5454"),
      ("k", "2. Visa ending in 4242"), ("\u{1B}[A", "1. Wallet, balance"),
    ] {
      let before = terminal.output.count
      terminal.send(line + "\r")
      try #require(await terminal.waiting(for: "\r\n" + row, after: before), "\(line)")
    }

    terminal.send("q\r")
    #expect(await terminal.exiting() == 0)
    #expect(!terminal.text.contains("That key does nothing here."))
    #expect(!terminal.text.contains("selected"), "moving selects nothing")
  }

  @Test("after j, Enter alone selects the row moved to, as the keys line says")
  func enterSelectsTheRowMovedTo() async throws {
    let terminal = try PseudoTerminal(["--accessible", "--scenario", "all-available"])
    #expect(await terminal.waiting(for: "1 to 4 select a row, j k move, then Enter select"))
    terminal.send("j\r")
    try #require(await terminal.waiting(for: "\r\n2. Visa ending in 4242"))
    let before = terminal.output.count

    terminal.send("\r")

    #expect(await terminal.waiting(for: "Visa ending in 4242 selected.", after: before))
    terminal.send("q\r")
    #expect(await terminal.exiting() == 0)
  }

  /// A row chosen, removed, another made the default: in English and in German, each change
  /// said with the row it touched, and the list printed once. Each line typed waits for the
  /// last thing its answer says (printed with the rest of it in one write), so the typing
  /// never runs ahead of the screen.
  static let changes: [(locale: String, steps: [(line: String, answer: String)])] = [
    (
      "en_US",
      [
        ("2", "Visa ending in 4242 selected."), ("x", "y remove, n keep."),
        ("y", "Visa ending in 4242 removed."), ("1", "Wallet selected."),
        ("d", "Wallet is now your default."),
      ]
    ),
    (
      "de_DE",
      [
        ("2", "Visa mit den Endziffern 4242 ausgewählt."), ("x", "j entfernen, n behalten."),
        ("j", "Visa mit den Endziffern 4242 entfernt."), ("1", "Wallet ausgewählt."),
        ("d", "Wallet ist jetzt dein Standard."),
      ]
    ),
  ]

  @Test(
    "after a change, line mode says the change and the row it touched, not the list again",
    arguments: changes.indices)
  func changeSaysItsRow(change: Int) async throws {
    let (locale, steps) = Self.changes[change]
    let terminal = try PseudoTerminal([
      "--accessible", "--scenario", "all-available", "--locale", locale,
    ])
    try #require(await terminal.waiting(for: "4. Apple Pay"))
    for (line, answer) in steps {
      let before = terminal.output.count
      terminal.send(line + "\r")
      try #require(await terminal.waiting(for: answer, after: before), "\(line)")
    }
    terminal.send("q\r")
    #expect(await terminal.exiting() == 0)

    let text = terminal.text.replacingOccurrences(of: "\r\n", with: "\n")
    #expect(text.components(separatedBy: "4. Apple Pay").count == 2, "the list, once")
    GoldenFile.check(text, against: "interactive/line-mode-changes-\(locale).txt")
  }

  @Test("an error that can be tried again names its key, never a button line mode has not")
  func errorNamesItsKey() async throws {
    let terminal = try PseudoTerminal(["--accessible", "--scenario", "offline"])
    try #require(await terminal.waiting(for: "Keys, each followed by Enter: r try again"))
    terminal.send("q\r")
    #expect(await terminal.exiting() != nil)
    #expect(terminal.text.contains("Connect to the internet, then try again.\r\n"))
    #expect(!terminal.text.contains("Button"))
  }

  @Test("d typed before any row was chosen asks which row, and the row's number answers it")
  func changeAsksWhichRow() async throws {
    let terminal = try PseudoTerminal(["--accessible", "--scenario", "all-available"])
    try #require(await terminal.waiting(for: "1 to 4 select a row"))

    terminal.send("d\r")
    try #require(await terminal.waiting(for: "Which row? Type its number, then Enter."))
    terminal.send("3\r")

    #expect(await terminal.waiting(for: "Mastercard ending in 5454 is now your default."))
    terminal.send("q\r")
    #expect(await terminal.exiting() == 0)
    #expect(!terminal.text.contains("Wallet is now your default."))
  }

  @Test("d on a card its issuer declined says why it cannot be the default")
  func defaultRefusedWithItsReason() async throws {
    let terminal = try PseudoTerminal(["--accessible", "--scenario", "card-rejected"])
    try #require(await terminal.waiting(for: "1 to 4 select a row"))

    terminal.send("3\r")
    try #require(await terminal.waiting(for: "can't be used to pay"))
    terminal.send("d\r")

    #expect(await terminal.waiting(for: "was declined by the issuer, so it can't be your default"))
    terminal.send("q\r")
    #expect(await terminal.exiting() == 0)
    #expect(!terminal.text.contains("That key does nothing here."))
    #expect(!terminal.text.contains("Making it your default"), "nothing was sent")
  }

  @Test("d on the default says it is the default already")
  func defaultAlready() async throws {
    let terminal = try PseudoTerminal(["--accessible", "--scenario", "set-default-ok"])
    try #require(await terminal.waiting(for: "1 to 4 select a row"))
    terminal.send("2\r")
    try #require(await terminal.waiting(for: "Visa ending in 4242 selected."))
    terminal.send("d\r")
    try #require(await terminal.waiting(for: "is now your default"))
    terminal.send("d\r")

    #expect(await terminal.waiting(for: "Visa ending in 4242 is your default already."))
    terminal.send("q\r")
    #expect(await terminal.exiting() == 0)
    #expect(!terminal.text.contains("That key does nothing here."))
  }

  @Test("a row's number typed while the question to remove a card is asked removes nothing")
  func numberDuringTheQuestion() async throws {
    let terminal = try PseudoTerminal(["--accessible", "--scenario", "all-available"])
    try #require(await terminal.waiting(for: "1 to 4 select a row"))
    terminal.send("2\r")
    try #require(await terminal.waiting(for: "Visa ending in 4242 selected."))
    terminal.send("x\r")
    try #require(await terminal.waiting(for: "Remove Visa ending in 4242?"))
    let before = terminal.output.count

    terminal.send("3\r")

    #expect(await terminal.waiting(for: "That key does nothing here.", after: before))
    terminal.send("n\r")
    terminal.send("q\r")
    #expect(await terminal.exiting() == 0)
    #expect(!terminal.text.contains("removed"))
  }

  @Test("an empty line reads out the keys the screen takes")
  func emptyLineReadsTheKeys() async throws {
    let terminal = try PseudoTerminal(["--accessible", "--scenario", "all-available"])
    try #require(await terminal.waiting(for: "1 to 4 select a row"))
    let before = terminal.output.count

    terminal.send("\r")

    #expect(await terminal.waiting(for: "Keys, each followed by Enter:", after: before))
    terminal.send("q\r")
    #expect(await terminal.exiting() == 0)
  }

  /// No box drawing, no colour, no cursor movement: only the lines, and what was typed.
  private static func expectPlain(_ text: String, _ label: String) {
    #expect(!text.contains { "╭╮╰╯│─├┤".contains($0) }, "\(label)")
    #expect(!text.replacingOccurrences(of: "^[", with: "").contains("\u{1B}["), "\(label)")
  }
}
