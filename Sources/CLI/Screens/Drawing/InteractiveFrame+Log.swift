/// The developer log's panel (`l`): beside the screen where a few of its lines fit there,
/// where PgUp PgDn scroll it a page at a time (↑↓ stay the screen's); otherwise in the
/// screen's place, where only its own keys are on offer and ↑↓ scroll it too.
/// Where it stands is decided by the screen without its message (the answer to the last
/// key, such as "Wallet selected."): an answer never sends the panel into the screen's
/// place, which would hide that answer and the list it answers until `l`; beside the
/// screen, the panel then shows what still fits of it, if anything. So no key acts on
/// what cannot be seen, and what a key did stays in sight.
/// A screen that waits for an answer (the question to remove a card, a form) keeps its
/// place: the panel shows beside it what fits, if anything, until it is answered. Its
/// heading and placeholder are in the user's language; the log's lines stay English.
extension InteractiveFrame {
  struct LogPanel {
    /// Whether the panel stands in the screen's place: too few of its lines fit beside it.
    var inPlace: Bool
    /// Its heading, then its lines in sight (plain: the frame dims them).
    var lines: [String]
    /// The footer's keys: in the screen's place, the panel's own only.
    var actions: [InteractiveScreen.Action]
    /// How far the panel can scroll from where it stands: up (negative) to its oldest
    /// line, down to its newest.
    var scrollLimits: ClosedRange<Int> = 0...0
    /// How many lines PgUp or PgDn scroll it: the log's lines in sight between the marks.
    var page = 1
    /// How many of the log's lines stand from the first in sight to the last.
    var fromStart = 0
  }

  /// The panel for `log` at `size`, under a screen of `screenLines` lines (`render`'s box
  /// and what stands under it), `messageLines` of them the box's message with its end
  /// (`ScreenRenderer.Drawing.messageLines`).
  func logPanel(
    _ model: InteractiveScreen, _ snapshot: ScreenSnapshot, form: CardFormSnapshot?,
    log: [String], size: Terminal.Size, screenLines: Int, messageLines: Int
  ) -> LogPanel {
    var beside = model
    beside.logTakesScreen = false
    let actions = beside.actions(for: snapshot, form: form)
    let title = wrap(words["log.title"], width: size.columns)
    // Whole lines, wrapped under their time, so no trace id is cut off.
    let entries = log.map { hanging($0, indent: 11, width: size.columns) }
    var lines = entries.flatMap { $0 }
    let newest = (lines.count - (entries.last?.count ?? 0))..<lines.count
    if lines.isEmpty { lines = wrap(words["log.empty"], width: size.columns) }
    let room =
      size.rows - screenLines - footerLines(actions, size: size).count - title.count - 1
    // Beside the screen when a few lines fit there without its message, or while it waits
    // for an answer: the newest, from its start.
    let asks = model.confirmingRemoval != nil || model.form != nil
    // The message adds its lines and the rule above them; the box's end stays without it.
    if room + max(0, messageLines - 1) >= 3 || asks {
      guard room > 0 else { return LogPanel(inPlace: false, lines: [], actions: actions) }
      // PgUp PgDn are on offer only where there is something to scroll; their hint may
      // take a line of the footer's, and so of the panel's.
      var scrolling = actions
      scrolling.insert(.scrollLog, at: scrolling.firstIndex(of: .log) ?? scrolling.endIndex)
      let scrollingRoom =
        room - footerLines(scrolling, size: size).count + footerLines(actions, size: size).count
      guard lines.count > room, scrollingRoom > 0 else {
        let start = max(0, min(lines.count - room, newest.lowerBound))
        return LogPanel(
          inPlace: false, lines: title + lines[start...].prefix(room), actions: actions)
      }
      // Beside the screen the marks take two of as few as three rows: without them a
      // person could not tell the panel scrolls.
      let window = logWindow(
        lines, newest: newest, room: scrollingRoom, scroll: model.logScroll,
        width: size.columns, marksFrom: 3)
      return LogPanel(
        inPlace: false, lines: title + window.lines, actions: scrolling,
        scrollLimits: window.limits, page: window.page, fromStart: window.fromStart)
    }
    var inPlace = model
    inPlace.logTakesScreen = true
    let keys = inPlace.actions(for: snapshot, form: form)
    // ↑↓ is on offer only where there is something to scroll.
    let unscrolled = keys.filter { $0 != .scroll }
    let scrolls = lines.count > size.rows - footerLines(unscrolled, size: size).count - title.count
    let footer = scrolls ? keys : unscrolled
    let window = logWindow(
      lines, newest: newest,
      room: max(0, size.rows - footerLines(footer, size: size).count - title.count),
      scroll: model.logScroll, width: size.columns, marksFrom: 4)
    return LogPanel(
      inPlace: true, lines: title + window.lines, actions: footer,
      scrollLimits: window.limits, page: window.page, fromStart: window.fromStart)
  }

