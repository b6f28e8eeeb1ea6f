import Foundation
import Testing

@testable import CLI

/// The interactive screen's rules, in-process: every key in every state.
@MainActor
@Suite("Interactive screen: what each key does in each state", .timeLimit(.minutes(1)))
struct InteractiveScreenTests {
  typealias Effect = InteractiveScreen.Effect

  /// The states a screen can show, by the scenario that shows them.
  nonisolated static let states = [
    "all-available", "no-methods", "offline", "malformed-response", "session-expired",
    "user-not-verified", "user-locked", "client-outdated",
  ]

  nonisolated static let everyKey: [Key] =
    [
      .up, .down, .home, .end, .enter, .tab, .shiftTab, .escape, .interrupt, .suspend,
    ] + "qrwl?jkgGx a".map { Key.character($0) }

  @Test("quitting works in every state: q, Esc and Ctrl-C", arguments: states)
  func quitEverywhere(scenario: String) async {
    let snapshot = await InteractiveFixtures.snapshot(scenario)
    for key in [Key.character("q"), .escape, .interrupt] {
      var model = InteractiveScreen(screen: .paymentMethods)
      #expect(model.handle(key, on: snapshot) == [.quit], "\(key) in \(scenario)")
    }
  }

  @Test("a key does something only where the footer lists it", arguments: states)
  func footerListsWhatWorks(scenario: String) async {
    let snapshot = await InteractiveFixtures.snapshot(scenario)
    let model = InteractiveScreen(screen: .paymentMethods)
    let offered = model.actions(for: snapshot)

    for key in Self.everyKey {
      var changed = model
      let effects = changed.handle(key, on: snapshot)
      // ↑↓ scroll a screen taller than the terminal, and the frame offers them there
      // (ShortTerminalTests); where it fits, the session takes back a scroll that moved
      // nothing.
      changed.scroll = model.scroll
      guard !effects.isEmpty || changed != model else { continue }
      let action = Self.action(of: key, effects: effects)
      #expect(
        action == nil || offered.contains(action!) || key == .suspend,
        "\(key) acts in \(scenario) but the footer does not offer it")
    }
  }

  @Test(
    "the footer offers exactly what each state allows",
    arguments: [
      ("all-available", ["↑↓ move", "Enter select", "a add a card"]),
      ("no-methods", ["r try again", "a add a card"]),
      ("offline", ["r try again"]),
      ("malformed-response", []),
      ("session-expired", ["Enter Sign in"]),
      ("user-not-verified", ["Enter Check my status again"]),
      ("user-locked", ["Enter Contact support"]),
      ("client-outdated", ["Enter Update"]),
    ])
  func footer(scenario: String, specific: [String]) async {
    let snapshot = await InteractiveFixtures.snapshot(scenario)
    let hints = InteractiveScreen(screen: .paymentMethods).actions(for: snapshot)
      .map { "\($0.hint(.english).keys) \($0.hint(.english).does)" }

    #expect(hints == specific + ["w wallet", "l log", "? help", "q quit"])
  }

  @Test(
    "the form's own keys read like the others, in English and German: lower case, keys named",
    arguments: [
      ("en_US", ["Tab Shift-Tab fields", "Enter save", "Esc back", "Esc stop waiting"]),
      (
        "de_DE",
        ["Tab Umschalt-Tab Felder", "Enter speichern", "Esc zurück", "Esc nicht mehr warten"]
      ),
    ])
  func formHints(locale: String, expected: [String]) {
    let words = TerminalWords(locale: Locale(identifier: locale))
    let actions: [InteractiveScreen.Action] = [.nextField, .save, .back, .stopWaiting]

    #expect(actions.map { "\($0.hint(words).keys) \($0.hint(words).does)" } == expected)
  }

  @Test("while loading, only switching, the panels and quitting do anything")
  func loading() {
    let hints = InteractiveScreen(screen: .paymentMethods).actions(for: InteractiveFixtures.loading)
      .map { $0.hint(.english).keys }

    #expect(hints == ["w", "l", "?", "q"])
  }

  @Test("the arrows and j k g G move the cursor within the rows, never past them")
  func moving() async {
    let snapshot = await InteractiveFixtures.snapshot("all-available")
    var model = InteractiveScreen(screen: .paymentMethods)

    _ = model.handle(.up, on: snapshot)
    #expect(model.highlighted == 0)
    _ = model.handle(.down, on: snapshot)
    _ = model.handle(.character("j"), on: snapshot)
    #expect(model.highlighted == 2)
    _ = model.handle(.character("G"), on: snapshot)
    _ = model.handle(.down, on: snapshot)
    #expect(model.highlighted == snapshot.methods.count - 1)
    _ = model.handle(.character("k"), on: snapshot)
    #expect(model.highlighted == snapshot.methods.count - 2)
    _ = model.handle(.home, on: snapshot)
    #expect(model.highlighted == 0)
    _ = model.handle(.end, on: snapshot)
    _ = model.handle(.character("g"), on: snapshot)
    #expect(model.highlighted == 0)
  }

  @Test("j and k stop on a source's notice where its rows would be, which takes no row's keys")
  func movingOverANotice() async {
    let snapshot = await InteractiveFixtures.snapshot("cards-offline")
    var model = InteractiveScreen(screen: .paymentMethods)
    model.rowChanges = true

    _ = model.handle(.character("j"), on: snapshot)
    let onNotice = model.actions(for: snapshot).map { $0.hint(.english).keys }
    let enter = model.handle(.enter, on: snapshot)
    _ = model.handle(.character("j"), on: snapshot)
    let next = model.highlightedStop(in: snapshot)
    _ = model.handle(.character("k"), on: snapshot)
    _ = model.handle(.character("k"), on: snapshot)

    #expect(onNotice == ["↑↓", "r", "a", "w", "l", "?", "q"])
    #expect(enter == [])
    #expect(next == .row(snapshot.methods.count - 1))
    #expect(model.highlightedStop(in: snapshot) == .row(0))
  }

  @Test("Enter selects the highlighted row through the view model")
  func selecting() async throws {
    let snapshot = await InteractiveFixtures.snapshot("all-available")
    var model = InteractiveScreen(screen: .paymentMethods)
    _ = model.handle(.down, on: snapshot)

    let effects = model.handle(.enter, on: snapshot)

    try #require(snapshot.methods.count > 1)
    #expect(effects == [.select(rowID: snapshot.methods[1].id)])
  }

  @Test("on a row that cannot be chosen the footer offers no Enter, and Enter there says why")
  func enterOnARowThatCannotPay() async throws {
    let snapshot = await InteractiveFixtures.snapshot("card-rejected")
    let declined = try #require(snapshot.methods.firstIndex { !$0.selectable })
    var model = InteractiveScreen(screen: .paymentMethods)
    for _ in 0..<declined { _ = model.handle(.down, on: snapshot) }

    #expect(!model.actions(for: snapshot).contains(.select))
    #expect(model.highlightedRow(in: snapshot) == declined, "the cursor stays on it")
    // The view model answers a choice it refuses with the reason.
    #expect(model.handle(.enter, on: snapshot) == [.select(rowID: snapshot.methods[declined].id)])
  }

  @Test("while the question to remove a card is asked, its row stays highlighted")
  func questionKeepsTheRow() async throws {
    let snapshot = await InteractiveFixtures.snapshot("all-available")
    let card = try #require(snapshot.methods.firstIndex { $0.kind == .card })
    var model = InteractiveScreen(screen: .paymentMethods)
    model.rowChanges = true
    for _ in 0..<card { _ = model.handle(.down, on: snapshot) }

    _ = model.handle(.character("x"), on: snapshot)

    #expect(model.confirmingRemoval == snapshot.methods[card].id)
    #expect(model.highlightedRow(in: snapshot) == card)
  }

  @Test("r tries again only where the recovery says trying again can help")
  func retrying() async {
    var model = InteractiveScreen(screen: .paymentMethods)

    #expect(
      model.handle(.character("r"), on: await InteractiveFixtures.snapshot("offline")) == [
        .retry(.paymentMethods)
      ])
    #expect(
      model.handle(.character("r"), on: await InteractiveFixtures.snapshot("cards-offline")) == [
        .retry(.paymentMethods)
      ])
    #expect(
      model.handle(.character("r"), on: await InteractiveFixtures.snapshot("malformed-response"))
        .isEmpty)
    #expect(
      model.handle(.character("r"), on: await InteractiveFixtures.snapshot("unexpected-error"))
        .isEmpty, "a failed source that only support can help with")
    #expect(
      model.handle(.character("r"), on: await InteractiveFixtures.snapshot("all-available")).isEmpty
    )
    #expect(model.handle(.character("r"), on: InteractiveFixtures.loading).isEmpty)
  }

  @Test(
    "Enter on a journey takes its way on",
    arguments: [
      ("session-expired", [Effect.signIn(.paymentMethods)]),
      ("user-not-verified", [.checkStatus(.paymentMethods)]),
      ("user-locked", []), ("client-outdated", []),
    ])
  func journeys(scenario: String, effects: [Effect]) async {
    var model = InteractiveScreen(screen: .paymentMethods)

    #expect(model.handle(.enter, on: await InteractiveFixtures.snapshot(scenario)) == effects)
  }

  @Test("a journey the app cannot finish says what the user would do next, support with the id")
  func guidance() async throws {
    var model = InteractiveScreen(screen: .paymentMethods)
    let locked = await InteractiveFixtures.snapshot("user-locked")

    _ = model.handle(.enter, on: locked)

    let reference = try #require(locked.error?.traceId)
    #expect(model.guidance?.text(.english).contains("quote reference \(reference)") == true)
    _ = model.handle(.enter, on: await InteractiveFixtures.snapshot("client-outdated"))
    #expect(model.guidance?.text(.english).contains("App Store") == true)
  }

  @Test("w, Tab and Shift-Tab switch screens; a screen loads the first time it is shown")
  func switching() async {
    let snapshot = await InteractiveFixtures.snapshot("all-available")
    var model = InteractiveScreen(screen: .paymentMethods)

    #expect(model.handle(.character("w"), on: snapshot) == [.load(.wallet)])
    #expect(model.screen == .wallet)
    #expect(model.handle(.tab, on: snapshot).isEmpty)
    #expect(model.screen == .paymentMethods)
    #expect(model.handle(.shiftTab, on: snapshot).isEmpty)
    #expect(model.screen == .wallet)
  }

  @Test("l and ? toggle their panels; Ctrl-Z suspends")
  func panels() async {
    let snapshot = await InteractiveFixtures.snapshot("offline")
    var model = InteractiveScreen(screen: .paymentMethods)

    _ = model.handle(.character("l"), on: snapshot)
    _ = model.handle(.character("?"), on: snapshot)
    #expect(model.showsLog && model.showsHelp)
    _ = model.handle(.character("l"), on: snapshot)
    _ = model.handle(.character("?"), on: snapshot)
    #expect(!model.showsLog && !model.showsHelp)
    #expect(model.handle(.suspend, on: snapshot) == [.suspend])
  }

  /// The footer's action that a key with these effects stands for (nil: none needed).
  private static func action(of key: Key, effects: [Effect]) -> InteractiveScreen.Action? {
    switch key {
    case .up, .down, .home, .end, .character("j"), .character("k"), .character("g"),
      .character("G"):
      return .move
    case .enter:
      if case .select? = effects.first { return .select }
      return nil
    case .character("r"): return .retry
    default: return nil
    }
  }
}

