import Foundation
import Testing

@testable import CLI

/// The log panel's rules, in-process: where it stands, and which keys act.
@MainActor
@Suite("The log panel's frame", .timeLimit(.minutes(1)))
struct LogPanelFrameTests {
  private let frame = InteractiveFrame(palette: Palette(isEnabled: false))
  private let short = Terminal.Size(columns: 80, rows: 10)
  private let log = (1...30).map { "  \($0) ms  [debug] line \($0)" }

  @Test("on a short terminal the log takes the list's place, and only its keys act")
  func inPlace() async {
    let snapshot = await InteractiveFixtures.snapshot("all-available")
    var model = InteractiveScreen(screen: .paymentMethods, showsLog: true)

    model.logTakesScreen = frame.logTakesScreen(
      model, snapshot, form: nil, log: log, size: short)

    #expect(model.logTakesScreen)
    #expect(model.actions(for: snapshot) == [.scroll, .log, .quit])
    #expect(model.handle(.enter, on: snapshot) == [])
    #expect(model.handle(.character("w"), on: snapshot) == [])
    #expect(model.screen == .paymentMethods)
    #expect(model.handle(.character("q"), on: snapshot) == [.quit])
  }

  @Test("the question to remove a card keeps its place: the log stands beside it")
  func questionKeepsItsPlace() async throws {
    let snapshot = await InteractiveFixtures.snapshot("all-available")
    var model = InteractiveScreen(screen: .paymentMethods, showsLog: true)
    model.rowChanges = true
    model.highlighted = 1
    _ = model.handle(.character("x"), on: snapshot)
    try #require(model.confirmingRemoval != nil)

    let lines = frame.render(model, snapshot, log: log, size: short)

    #expect(!frame.logTakesScreen(model, snapshot, form: nil, log: log, size: short))
    #expect(lines.contains { $0.contains("Remove Visa •••• 4242?") })
    #expect(lines.contains { $0.contains("y Enter remove") })
    #expect(lines.count <= short.rows)
  }

  @Test("in the list's place, ↑ scrolls the log up to its oldest line and no further")
  func scrollLimits() async {
    let snapshot = await InteractiveFixtures.snapshot("all-available")
    var model = InteractiveScreen(screen: .paymentMethods, showsLog: true)
    model.logTakesScreen = true
    let limits = frame.logScrollLimits(model, snapshot, form: nil, log: log, size: short)
    model.logScroll = limits.lowerBound

    let lines = frame.render(model, snapshot, log: log, size: short)

    #expect(limits.upperBound == 0, "it stands at its newest")
    #expect(lines.contains { $0.hasSuffix("line 1") }, "the oldest in sight")
    #expect(lines.contains("  ↓ more below"))
  }
}
