/// The box's lines: text word-wrapped to the box, escaped first, and each line padded to
/// the box's width in terminal cells.
extension ScreenRenderer {
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