  /// Whether the log's panel stands in the screen's place now: then only its keys act.
  func logTakesScreen(
    _ model: InteractiveScreen, _ snapshot: ScreenSnapshot, form: CardFormSnapshot?,
    log: [String], size: Terminal.Size
  ) -> Bool {
    logState(model, snapshot, form: form, log: log, size: size)?.inPlace ?? false
  }

  /// How far the log's panel can scroll now (nothing where it is closed).
  func logScrollLimits(
    _ model: InteractiveScreen, _ snapshot: ScreenSnapshot, form: CardFormSnapshot?,
    log: [String], size: Terminal.Size
  ) -> ClosedRange<Int> {
    logState(model, snapshot, form: form, log: log, size: size)?.scrollLimits ?? 0...0
  }

  /// How many lines PgUp or PgDn scroll the log's panel now: a page of it.
  func logPage(
    _ model: InteractiveScreen, _ snapshot: ScreenSnapshot, form: CardFormSnapshot?,
    log: [String], size: Terminal.Size
  ) -> Int {
    logState(model, snapshot, form: form, log: log, size: size)?.page ?? 1
  }

  /// Where the log's panel stands once `line` is logged, `dropping` of the oldest lines
  /// out of the log to make room.
  ///
  /// A person who scrolled back is reading: a new line neither yanks them to the newest
  /// nor shifts what they read by its own length, so the same lines stay in sight and the
  /// panel's "more below" says newer ones came. A panel at its newest, or scrolled
  /// nowhere, follows the log, as `tail -f` does: the new line comes into sight.
  func logScroll(
    _ model: InteractiveScreen, _ snapshot: ScreenSnapshot, form: CardFormSnapshot?,
    log: [String], adding line: String, dropping: Int, size: Terminal.Size
  ) -> Int {
    guard model.logScroll != 0,
      let before = logState(model, snapshot, form: form, log: log, size: size),
      model.logScroll < before.scrollLimits.upperBound
    else { return 0 }
    let grown = Array(log.dropFirst(dropping)) + [line]
    var following = model
    following.logScroll = 0
    guard let after = logState(following, snapshot, form: form, log: grown, size: size)
    else { return 0 }
    // The lines from the first in sight to the last grow by the new line's; counted from
    // the end, the first in sight is where it was.
    let added = hanging(line, indent: 11, width: size.columns).count
    let scroll = after.fromStart - before.fromStart - added
    return min(max(scroll, after.scrollLimits.lowerBound), after.scrollLimits.upperBound)
  }

  private func logState(
    _ model: InteractiveScreen, _ snapshot: ScreenSnapshot, form: CardFormSnapshot?,
    log: [String], size: Terminal.Size
  ) -> LogPanel? {
    guard model.showsLog, !model.showsHelp else { return nil }
    var beside = model
    beside.logTakesScreen = false
    let box = drawing(beside, snapshot, form: form, size: size)
    return logPanel(
      model, snapshot, form: form, log: log, size: size,
      screenLines: screenLines(box, size: size).count, messageLines: box.messageLines)
  }

  /// `room` of the log's `lines`: the newest from its start, at the bottom where it fits,
  /// `scroll` lines on from there; a side with lines out of sight says so where `room` is
  /// `marksFrom` or more. With how far it scrolls, a page of it, and how many lines stand
  /// from its first in sight to the last.
  private func logWindow(
    _ lines: [String], newest: Range<Int>, room: Int, scroll: Int, width: Int, marksFrom: Int
  ) -> (lines: [String], limits: ClosedRange<Int>, page: Int, fromStart: Int) {
    guard lines.count > room else { return (lines, 0...0, max(1, room), lines.count) }
    guard room > 0 else { return ([], 0...0, 1, lines.count) }
    let marks = room >= marksFrom
    let bottom = lines.count - room
    let base = max(0, min(bottom, newest.lowerBound - (marks ? 1 : 0)))
    let start = min(max(0, base + scroll), bottom)
    var window = Array(lines[start..<(start + room)])
    if marks {
      if start > 0 {
        window[0] = CellWidth.truncated("  " + words["frame.moreAbove"], to: width)
      }
      if start < bottom {
        window[room - 1] = CellWidth.truncated("  " + words["frame.moreBelow"], to: width)
      }
    }
    return (window, -base...(bottom - base), max(1, room - (marks ? 2 : 0)), lines.count - start)
  }
}
