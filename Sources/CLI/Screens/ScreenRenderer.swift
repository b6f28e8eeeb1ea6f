import Domain
import Presentation

/// Draws a `ScreenSnapshot` as a box of text, the terminal's stand-in for a SwiftUI view.
///
/// Every string from the snapshot passes `UntrustedText` before it is laid out, and text is
/// measured in terminal cells, so every line of a frame is exactly `width` cells wide.
struct ScreenRenderer {
  /// The box's narrowest and widest size in cells, borders included. 50 is the width the
  /// screen was designed at; under 20 a line holds too few words to read.
  static let widths = 20...50

  let palette: Palette
  /// The box's width in cells, borders included, within `widths`.
  let width: Int
  let words: TerminalWords

  init(palette: Palette, width: Int, words: TerminalWords = .english) {
    self.palette = palette
    self.width = min(max(width, Self.widths.lowerBound), Self.widths.upperBound)
    self.words = words
  }

  /// Cells inside the box, between "│ " and " │".
  var innerWidth: Int { width - 4 }

  /// A box's lines, and the lines the interactive screen keeps in sight when the terminal
  /// is too short for all of them: the highlighted row, the focused field with its
  /// problems, or the journey's button with what pressing it found out.
  struct Drawing {
    var lines: [String]
    var focus: Range<Int>?
    /// Plain lines for under the box: a support reference too wide for a line of the box,
    /// written whole.
    var underneath: [String] = []

    var text: String { (lines + underneath).joined(separator: "\n") + "\n" }
  }

  /// - Parameter highlighted: the index in `snapshot.methods` of the row the interactive
  ///   screen's cursor is on, marked with "▸".
  func render(_ snapshot: ScreenSnapshot, highlighted: Int? = nil) -> String {
    drawing(snapshot, highlighted: highlighted).text
  }

  func drawing(_ snapshot: ScreenSnapshot, highlighted: Int? = nil) -> Drawing {
    let (body, focus) = body(snapshot, highlighted: highlighted)
    return box(
      title: title(of: snapshot.screen), body: body, focus: focus,
      message: snapshot.isRefreshing ? words.labels.refreshing : snapshot.message,
      answeredByMessage: snapshot.status == .error,
      references: [snapshot.error?.traceId] + snapshot.notices.map(\.traceId))
  }

  /// The box every screen is drawn in: a title, the body's lines, and a message under a
  /// rule of its own.
  /// - Parameters:
  ///   - focus: the lines of `body` to keep in sight.
  ///   - answeredByMessage: whether the message is what came of the focus (a journey's
  ///     button): then it is kept in sight with it.
  ///   - references: the support references the body shows; one too wide for a line of
  ///     its own in the box is written whole under it.
  func box(
    title: String, body: [String], focus: Range<Int>? = nil, message: String? = nil,
    answeredByMessage: Bool = false, references: [String?] = []
  ) -> Drawing {
    var lines: [String] = []
    let rule = String(repeating: "─", count: innerWidth + 2)
    lines.append("╭" + rule + "╮")
    lines += wrapped(title, prefix: "", style: palette.bold)
    lines.append("├" + rule + "┤")
    let bodyStart = lines.count
    lines += body
    if let message {
      lines.append("├" + rule + "┤")
      lines += wrapped(message, prefix: "i ", style: palette.cyan)
    }
    let end = answeredByMessage ? lines.count : nil
    lines.append("╰" + rule + "╯")
    let underneath = references.compactMap { $0 }.filter { !fitsInBox($0) }.map {
      words["reference.label"] + " " + UntrustedText.escaped($0)
    }
    return Drawing(
      lines: lines,
      focus: focus.map { (bodyStart + $0.lowerBound)..<(end ?? bodyStart + $0.upperBound) },
      underneath: underneath)
  }

  private func title(of screen: CommandLineOptions.Screen) -> String {
    switch screen {
    case .paymentMethods: words.labels.paymentMethodsTitle
    case .wallet: words.labels.walletTitle
    }
  }

