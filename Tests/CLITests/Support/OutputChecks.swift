/// What may appear in what the program prints, checked on every byte.
enum OutputChecks {
  /// Whether `scalar` could act on a terminal: a C0 or C1 control other than the newline
  /// that ends a line, DEL, or a character that reorders the text around it.
  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0A: false
    case 0x00...0x1F, 0x7F...0x9F: true
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: true
    default: false
    }
  }

  /// `text` without the palette's colour codes (ESC [ digits m, nothing else).
  static func withoutColourCodes(_ text: String) -> String {
    var result = String.UnicodeScalarView()
    var scalars = Array(text.unicodeScalars)[...]
    while let scalar = scalars.popFirst() {
      if scalar == "\u{1B}", scalars.first == "[" {
        let code = scalars.dropFirst().prefix { ("0"..."9").contains($0) }
        let afterCode = scalars.dropFirst(1 + code.count)
        if !code.isEmpty, afterCode.first == "m" {
          scalars = afterCode.dropFirst()
          continue
        }
      }
      result.append(scalar)
    }
    return String(result)
  }

  /// The control characters in `text` once the palette's colour codes are taken out.
  static func controls(in text: String, allowingColour: Bool = false) -> [Unicode.Scalar] {
    let checked = allowingColour ? withoutColourCodes(text) : text
    return checked.unicodeScalars.filter(isControl)
  }
}
