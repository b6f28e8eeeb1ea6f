/// The lines the program writes on stderr, wrapped to the terminal's width where stderr is
/// a terminal: at spaces, never inside a word, so that the terminal does not break one
/// ("will be sen / t"). A word wider than the terminal keeps a line of its own. Text the
/// program rewrites in place (a carriage return, an escape sequence, a line not yet ended)
/// is written as it is: it is made to fit where it is made.
enum ErrorLines {
  /// `text`, each ended line wrapped to `width` cells.
  static func wrapped(_ text: String, width: Int) -> String {
    guard width > 0, !text.contains("\r"), !text.contains("\u{1B}") else { return text }
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    // What follows the last newline is not ended yet: written as it is.
    let unended = lines.removeLast()
    let wrapped = lines.map { wrap(String($0), width: width).joined(separator: "\n") + "\n" }
    return wrapped.joined() + unended
  }

  /// One line over lines of at most `width` cells, broken at spaces.
  static func wrap(_ line: String, width: Int) -> [String] {
    guard CellWidth.of(line) > width else { return [line] }
    var lines: [String] = []
    var current = ""
    for word in line.split(separator: " ", omittingEmptySubsequences: false) {
      let candidate = current.isEmpty ? String(word) : current + " " + word
      if CellWidth.of(candidate) <= width || current.isEmpty {
        current = candidate
      } else {
        lines.append(current)
        current = String(word)
      }
    }
    lines.append(current)
    return lines
  }
}
