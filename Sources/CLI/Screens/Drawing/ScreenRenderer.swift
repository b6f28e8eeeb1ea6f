import Domain
import Presentation

/// Draws a `ScreenSnapshot` as a box of text, the terminal's stand-in for a SwiftUI view.
///
/// Every string from the snapshot passes `UntrustedText` before it is laid out, and text is
/// measured in terminal cells, so every line of a frame is exactly `width` cells wide.
///
/// This file draws the screens; beside it, `ScreenRenderer+Errors` draws what went wrong,
/// and `ScreenRenderer+Lines` wraps text into the box's lines.
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
    /// How many of the last `lines` hold the box's message (what came of the person's last
    /// try, or the question asked), with the box's end: the interactive screen keeps them
    /// in sight, as it keeps its footer.
    var messageLines = 0
    /// The lines that read only from their first, such as a notice's: title, then message.
    var blocks: [Range<Int>] = []

    var text: String { (lines + underneath).joined(separator: "\n") + "\n" }
  }

  /// - Parameter highlighted: the index in `snapshot.methods` of the row the interactive
  ///   screen's cursor is on, marked with "▸".
  func render(_ snapshot: ScreenSnapshot, highlighted: Int? = nil) -> String {
    drawing(snapshot, highlighted: highlighted.map(ScreenSnapshot.Stop.row)).text
  }

  /// - Parameter highlighted: where the interactive screen's cursor is, marked with "▸": a
  ///   row, or a source's notice.
  func drawing(_ snapshot: ScreenSnapshot, highlighted: ScreenSnapshot.Stop? = nil) -> Drawing {
    let (body, focus, blocks) = body(snapshot, highlighted: highlighted)
    return box(
      title: title(of: snapshot.screen), body: body, focus: focus,
      message: snapshot.isRefreshing ? words.labels.refreshing : snapshot.message,
      answeredByMessage: snapshot.status == .error,
      references: [snapshot.error?.traceId] + snapshot.notices.map(\.traceId), blocks: blocks)
  }

  /// The box every screen is drawn in: a title, the body's lines, and a message under a
  /// rule of its own.
  /// - Parameters:
  ///   - focus: the lines of `body` to keep in sight.
  ///   - answeredByMessage: whether the message is what came of the focus (a journey's
  ///     button): then it is kept in sight with it.
  ///   - references: the support references the body shows; one too wide for a line of
  ///     its own in the box is written whole under it.
  ///   - blocks: the lines of `body` that read only from their first.
  func box(
    title: String, body: [String], focus: Range<Int>? = nil, message: String? = nil,
    answeredByMessage: Bool = false, references: [String?] = [], blocks: [Range<Int>] = []
  ) -> Drawing {
    var lines: [String] = []
    let rule = String(repeating: "─", count: innerWidth + 2)
    lines.append("╭" + rule + "╮")
    lines += wrapped(title, prefix: "", style: palette.bold)
    lines.append("├" + rule + "┤")
    let bodyStart = lines.count
    lines += body
    let messageStart = lines.count
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
      underneath: underneath, messageLines: message == nil ? 0 : lines.count - messageStart,
      blocks: blocks.map { (bodyStart + $0.lowerBound)..<(bodyStart + $0.upperBound) })
  }

  private func title(of screen: CommandLineOptions.Screen) -> String {
    switch screen {
    case .paymentMethods: words.labels.paymentMethodsTitle
    case .wallet: words.labels.walletTitle
    }
  }

  /// The body's lines, those to keep in sight, if any, and the notices' lines.
  private func body(_ snapshot: ScreenSnapshot, highlighted: ScreenSnapshot.Stop?)
    -> ([String], Range<Int>?, [Range<Int>])
  {
    switch snapshot.status {
    case .loading:
      return (row(palette.dim(words.labels.loading)), nil, [])
    case .error:
      guard let error = snapshot.error else { return ([], nil, []) }
      let lines = errorLines(error, action: snapshot.action)
      guard let action = snapshot.action else { return (lines, nil, []) }
      // The button ends the error.
      let button = buttonLines(action).count
      return (lines, (lines.count - button)..<lines.count, [])
    case .loaded, .empty:
      var (lines, focus, blocks) = sections(
        snapshot.methods, failed: snapshot.notices,
        showsSelection: snapshot.screen == .paymentMethods, highlighted: highlighted)
      if let notice = snapshot.notice {
        if !lines.isEmpty { lines += row("") }
        let start = lines.count
        lines += wrapped(notice.title, prefix: "", style: palette.bold)
        lines += wrapped(notice.message, prefix: "", style: { $0 })
        lines += wrapped(notice.hint, prefix: "→ ", style: palette.yellow)
        blocks.append(start..<lines.count)
      }
      return (lines, focus, blocks)
    }
  }

  /// A section per kind of method, in screen order, each under its heading. Only a screen
  /// where the user picks a method shows the selection markers.
  private func sections(
    _ methods: [ScreenSnapshot.Method], failed: [ScreenSnapshot.SourceNotice],
    showsSelection: Bool, highlighted: ScreenSnapshot.Stop?
  ) -> ([String], Range<Int>?, [Range<Int>]) {
    var lines: [String] = []
    var focus: Range<Int>?
    var blocks: [Range<Int>] = []
    for (kind, source) in ScreenSnapshot.sections {
      let heading = words.labels.heading(source).uppercased(with: words.labels.locale)
      let items = methods.enumerated().filter { $0.element.kind == kind }
      let failures = failed.filter { $0.source == source }
      guard !items.isEmpty || !failures.isEmpty else { continue }
      if !lines.isEmpty { lines += row("") }
      lines += row(palette.cyan(heading))
      for (index, item) in items {
        let start = lines.count
        let isHighlighted = highlighted == .row(index)
        lines += method(item, showsSelection: showsSelection, isHighlighted: isHighlighted)
        if isHighlighted { focus = start..<lines.count }
      }
      let start = lines.count
      let isHighlighted = highlighted == .notice(source)
      lines += failures.flatMap { sourceNotice($0, isHighlighted: isHighlighted) }
      if !failures.isEmpty { blocks.append(start..<lines.count) }
      if isHighlighted, !failures.isEmpty { focus = start..<lines.count }
    }
    return (lines, focus, blocks)
  }

  /// Where a source's rows would be: why they are not there; marked with "▸" when the
  /// interactive screen's cursor is on it.
  private func sourceNotice(_ failed: ScreenSnapshot.SourceNotice, isHighlighted: Bool)
    -> [String]
  {
    failureLines(
      title: failed.title, message: failed.message, hint: nil, traceID: failed.traceId,
      indent: " ", cursor: isHighlighted ? "▸" : " ")
  }

  private func method(
    _ method: ScreenSnapshot.Method, showsSelection: Bool, isHighlighted: Bool
  ) -> [String] {
    let title = method.isDefault ? method.title + " · " + words.labels.defaultMark : method.title
    // A change on its way says so in place of the subtitle; one that failed, under it. A
    // row from the local copy says so under its subtitle.
    let subtitle = method.write.map(words.labels.progress) ?? method.subtitle
    let under =
      (method.localCopyHint.map { wrapped($0, prefix: "   ", style: palette.dim) } ?? [])
      + (method.failedWrite.map {
        failureLines(
          title: $0.title, message: $0.message, hint: nil, traceID: $0.traceId, indent: "  ")
      } ?? [])
    guard showsSelection else {
      return wrapped(title, prefix: " ", style: { $0 })
        + wrapped(subtitle, prefix: " ", style: palette.dim) + under
    }
    let cursor = isHighlighted ? "▸" : " "
    guard method.selectable else {
      return wrapped(
        title + " · " + words["row.notSelectable"], prefix: cursor + "× ", style: palette.dim)
        + wrapped(subtitle, prefix: "   ", style: palette.dim) + under
    }
    let marker = cursor + (method.selected ? "● " : "○ ")
    let style: (String) -> String = method.selected ? { palette.green(palette.bold($0)) } : { $0 }
    return wrapped(title, prefix: marker, style: style)
      + wrapped(subtitle, prefix: "   ", style: palette.dim) + under
  }
}
