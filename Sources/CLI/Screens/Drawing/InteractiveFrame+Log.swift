/// The developer log's panel (`l`): beside the screen where a few of its lines fit there,
/// otherwise in the screen's place, where only its own keys are on offer and ↑↓ scroll it.
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
    /// How far ↑↓ can scroll the panel from where it stands: up (negative) to its oldest
    /// line, down to its newest. Nothing beside the screen, where ↑↓ move the cursor.
    var scrollLimits: ClosedRange<Int> = 0...0
  }

  /// The panel for `log` at `size`, under a screen of `screenLines` lines (`render`'s box
  /// and what stands under it).
  func logPanel(
    _ model: InteractiveScreen, _ snapshot: ScreenSnapshot, form: CardFormSnapshot?,
    log: [String], size: Terminal.Size, screenLines: Int
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
    // Beside the screen when a few lines fit there, or while it waits for an answer: the
    // newest, from its start.
    let asks = model.confirmingRemoval != nil || model.form != nil
    if room >= 3 || asks {
      guard room > 0 else { return LogPanel(inPlace: false, lines: [], actions: actions) }
      let start = max(0, min(lines.count - room, newest.lowerBound))
      return LogPanel(
        inPlace: false, lines: title + lines[start...].prefix(room), actions: actions)
    }
    var inPlace = model
    inPlace.logTakesScreen = true
    let keys = inPlace.actions(for: snapshot, form: form)
    // ↑↓ is on offer only where there is something to scroll.
    let unscrolled = keys.filter { $0 != .scroll }
    let scrolls = lines.count > size.rows - footerLines(unscrolled, size: size).count - title.count
    let footer = scrolls ? keys : unscrolled
    let (window, limits) = logWindow(
      lines, newest: newest,
      room: max(0, size.rows - footerLines(footer, size: size).count - title.count),
      scroll: model.logScroll, width: size.columns)
    return LogPanel(inPlace: true, lines: title + window, actions: footer, scrollLimits: limits)
  }

  /// Whether the log's panel stands in the screen's place now: then only its keys act.
  func logTakesScreen(
    _ model: InteractiveScreen, _ snapshot: ScreenSnapshot, form: CardFormSnapshot?,
    log: [String], size: Terminal.Size
  ) -> Bool {
    logState(model, snapshot, form: form, log: log, size: size)?.inPlace ?? false
  }

  /// How far ↑↓ can scroll the log's panel now (nothing where it is closed or beside the
  /// screen).
  func logScrollLimits(
    _ model: InteractiveScreen, _ snapshot: ScreenSnapshot, form: CardFormSnapshot?,
    log: [String], size: Terminal.Size
  ) -> ClosedRange<Int> {
    logState(model, snapshot, form: form, log: log, size: size)?.scrollLimits ?? 0...0
  }

  private func logState(
    _ model: InteractiveScreen, _ snapshot: ScreenSnapshot, form: CardFormSnapshot?,
    log: [String], size: Terminal.Size
  ) -> LogPanel? {
    guard model.showsLog, !model.showsHelp else { return nil }
    var beside = model
    beside.logTakesScreen = false
    return logPanel(
      model, snapshot, form: form, log: log, size: size,
      screenLines: screenLines(beside, snapshot, form: form, size: size).count)
  }

  /// `room` of the log's `lines`: the newest from its start, at the bottom where it fits,
  /// `scroll` lines on from there; a side with lines out of sight says so.
  private func logWindow(
    _ lines: [String], newest: Range<Int>, room: Int, scroll: Int, width: Int
  ) -> (lines: [String], limits: ClosedRange<Int>) {
    guard lines.count > room else { return (lines, 0...0) }
    guard room > 0 else { return ([], 0...0) }
    let marks = room >= 4
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
    return (window, -base...(bottom - base))
  }
}
