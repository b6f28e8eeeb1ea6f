/// How many terminal cells text takes, the way `wcwidth` counts them: East Asian wide
/// characters and emoji take two, combining marks and zero-width characters none.
///
/// A user-perceived character (a grapheme cluster) is measured by its first scalar, so a
/// base and its combining marks take the base's width and an emoji sequence (a flag, a
/// family joined by zero-width joiners, a symbol asking for emoji presentation) takes two.
enum CellWidth {
  static func of(_ text: some StringProtocol) -> Int {
    // Printable ASCII, most of what a screen shows, takes a cell a byte: no characters to
    // find and no Unicode properties to look up (their tables cost the first frame a tenth
    // of a millisecond).
    if text.utf8.allSatisfy({ (0x20..<0x7F).contains($0) }) { return text.utf8.count }
    var total = 0
    for character in text { total += of(character) }
    return total
  }

  static func of(_ character: Character) -> Int {
    guard let first = character.unicodeScalars.first else { return 0 }
    let base = of(first)
    // U+FE0F asks for the emoji form of a symbol that is text-wide by default (❤️).
    if base == 1, first.properties.isEmoji, character.unicodeScalars.contains("\u{FE0F}") {
      return 2
    }
    // The halfwidth katakana voiced sound marks (ﾞ ﾟ) extend the character before them in
    // Swift's graphemes, but a terminal gives each a cell of its own.
    let ownCells = character.unicodeScalars.dropFirst().filter {
      $0 == "\u{FF9E}" || $0 == "\u{FF9F}"
    }
    return base + ownCells.count
  }

  static func of(_ scalar: Unicode.Scalar) -> Int {
    if isZeroWidth(scalar) { return 0 }
    if scalar.properties.isEmojiPresentation || isEastAsianWide(scalar.value) { return 2 }
    return 1
  }

  private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: return true
    // Hangul medial vowels and final consonants join the syllable before them.
    case 0x1160...0x11FF, 0xD7B0...0xD7FF: return true
    case 0x200B: return true
    default: break
    }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return true
    default: return false
    }
  }

  /// East Asian Wide and Fullwidth blocks (Unicode's EastAsianWidth.txt, W and F).
  private static func isEastAsianWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
      0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
      0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
      0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF, 0x1F200...0x1F2FF,
      0x20000...0x2FFFD, 0x30000...0x3FFFD:
      true
    default:
      false
    }
  }
}
