/// Draws the interactive screen: the same box the one-shot mode prints, the cursor on the
/// highlighted row, what to do next after a journey the app cannot finish, the log or help
/// panel, and a footer with the keys that do something now. Plain Swift: state and size
/// in, lines out; the driver writes them.
struct InteractiveFrame {
  let palette: Palette
  var words: TerminalWords = .english

  /// At most `size.rows` lines, none wider than `size.columns` cells.
  func render(
    _ model: InteractiveScreen, _ snapshot: ScreenSnapshot, form: CardFormSnapshot? = nil,
    log: [String], size: Terminal.Size
  ) -> [String] {
    var model = model
    model.logTakesScreen = false
    let box = drawing(model, snapshot, form: form, size: size)
    // A reference too wide for the box goes under it, here cut to the terminal's width.
    var top = screenLines(box, size: size)
    var focus = box.focus
    var actions = model.actions(for: snapshot, form: form)
    var footer = footerLines(actions, size: size).map { palette.dim($0) }

    var panel: [String] = []
    if model.showsHelp {
      // The help takes the screen's place; where even so it does not fit, it scrolls.
      let help = helpLines(model, width: size.columns)
      // ↑↓ is on offer only where there is something to scroll.
      let unscrolled = footerLines(actions.filter { $0 != .scroll }, size: size)
        .map { palette.dim($0) }
      let footer = help.count <= size.rows - unscrolled.count ? unscrolled : footer
      let room = max(0, size.rows - footer.count)
      let start = min(model.helpScroll, max(0, help.count - room))
      var window = visible(Array(help[start...]), keeping: nil, room: room, width: size.columns)
      if start > 0, room >= 4 {
        window[0] = palette.dim(
          CellWidth.truncated("  " + words["frame.moreAbove"], to: size.columns))
      }
      return window + footer.prefix(size.rows)
    } else if model.showsLog {
      let log = logPanel(
        model, snapshot, form: form, log: log, size: size, screenLines: top.count,
        messageLines: box.messageLines)
      // In the screen's place, only the panel's keys are on offer; beside it, the screen's
      // and, where the panel scrolls, PgUp PgDn.
      if log.inPlace {
        top = []
        focus = nil
      }
      actions = log.actions
      footer = footerLines(actions, size: size).map { palette.dim($0) }
      panel = log.lines
    }

    var lines = top
    if !panel.isEmpty { lines += (lines.isEmpty ? [] : [""]) + panel.map { palette.dim($0) } }
    // Where ↑↓ have nothing to move over and the screen is taller than the terminal, they
    // scroll it, and the footer says so.
    let scrolls = model.scrolls(snapshot, form: form)
    let scroll = panel.isEmpty ? model.scroll : 0
    if panel.isEmpty, scrolls, lines.count > size.rows - footer.count {
      footer = footerLines([.scroll] + actions, size: size).map { palette.dim($0) }
    }
    // The footer stays in sight, and above it as much of the rest as fits.
    let room = max(0, size.rows - footer.count)
    // The box's top edge says nothing: the screen's title under it stays in sight where
    // the edge alone would be out of sight.
    let boxed = !top.isEmpty && box.lines.first?.contains("╭") == true
    // So does the box's message, the answer to the last key, with what is under the box,
    // while at least a line of the rest fits above it.
    let messageStart = box.lines.count - box.messageLines
    if panel.isEmpty, box.messageLines > 0, lines.count > room, lines.count - messageStart < room {
      let rest = visible(
        Array(lines[..<messageStart]), keeping: focus?.clamped(to: 0..<messageStart),
        room: room - (lines.count - messageStart), width: size.columns,
        scroll: (scroll, freely: scrolls), blocks: box.blocks, boxed: boxed)
      return rest + lines[messageStart...] + footer.prefix(size.rows)
    }
    return visible(
      lines, keeping: focus, room: room, width: size.columns, scroll: (scroll, freely: scrolls),
      blocks: box.blocks, boxed: boxed) + footer.prefix(size.rows)
  }