  /// The body's lines, and those to keep in sight, if any.
  private func body(_ snapshot: ScreenSnapshot, highlighted: Int?) -> ([String], Range<Int>?) {
    switch snapshot.status {
    case .loading:
      return (row(palette.dim(words.labels.loading)), nil)
    case .error:
      guard let error = snapshot.error else { return ([], nil) }
      let lines = errorLines(error, action: snapshot.action)
      guard let action = snapshot.action else { return (lines, nil) }
      // The button ends the error.
      let button = buttonLines(action).count
      return (lines, (lines.count - button)..<lines.count)
    case .loaded, .empty:
      var (lines, focus) = sections(
        snapshot.methods, failed: snapshot.notices,
        showsSelection: snapshot.screen == .paymentMethods, highlighted: highlighted)
      if let notice = snapshot.notice {
        if !lines.isEmpty { lines += row("") }
        lines += wrapped(notice.title, prefix: "", style: palette.bold)
        lines += wrapped(notice.message, prefix: "", style: { $0 })
        lines += wrapped(notice.hint, prefix: "→ ", style: palette.yellow)
      }
      return (lines, focus)
    }
  }

  /// An error or a journey: what went wrong, what to do, the reference, the button.
  func errorLines(_ error: ScreenSnapshot.Notice, action: ScreenSnapshot.Action?) -> [String] {
    var lines = failureLines(
      title: error.title, message: error.message, hint: error.hint, traceID: error.traceId)
    if let action {
      lines += row("")
      lines += buttonLines(action)
    }
    return lines
  }

  /// What went wrong, what to do (if said), and the reference, `indent` in from the edge.
  private func failureLines(
    title: String, message: String, hint: String?, traceID: String?, indent: String = ""
  ) -> [String] {
    var lines =
      wrapped(title, prefix: indent + "✖ ", style: { palette.red(palette.bold($0)) })
      + wrapped(message, prefix: indent + "  ", style: { $0 })
    if let hint { lines += wrapped(hint, prefix: indent + "→ ", style: palette.yellow) }
    if let traceID { lines += referenceLines(traceID, indent: indent + "  ") }
    return lines
  }

  /// The reference the user quotes to support, never split across lines: beside its label
  /// when both fit, otherwise on a line of its own, the box's whole width, and where even
  /// that is too narrow, whole under the box (`box(references:)` writes it there).
  private func referenceLines(_ traceID: String, indent: String) -> [String] {
    let shown = UntrustedText.escaped(traceID)
    let label = words["reference.label"]
    guard CellWidth.of(indent + label + " " + shown) > innerWidth else {
      return wrapped(label + " " + traceID, prefix: indent, style: palette.dim)
    }
    guard fitsInBox(traceID) else {
      return wrapped(words["reference.underTheBox"], prefix: indent, style: palette.dim)
    }
    return wrapped(label, prefix: indent, style: palette.dim)
      + wrapped(traceID, prefix: "", style: palette.dim)
  }

  /// Whether a reference fits a line of the box on its own.
  private func fitsInBox(_ traceID: String) -> Bool {
    CellWidth.of(UntrustedText.escaped(traceID)) <= innerWidth
  }

  private func buttonLines(_ action: ScreenSnapshot.Action) -> [String] {
    wrapped("[ \(action.button) ]", prefix: "  ", style: palette.bold)
  }

  /// A section per kind of method, in screen order, each under its heading. Only a screen
  /// where the user picks a method shows the selection markers.
  private func sections(
    _ methods: [ScreenSnapshot.Method], failed: [ScreenSnapshot.SourceNotice],
    showsSelection: Bool, highlighted: Int?
  ) -> ([String], Range<Int>?) {
    let sources: [(PaymentMethodRow.Kind, PaymentSource)] = [
      (.wallet, .wallet), (.card, .cards), (.applePay, .applePay),
    ]
    var lines: [String] = []
    var focus: Range<Int>?
    for (kind, source) in sources {
      let heading = words.labels.heading(source).uppercased(with: words.labels.locale)
      let items = methods.enumerated().filter { $0.element.kind == kind }
      let failures = failed.filter { $0.source == source }
      guard !items.isEmpty || !failures.isEmpty else { continue }
      if !lines.isEmpty { lines += row("") }
      lines += row(palette.cyan(heading))
      for (index, item) in items {
        let start = lines.count
        lines += method(
          item, showsSelection: showsSelection, isHighlighted: index == highlighted)
        if index == highlighted { focus = start..<lines.count }
      }
      lines += failures.flatMap(failedSource)
    }
    return (lines, focus)
  }

  /// Where a source's rows would be: why they are not there.
  private func failedSource(_ failed: ScreenSnapshot.SourceNotice) -> [String] {
    failureLines(
      title: failed.title, message: failed.message, hint: nil, traceID: failed.traceId,
      indent: " ")
  }

