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
    guard text.utf8.contains(0x1B) else { return CellWidth.of(text) }
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