  /// The box the screen draws now: the form, or the list with its message.
  func drawing(
    _ model: InteractiveScreen, _ snapshot: ScreenSnapshot, form: CardFormSnapshot?,
    size: Terminal.Size
  ) -> ScreenRenderer.Drawing {
    let renderer = ScreenRenderer(palette: palette, width: size.columns, words: words)
    // What Enter found out on a journey shows where a status check's finding does: as the
    // box's message.
    var shown = snapshot
    if let guidance = model.guidance { shown.message = guidance.text(words) }
    if let rowID = model.confirmingRemoval,
      let row = snapshot.methods.first(where: { $0.id == rowID })
    {
      shown.message = words["question.remove", row.title]
    }
    if let focused = model.form?.focused, let form {
      return renderer.drawing(
        form, focused: focused, keepingFailure: model.form?.keepsFailureInSight == true)
    }
    return renderer.drawing(shown, highlighted: model.highlightedStop(in: snapshot))
  }

  /// The box's lines, and under it a reference too wide for it, cut to the terminal's width.
  func screenLines(_ box: ScreenRenderer.Drawing, size: Terminal.Size) -> [String] {
    box.lines
      + box.underneath.flatMap { chunks(of: $0, width: size.columns) }.map { palette.dim($0) }
  }

  /// The screen's lines, without a panel, as `render` draws them.
  func screenLines(
    _ model: InteractiveScreen, _ snapshot: ScreenSnapshot, form: CardFormSnapshot?,
    size: Terminal.Size
  ) -> [String] {
    screenLines(drawing(model, snapshot, form: form, size: size), size: size)
  }

  /// The help of the screen on show, wrapped to `width`.
  func helpLines(_ model: InteractiveScreen, width: Int) -> [String] {
    wrap(words["help.title"], width: width)
      + help(model).flatMap { keys, does in
        hanging(
          keys.padding(toLength: 15, withPad: " ", startingAt: 0) + does, indent: 15,
          width: width)
      }
  }

  /// How far the help can scroll at this size: until its last line is in sight.
  func helpScrollLimit(
    _ model: InteractiveScreen, _ snapshot: ScreenSnapshot, form: CardFormSnapshot? = nil,
    size: Terminal.Size
  ) -> Int {
    let footer = footerLines(model.actions(for: snapshot, form: form), size: size)
    return max(
      0, helpLines(model, width: size.columns).count - max(0, size.rows - footer.count))
  }

  /// The keys on as few lines as fit, on at most a third of the terminal's rows where `? help`
  /// is on offer: where they take more, the last are left out until they fit, but `? help`,
  /// which lists them all. (A question or the form, which offer no help, keep every key.)
  func footerLines(_ actions: [InteractiveScreen.Action], size: Terminal.Size)
    -> [String]
  {
    let limit = max(1, size.rows / 3)
    var kept = actions
    var lines = footerLines(kept, width: size.columns)
    while lines.count > limit, kept.contains(.help),
      let last = kept.lastIndex(where: { $0 != .help })
    {
      kept.remove(at: last)
      lines = footerLines(kept, width: size.columns)
    }
    return lines
  }

  /// The keys on as few lines as fit, never breaking one key's hint.
  private func footerLines(_ actions: [InteractiveScreen.Action], width: Int) -> [String] {
    var lines: [String] = []
    var current = ""
    for hint in actions.map({ "\($0.hint(words).keys) \($0.hint(words).does)" }) {
      // A hint wider than the terminal takes lines of its own, wrapped at its words.
      guard CellWidth.of(hint) <= width else {
        if !current.isEmpty { lines.append(current) }
        lines += wrap(hint, width: width)
        current = ""
        continue
      }
      let candidate = current.isEmpty ? hint : current + "  ·  " + hint
      if CellWidth.of(candidate) <= width || current.isEmpty {
        current = CellWidth.truncated(candidate, to: width)
      } else {
        lines.append(current)
        current = CellWidth.truncated(hint, to: width)
      }
    }
    if !current.isEmpty { lines.append(current) }
    return lines
  }

