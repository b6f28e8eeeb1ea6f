/// Text that came from outside the program (a scenario file, a server, the command line),
/// made safe to print: nothing in it can become terminal control.
enum UntrustedText {
  /// `text` with every control character (C0, DEL, C1: ESC and newline among them) and every
  /// character that reorders the text around it (bidi embeddings, overrides, isolates and
  /// marks; line and paragraph separators) written as a visible escape such as `\u{1B}`.
  /// The result holds no byte a terminal acts on and never spans two lines.
  static func escaped(_ text: String) -> String {
    var result = ""
    result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
    for scalar in text.unicodeScalars {
      if isUnsafe(scalar) {
        result += "\\u{" + hex(scalar.value, digits: 2) + "}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// JSON text with every character a terminal could act on written as a JSON escape
  /// (`\u009B`), so that `--json` printed to a terminal is as safe as the screen. JSON's
  /// own rules escape only C0 controls; DEL, C1 controls and the reordering characters would
  /// otherwise pass through raw. A parser reads the escapes back as the same characters.
  ///
  /// All of them are outside ASCII or are controls, so they can only stand inside strings,
  /// where an escape means the same character: the document keeps its meaning. The newlines
  /// between its lines are JSON's own and stay.
  static func jsonEscaped(_ json: String) -> String {
    var result = ""
    result.unicodeScalars.reserveCapacity(json.unicodeScalars.count)
    for scalar in json.unicodeScalars {
      if scalar.value >= 0x7F, isUnsafe(scalar) {
        // JSON escapes UTF-16 code units: a character past U+FFFF takes two.
        for unit in String(scalar).utf16 { result += "\\u" + hex(UInt32(unit), digits: 4) }
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Whether a terminal could act on `scalar` instead of showing it.
  static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: true
    // Arabic letter mark, LRM and RLM, LRE…RLO, LRI…PDI.
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    // Line and paragraph separators: some terminals and viewers break the line there.
    case 0x2028, 0x2029: true
    default: false
    }
  }

  /// `value` in upper-case hex, at least `digits` long.
  private static func hex(_ value: UInt32, digits: Int) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
  }
}