  private func method(
    _ method: ScreenSnapshot.Method, showsSelection: Bool, isHighlighted: Bool
  ) -> [String] {
    let title = method.isDefault ? method.title + " · " + words.labels.defaultMark : method.title
    // A change on its way says so in place of the subtitle; one that failed, under it.
    let subtitle = method.write.map(words.labels.progress) ?? method.subtitle
    let failed =
      method.failedWrite.map {
        failureLines(
          title: $0.title, message: $0.message, hint: nil, traceID: $0.traceId, indent: "  ")
      } ?? []
    guard showsSelection else {
      return wrapped(title, prefix: " ", style: { $0 })
        + wrapped(subtitle, prefix: " ", style: palette.dim) + failed
    }
    let cursor = isHighlighted ? "▸" : " "
    guard method.selectable else {
      return wrapped(
        title + " · " + words["row.notSelectable"], prefix: cursor + "× ", style: palette.dim)
        + wrapped(subtitle, prefix: "   ", style: palette.dim) + failed
    }
    let marker = cursor + (method.selected ? "● " : "○ ")
    let style: (String) -> String = method.selected ? { palette.green(palette.bold($0)) } : { $0 }
    return wrapped(title, prefix: marker, style: style)
      + wrapped(subtitle, prefix: "   ", style: palette.dim) + failed
  }

  // MARK: - Lines

  /// Word-wraps `text` to the box, the prefix on the first line and spaces under it after.
  /// The text is escaped first, so nothing in it can act on the terminal or end a line,
  /// and a word longer than a line is broken wherever the line is full.
  func wrapped(_ text: String, prefix: String, style: (String) -> String) -> [String] {
    let available = innerWidth - CellWidth.of(prefix)
    var lines: [String] = []
    var current = ""
    var currentWidth = 0
    for word in UntrustedText.escaped(text).split(separator: " ") {
      for piece in pieces(of: word, fitting: available) {
        let pieceWidth = CellWidth.of(piece)
        if currentWidth > 0, currentWidth + 1 + pieceWidth > available {
          lines.append(current)
          current = ""
          currentWidth = 0
        }
        if currentWidth > 0 {
          current += " "
          currentWidth += 1
        }
        current += piece
        currentWidth += pieceWidth
      }
    }
    lines.append(current)
    let indent = String(repeating: " ", count: CellWidth.of(prefix))
    return lines.enumerated().flatMap { index, line in
      let lead = index == 0 ? prefix : indent
      return row(lead + style(line))
    }
  }

  /// `word` cut into pieces of at most `width` cells, whole characters each.
  private func pieces(of word: Substring, fitting width: Int) -> [String] {
    guard CellWidth.of(word) > width else { return [String(word)] }
    var pieces: [String] = []
    var current = ""
    var currentWidth = 0
    for character in word {
      let characterWidth = CellWidth.of(character)
      if currentWidth + characterWidth > width, !current.isEmpty {
        pieces.append(current)
        current = ""
        currentWidth = 0
      }
      current.append(character)
      currentWidth += characterWidth
    }
    if !current.isEmpty { pieces.append(current) }
    return pieces
  }

  /// One boxed line, padded to the box by the cells the text takes on screen.
  func row(_ text: String) -> [String] {
    let padding = String(repeating: " ", count: max(0, innerWidth - palette.visibleWidth(text)))
    return ["│ " + text + padding + " │"]
  }
}

/// ANSI styling, or none at all: with colour off, no escape byte is ever written.
struct Palette {
  let isEnabled: Bool

  func bold(_ text: String) -> String { style(text, "1") }
  func dim(_ text: String) -> String { style(text, "2") }
  func red(_ text: String) -> String { style(text, "31") }
  func green(_ text: String) -> String { style(text, "32") }
  func yellow(_ text: String) -> String { style(text, "33") }
  func cyan(_ text: String) -> String { style(text, "36") }

  private func style(_ text: String, _ code: String) -> String {
    isEnabled && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }

  /// The cells `text` takes on screen, not counting this palette's own escape sequences
  /// (the only ones a rendered line can hold: untrusted text is escaped before styling).
  func visibleWidth(_ text: String) -> Int {
    var width = 0
    var inEscape = false
    for character in text {
      if character == "\u{1B}" {
        inEscape = true
      } else if inEscape {
        if character == "m" { inEscape = false }
      } else {
        width += CellWidth.of(character)
      }
    }
    return width
  }
}