  /// Every key the screen on show takes, for `?`: the wallet screen, which has no rows,
  /// lists no row's keys, and the changes are listed where the session makes them. A key a
  /// keyboard labels in the user's language (Delete is Entf on a German one) is named as
  /// it labels it.
  func help(_ model: InteractiveScreen) -> [(String, String)] {
    let last = [
      ("l", words["help.log"]),
      (words["keyName.pages"], words["help.scrollLog"]),
      ("?", words["help.help"]),
      ("q, Esc, " + words["keyName.ctrlC"], words["help.quit"]),
    ]
    guard model.screen == .paymentMethods else {
      return [
        ("↑ ↓, k j", words["help.scroll"]),
        ("Enter", words["help.enter.journey"]),
        ("r", words["help.retry"]),
        ("w, Tab", words["help.switch"]),
      ] + last
    }
    var keys = [
      ("↑ ↓, k j", words["help.move"]),
      ("Enter", words["help.enter"]),
      ("r", words["help.retry"]),
      ("w, Tab", words["help.switch"]),
      ("a", words["help.addCard"]),
    ]
    if model.rowChanges {
      keys += [
        ("x, " + words["keyName.delete"], words["help.remove"]),
        ("d", words["help.makeDefault"]),
      ]
    }
    if model.expiryUpdates { keys.append(("e", words["help.newExpiry"])) }
    return keys + last
  }

  /// `text` wrapped to `width`, every line after the first indented by `indent` cells. The
  /// spaces it starts with stay (the log's right-aligned times).
  func hanging(_ text: String, indent: Int, width: Int) -> [String] {
    let lead = String(text.prefix { $0 == " " })
    guard width > indent + 10, lead.count < indent else { return wrap(text, width: width) }
    let body = text.dropFirst(lead.count)
    guard let first = wrap(String(body), width: width - lead.count).first else { return [] }
    // What the first line does not hold, wrapped again under the time: the first line is
    // the start of the text, so a word broken over lines stays one word.
    var rest = body.dropFirst(first.count)
    while rest.first == " " { rest = rest.dropFirst() }
    let pad = String(repeating: " ", count: indent)
    return [lead + first] + wrap(String(rest), width: width - indent).map { pad + $0 }
  }

  /// Plain text cut into lines of at most `width` cells, nothing dropped.
  private func chunks(of text: String, width: Int) -> [String] {
    var lines: [String] = []
    var rest = Substring(text)
    while !rest.isEmpty {
      let line = CellWidth.truncated(String(rest), to: max(width, 2))
      guard !line.isEmpty else { break }
      lines.append(line)
      rest = rest.dropFirst(line.count)
    }
    return lines
  }

  /// Words of plain text over lines of at most `width` cells; a longer word (a file's
  /// path in the log) is broken over lines, nothing dropped.
  func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var current = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: false) {
      let candidate = current.isEmpty ? String(word) : current + " " + word
      if CellWidth.of(candidate) <= width {
        current = candidate
      } else {
        if !current.isEmpty { lines.append(current) }
        var pieces = chunks(of: String(word), width: width)
        current = pieces.popLast() ?? ""
        lines += pieces
      }
    }
    if !current.isEmpty { lines.append(current) }
    return lines
  }
}

extension CellWidth {
  /// The longest prefix of `text` that fits in `width` cells. For plain text: the frame
  /// cuts lines before it styles them.
  static func truncated(_ text: String, to width: Int) -> String {
    var result = ""
    var used = 0
    for character in text {
      let cells = of(character)
      if used + cells > width { break }
      result.append(character)
      used += cells
    }
    return result
  }
}
