import Foundation
import Testing

@testable import CLI

/// The first frame and the question to remove a card, on the built binary on
/// pseudo-terminals of three sizes, in English and German: the screen's title stays in
/// sight, the scroll markers read as a native speaker writes them, and the question takes
/// the yes key a reader of the language expects (j for "ja"), y in every language.
@Suite("The title and the yes key on a pseudo-terminal", .serialized, .timeLimit(.minutes(1)))
struct FirstFrameAndYesKeyTests {
  static let sizes: [(Int, Int)] = [(80, 24), (80, 10), (40, 8)]

  @Test(
    "every frame up to the list shows the screen's title, in the language",
    arguments: sizes, ScreenLanguage.both)
  func titleInSight(size: (Int, Int), language: ScreenLanguage) async throws {
    let terminal = try PseudoTerminal(
      ["--no-color", "--locale", language.locale], columns: size.0, rows: size.1)

    try #require(await terminal.waitingForFrame(containing: language.selectKey))

    // The frames up to the first that shows the list's keys, that one in part.
    let listed = try #require(terminal.end(of: language.selectKey))
    let frames = String(decoding: terminal.output.prefix(listed), as: UTF8.self)
      .components(separatedBy: "\u{1B}[H").dropFirst()
    #expect(!frames.isEmpty)
    #expect(frames.allSatisfy { $0.contains(language.title) })
    terminal.send("q")
    #expect(await terminal.exiting() == 0)
  }

  @Test(
    "on a short terminal the list's side out of sight is marked in the language's words",
    arguments: [(80, 10), (40, 8)] as [(Int, Int)], ScreenLanguage.both)
  func markerWords(size: (Int, Int), language: ScreenLanguage) async throws {
    let terminal = try PseudoTerminal(
      ["--no-color", "--locale", language.locale], columns: size.0, rows: size.1)

    try #require(await terminal.waitingForFrame(containing: language.selectKey))

    #expect(terminal.lastFrameLines.contains("  " + language.moreBelow))
    terminal.send("q")
    #expect(await terminal.exiting() == 0)
  }

  /// Asks to remove Visa •••• 4242, the second row; the output's length when `x` was sent.
  private func askingToRemove(_ terminal: PseudoTerminal, _ language: ScreenLanguage)
    async throws -> Int
  {
    try #require(await terminal.waitingForFrame(containing: language.selectKey))
    terminal.send("j")
    try #require(await terminal.waiting(for: "▸○ Visa"))
    let asked = terminal.output.count
    terminal.send("x")
    try #require(await terminal.waitingForFrame(containing: language.question, after: asked))
    return asked
  }

  @Test(
    "the question to remove a card offers the language's yes key, and that key removes it",
    arguments: sizes, ScreenLanguage.both)
  func yesKeyRemoves(size: (Int, Int), language: ScreenLanguage) async throws {
    let terminal = try PseudoTerminal(
      ["--no-color", "--locale", language.locale], columns: size.0, rows: size.1)
    let asked = try await askingToRemove(terminal, language)
    #expect(terminal.lastFrameLines.contains { $0.contains(language.removeKeys) })

    terminal.send(language.yes)

    #expect(await terminal.waiting(for: language.removed, after: asked))
    terminal.send("q")
    #expect(await terminal.exiting() == 0)
  }

  @Test("on a German screen, y answers the question too")
  func englishYesInGerman() async throws {
    let terminal = try PseudoTerminal(["--no-color", "--locale", "de_DE"])
    let asked = try await askingToRemove(terminal, .german)

    terminal.send("y")

    #expect(await terminal.waiting(for: ScreenLanguage.german.removed, after: asked))
    terminal.send("q")
    #expect(await terminal.exiting() == 0)
  }

  @Test("on an English screen, j moves nowhere and removes nothing on the question")
  func jIsNoYesInEnglish() {
    var model = InteractiveScreen(screen: .paymentMethods)
    model.yesKey = TerminalWords.english.yesKey
    model.confirmingRemoval = "card-1"
    let snapshot = ScreenSnapshot(screen: .paymentMethods, status: .loading, ending: .shown)

    #expect(model.handle(.character("j"), on: snapshot) == [])
    #expect(model.confirmingRemoval == "card-1")
    #expect(model.handle(.character("y"), on: snapshot) == [.removeCard(rowID: "card-1")])
  }

  @Test("German yes is j, and y is taken too; the German help names j")
  func germanYesKey() {
    let german = TerminalWords(locale: Locale(identifier: "de_DE"))
    var model = InteractiveScreen(screen: .paymentMethods)
    model.yesKey = german.yesKey
    model.confirmingRemoval = "card-1"
    let snapshot = ScreenSnapshot(screen: .paymentMethods, status: .loading, ending: .shown)

    #expect(german.yesKey == "j")
    #expect(model.handle(.character("j"), on: snapshot) == [.removeCard(rowID: "card-1")])
    #expect(german["help.remove"].contains("(j oder Enter"))
  }
}
