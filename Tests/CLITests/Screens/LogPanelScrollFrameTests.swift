import Foundation
import Testing

@testable import CLI

/// The log's panel beside the screen scrolls with PgUp PgDn, in-process: a page at a time,
/// to its oldest line and back to its newest, while ↑↓ stay the list's; a line logged
/// meanwhile does not move what is read.
@MainActor
@Suite("The log panel beside the screen scrolls", .timeLimit(.minutes(1)))
struct LogPanelScrollFrameTests {
  private let frame = InteractiveFrame(palette: Palette(isEnabled: false))
  private let tall = Terminal.Size(columns: 80, rows: 24)
  private let log = (1...30).map { "  \($0) ms  [debug] line \($0)" }

  /// Sizes where the log stands beside the list: 80×24, and taller and wider ones.
  nonisolated static let besideSizes: [(Int, Int)] = [(80, 24), (60, 24), (100, 30), (120, 40)]

  /// `key` as the session hands it over: the frame says where the panel stands and how
  /// long a page is, and the scroll is kept within its limits after the key.
  private func press(
    _ key: Key, _ model: inout InteractiveScreen, _ snapshot: ScreenSnapshot,
    log: [String], size: Terminal.Size
  ) -> [InteractiveScreen.Effect] {
    model.logTakesScreen = frame.logTakesScreen(model, snapshot, form: nil, log: log, size: size)
    model.logPage = frame.logPage(model, snapshot, form: nil, log: log, size: size)
    let effects = model.handle(key, on: snapshot)
    let limits = frame.logScrollLimits(model, snapshot, form: nil, log: log, size: size)
    model.logScroll = min(max(model.logScroll, limits.lowerBound), limits.upperBound)
    return effects
  }

  /// The panel's lines under its heading, as `render` draws them.
  private func panel(_ lines: [String], _ words: TerminalWords = .english) -> [String] {
    Array(lines.drop { $0 != words["log.title"] }.dropFirst())
  }

  @Test(
    "where the log stands beside the list, PgUp reaches its oldest line and PgDn its newest",
    arguments: besideSizes)
  func reachesBothEnds(size: (Int, Int)) async {
    let size = Terminal.Size(columns: size.0, rows: size.1)
    let snapshot = await InteractiveFixtures.snapshot("all-available")
    var model = InteractiveScreen(screen: .paymentMethods, showsLog: true)
    let log = (1...80).map { "  \($0) ms  [debug] line \($0)" }
    #expect(!frame.logTakesScreen(model, snapshot, form: nil, log: log, size: size))
    #expect(
      frame.render(model, snapshot, log: log, size: size).contains { $0.hasSuffix("line 80") })

    for _ in 0..<80 { _ = press(.pageUp, &model, snapshot, log: log, size: size) }
    let oldest = frame.render(model, snapshot, log: log, size: size)

