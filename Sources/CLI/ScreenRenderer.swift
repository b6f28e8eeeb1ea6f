/// Draws a `ScreenSnapshot` as a box of text, the terminal's stand-in for a SwiftUI view.
struct ScreenRenderer {
  /// Columns inside the box, between "│ " and " │".
  static let innerWidth = 46

  let palette: Palette

  func render(_ snapshot: ScreenSnapshot) -> String {
    var lines: [String] = []
    let rule = String(repeating: "─", count: Self.innerWidth + 2)
    lines.append("╭" + rule + "╮")
    lines += row(palette.bold(title(of: snapshot.screen)))
    lines.append("├" + rule + "┤")
    lines += body(snapshot)
    if let message = snapshot.message {
      lines.append("├" + rule + "┤")
      lines += wrapped(message, prefix: "i ", style: palette.cyan)
    }
    lines.append("╰" + rule + "╯")
    return lines.joined(separator: "\n") + "\n"
  }

  private func title(of screen: CommandLineOptions.Screen) -> String {
    switch screen {
    case .paymentMethods: "Choose how to pay"
    case .wallet: "Your wallet"
    }
  }

  private func body(_ snapshot: ScreenSnapshot) -> [String] {
    switch snapshot.status {
    case .loading:
      return row(palette.dim("Loading…"))
    case .error:
      guard let error = snapshot.error else { return [] }
      var lines =
        wrapped(error.title, prefix: "✖ ", style: { palette.red(palette.bold($0)) })
        + wrapped(error.message, prefix: "  ", style: { $0 })
        + wrapped(error.hint, prefix: "→ ", style: palette.yellow)
      if let traceID = error.traceId {
        lines += wrapped("Reference: \(traceID)", prefix: "  ", style: palette.dim)
      }
      if let action = snapshot.action {
        lines += row("")
        lines += row("  " + palette.bold("[ \(action.button) ]"))
      }
      return lines
    case .loaded, .empty:
      var lines = sections(snapshot.methods, showsSelection: snapshot.screen == .paymentMethods)
      if let notice = snapshot.notice {
        if !lines.isEmpty { lines += row("") }
        lines += wrapped(notice.title, prefix: "", style: palette.bold)
        lines += wrapped(notice.message, prefix: "", style: { $0 })
        lines += wrapped(notice.hint, prefix: "→ ", style: palette.yellow)
      }
      return lines
    }
  }

  /// A section per kind of method, in screen order, each under its heading. Only a screen
  /// where the user picks a method shows the selection markers.
  private func sections(_ methods: [ScreenSnapshot.Method], showsSelection: Bool) -> [String] {
    let headings = [("wallet", "WALLET"), ("card", "CARDS"), ("applePay", "APPLE PAY")]
    var lines: [String] = []
    for (kind, heading) in headings {
      let items = methods.filter { $0.kind == kind }
      guard !items.isEmpty else { continue }
      if !lines.isEmpty { lines += row("") }
      lines += row(palette.cyan(heading))
      for item in items {
        lines += method(item, showsSelection: showsSelection)
      }
    }
    return lines
  }

  private func method(_ method: ScreenSnapshot.Method, showsSelection: Bool) -> [String] {
    guard showsSelection else {
      return wrapped(method.title, prefix: " ", style: { $0 })
        + wrapped(method.subtitle, prefix: " ", style: palette.dim)
    }
    guard method.selectable else {
      return wrapped(method.title + " · not selectable", prefix: " × ", style: palette.dim)
        + wrapped(method.subtitle, prefix: "   ", style: palette.dim)
    }
    let marker = method.selected ? " ● " : " ○ "
    let title = method.selected ? palette.green(palette.bold(method.title)) : method.title
    return row(marker + title)
      + wrapped(method.subtitle, prefix: "   ", style: palette.dim)
  }

  // MARK: - Lines

  /// Word-wraps `text` to the box, the prefix on the first line and spaces under it after.
  private func wrapped(_ text: String, prefix: String, style: (String) -> String) -> [String] {
    let width = Self.innerWidth - prefix.count
    var lines: [String] = []
    var current = ""
    for word in text.split(separator: " ") {
      if !current.isEmpty, current.count + 1 + word.count > width {
        lines.append(current)
        current = ""
      }
      current += current.isEmpty ? String(word) : " " + word
    }
    lines.append(current)
    let indent = String(repeating: " ", count: prefix.count)
    return lines.enumerated().flatMap { index, line in
      let lead = index == 0 ? prefix : indent
      return row(lead + style(line))
    }
  }

  /// One boxed line, padded to the box by the columns the text takes on screen.
  private func row(_ text: String) -> [String] {
    let width = palette.visibleCount(text)
    let padding = String(repeating: " ", count: max(0, Self.innerWidth - width))
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

  /// The columns `text` takes on screen, not counting escape sequences.
  func visibleCount(_ text: String) -> Int {
    var count = 0
    var inEscape = false
    for character in text {
      if character == "\u{1B}" {
        inEscape = true
      } else if inEscape {
        if character == "m" { inEscape = false }
      } else {
        count += 1
      }
    }
    return count
  }
}