@Suite("Interactive screen: keys from the terminal's bytes", .timeLimit(.minutes(1)))
struct KeyDecodingTests {
  @Test(
    "each key's bytes decode to it",
    arguments: [
      ([0x1B, 0x5B, 0x41], Key.up), ([0x1B, 0x5B, 0x42], .down), ([0x1B, 0x4F, 0x48], .home),
      ([0x1B, 0x5B, 0x31, 0x7E], .home), ([0x1B, 0x5B, 0x46], .end),
      ([0x1B, 0x5B, 0x34, 0x7E], .end),
      ([0x1B, 0x5B, 0x5A], .shiftTab), ([0x1B], .escape), ([0x03], .interrupt), ([0x1A], .suspend),
      ([0x0D], .enter), ([0x09], .tab), ([0x71], .character("q")),
      ([0x1B, 0x5B, 0x35, 0x7E], .pageUp), ([0x1B, 0x5B, 0x36, 0x7E], .pageDown),
    ] as [([UInt8], Key)])
  func decodes(bytes: [UInt8], key: Key) {
    #expect(Key.decode(bytes) == [key])
  }

  @Test("an unknown escape sequence is no key, and above all not Esc, which quits")
  func unknownSequences() {
    #expect(Key.decode([0x1B, 0x5B, 0x44]).isEmpty)  // ←
    #expect(Key.decode([0x1B, 0x5B, 0x31, 0x35, 0x7E]).isEmpty)  // F5
  }

  @Test("keys typed fast arrive in one read and decode in order")
  func several() {
    #expect(Key.decode([0x6A, 0x1B, 0x5B, 0x41, 0x0D]) == [.character("j"), .up, .enter])
  }
}