    #expect(oldest.contains { $0.hasSuffix("line 1") }, "the oldest in sight")
    #expect(!oldest.contains("  ↑ more above"))
    #expect(oldest.contains("  ↓ more below"))
    for _ in 0..<80 { _ = press(.pageDown, &model, snapshot, log: log, size: size) }
    let newest = frame.render(model, snapshot, log: log, size: size)
    #expect(newest.contains { $0.hasSuffix("line 80") }, "the newest in sight")
    #expect(!newest.contains("  ↓ more below"))
    #expect(newest.count <= size.rows)
  }

  @Test("PgUp beside the list scrolls the log a page back, every line of it in sight once")
  func pageByPage() async {
    let snapshot = await InteractiveFixtures.snapshot("all-available")
    var model = InteractiveScreen(screen: .paymentMethods, showsLog: true)
    var seen: [String] = panel(frame.render(model, snapshot, log: log, size: tall))

    for _ in 0..<30 {
      _ = press(.pageUp, &model, snapshot, log: log, size: tall)
      seen += panel(frame.render(model, snapshot, log: log, size: tall))
    }

    for line in log { #expect(seen.contains(line), "no line skipped: \(line)") }
  }

  @Test("beside the list, PgUp PgDn leave the cursor and ↑↓ move it, not the log")
  func arrowsStayTheLists() async {
    let snapshot = await InteractiveFixtures.snapshot("all-available")
    var model = InteractiveScreen(screen: .paymentMethods, showsLog: true)

    #expect(press(.pageUp, &model, snapshot, log: log, size: tall) == [])
    #expect(model.highlighted == 0)
    #expect(model.logScroll < 0, "the log scrolled back")
    let scrolled = model.logScroll
    _ = press(.down, &model, snapshot, log: log, size: tall)
    #expect(model.highlighted == 1)
    #expect(model.logScroll == scrolled)
  }

  @Test("PgUp with the log closed does nothing: the log stays at its newest once opened")
  func nothingWhileClosed() async {
    let snapshot = await InteractiveFixtures.snapshot("all-available")
    var model = InteractiveScreen(screen: .paymentMethods)

    #expect(model.handle(.pageUp, on: snapshot) == [])

    #expect(model.logScroll == 0)
    #expect(model.highlighted == 0)
  }

  @Test("closing the log scrolled back resets it: opened again it shows the newest line")
  func closingResets() async throws {
    let snapshot = await InteractiveFixtures.snapshot("all-available")
    var model = InteractiveScreen(screen: .paymentMethods, showsLog: true)
    _ = press(.pageUp, &model, snapshot, log: log, size: tall)
    _ = press(.pageUp, &model, snapshot, log: log, size: tall)

    try #require(model.logScroll < 0)

    _ = model.handle(.character("l"), on: snapshot)
    _ = model.handle(.character("l"), on: snapshot)

    #expect(model.logScroll == 0)
    #expect(
      frame.render(model, snapshot, log: log, size: tall).contains { $0.hasSuffix("line 30") })
  }

  @Test(
    "the footer offers PgUp PgDn beside the list only while the log does not all fit",
    arguments: [("en_US", "PgUp PgDn scroll the log"), ("de_DE", "Bild↑ Bild↓ im Log blättern")])
  func offeredOnlyToScroll(locale: String, hint: String) async {
    let frame = InteractiveFrame(
      palette: Palette(isEnabled: false), words: TerminalWords(locale: Locale(identifier: locale)))
    let snapshot = await InteractiveFixtures.snapshot("all-available")
    let model = InteractiveScreen(screen: .paymentMethods, showsLog: true)

    let long = frame.render(model, snapshot, log: log, size: tall).joined(separator: "\n")
    let short = frame.render(model, snapshot, log: Array(log.prefix(2)), size: tall)
      .joined(separator: "\n")

    #expect(long.contains(hint))
    #expect(!short.contains(hint))
    #expect(short.contains("line 2"))
  }

  @Test("a line logged while the log is scrolled back leaves the same lines in sight")
  func newLineKeepsThePlace() async {
    let snapshot = await InteractiveFixtures.snapshot("all-available")
    var model = InteractiveScreen(screen: .paymentMethods, showsLog: true)
    _ = press(.pageUp, &model, snapshot, log: log, size: tall)
    _ = press(.pageUp, &model, snapshot, log: log, size: tall)
    let before = panel(frame.render(model, snapshot, log: log, size: tall))
    let line = "  31 ms  [debug] line 31, long enough to take two lines of the panel at eighty"

    model.logScroll = frame.logScroll(
      model, snapshot, form: nil, log: log, adding: line, dropping: 0, size: tall)

    let after = panel(frame.render(model, snapshot, log: log + [line], size: tall))
    #expect(after == before)
  }

  @Test("a line logged while the log keeps 500 drops the oldest, and the same lines stay")
  func droppedLinesKeepThePlace() async {
    let snapshot = await InteractiveFixtures.snapshot("all-available")
    var model = InteractiveScreen(screen: .paymentMethods, showsLog: true)
    let full = (1...500).map { "  \($0) ms  [debug] line \($0)" }
    _ = press(.pageUp, &model, snapshot, log: full, size: tall)
    let before = panel(frame.render(model, snapshot, log: full, size: tall))

    model.logScroll = frame.logScroll(
      model, snapshot, form: nil, log: full, adding: "  501 ms  [debug] line 501", dropping: 1,
      size: tall)

    let grown = Array(full.dropFirst()) + ["  501 ms  [debug] line 501"]
    #expect(panel(frame.render(model, snapshot, log: grown, size: tall)) == before)
  }

  @Test("a line logged while the log shows its newest comes into sight")
  func newLineFollowedAtTheNewest() async {
    let snapshot = await InteractiveFixtures.snapshot("all-available")
    var model = InteractiveScreen(screen: .paymentMethods, showsLog: true)
    let line = "  31 ms  [debug] line 31"

    model.logScroll = frame.logScroll(
      model, snapshot, form: nil, log: log, adding: line, dropping: 0, size: tall)

    #expect(model.logScroll == 0)
    #expect(frame.render(model, snapshot, log: log + [line], size: tall).contains(line))
  }

  @Test("the help lists PgUp PgDn for the log, in English and German")
  func helpListsThem() {
    let model = InteractiveScreen(screen: .paymentMethods)
    let german = InteractiveFrame(
      palette: Palette(isEnabled: false), words: TerminalWords(locale: Locale(identifier: "de")))

    #expect(frame.helpLines(model, width: 80).contains { $0.hasPrefix("PgUp PgDn      scroll") })
    #expect(german.helpLines(model, width: 80).contains { $0.hasPrefix("Bild↑ Bild↓    im") })
  }

  @Test("in line mode PgUp is no key: it is not offered, and typed it does nothing")
  func lineModeHasNoPageKeys() async {
    let snapshot = await InteractiveFixtures.snapshot("all-available")
    let model = InteractiveScreen(screen: .paymentMethods, showsLog: true)
    var lineMode = LineMode()

    let meaning = AccessibleInput.meaning(
      of: "\u{1B}[5~", model: model, snapshot: snapshot, form: nil, lineMode: &lineMode)
    let keys = AccessibleFrame(words: .english).keysLine(model, snapshot)

    #expect(meaning == nil, "answered: that key does nothing here")
    #expect(!keys.contains("PgUp"))
  }
}
