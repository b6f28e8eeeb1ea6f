/// A key the interactive screen understands, decoded from what the terminal sends in raw
/// mode.
enum Key: Equatable, Sendable {
  case up
  case down
  case home
  case end
  case enter
  case tab
  case shiftTab
  case escape
  /// Ctrl-C: with the terminal in raw mode it arrives as a byte, not as SIGINT.
  case interrupt
  /// Ctrl-Z, likewise.
  case suspend
  case backspace
  /// The Delete key (forward delete), "[3~".
  case delete
  /// Page Up and Page Down, "[5~" and "[6~": they scroll the developer log's panel.
  case pageUp
  case pageDown
  case character(Character)

  /// Decodes one read's worth of bytes. Escape sequences are expected whole within one
  /// read, as terminals send them; an escape byte with nothing after it is the Esc key.
  /// Bytes that are no key this screen knows are dropped.
  static func decode(_ bytes: [UInt8]) -> [Key] {
    var keys: [Key] = []
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      switch byte {
      case 0x1B:
        let (key, length) = escapeSequence(bytes[index...])
        if let key { keys.append(key) }
        index += length
      case 0x03: keys.append(.interrupt)
      case 0x1A: keys.append(.suspend)
      case 0x0D, 0x0A: keys.append(.enter)
      case 0x09: keys.append(.tab)
      case 0x7F, 0x08: keys.append(.backspace)
      case 0x20...0x7E: keys.append(.character(Character(Unicode.Scalar(byte))))
      case 0xC2...0xF4:
        // A character beyond ASCII (a name with an accent): its UTF-8 bytes, whole.
        let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
        let end = min(bytes.count, index - 1 + length)
        let text = String(decoding: bytes[(index - 1)..<end], as: UTF8.self)
        if let character = text.first, text.count == 1, character != "\u{FFFD}" {
          keys.append(.character(character))
        }
        index = end
      default: break
      }
    }
    return keys
  }

  /// The key an escape byte starts, given the bytes after it, and how many of them it
  /// took: "[A" is up, "[1~" or "OH" home, and so on.
  private static func escapeSequence(_ rest: ArraySlice<UInt8>) -> (Key?, Int) {
    guard let introducer = rest.first,
      introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O")
    else { return (.escape, 0) }
    // Parameters (digits and ';') up to the final byte, which is a letter or '~'.
    var length = 1
    var parameters = ""
    for byte in rest.dropFirst() {
      length += 1
      if (0x30...0x3F).contains(byte) {
        parameters.append(Character(Unicode.Scalar(byte)))
        continue
      }
      let key: Key? =
        switch (byte, parameters) {
        case (UInt8(ascii: "A"), _): .up
        case (UInt8(ascii: "B"), _): .down
        case (UInt8(ascii: "H"), _), (UInt8(ascii: "~"), "1"), (UInt8(ascii: "~"), "7"): .home
        case (UInt8(ascii: "F"), _), (UInt8(ascii: "~"), "4"), (UInt8(ascii: "~"), "8"): .end
        case (UInt8(ascii: "Z"), _): .shiftTab
        case (UInt8(ascii: "~"), "3"): .delete
        case (UInt8(ascii: "~"), "5"): .pageUp
        case (UInt8(ascii: "~"), "6"): .pageDown
        default: nil
        }
      // An unknown sequence (← →, F-keys) is swallowed whole: its bytes are no keys, and
      // it is not the Esc key either, which would quit.
      return (key, length)
    }
    return (nil, length)
  }
}
