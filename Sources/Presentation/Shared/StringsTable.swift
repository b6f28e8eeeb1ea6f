import Foundation

/// Reads a `.strings` table: `"key" = "value";` entries, with `/* … */` and `// …`
/// comments between them, as Xcode writes them and as the tables here are.
///
/// `PropertyListSerialization` reads the same files, but its first use costs a program's
/// start-up about a millisecond per table (it wakes the property-list machinery and
/// bridges through `NSDictionary`); this loop takes microseconds. A test reads every table
/// of the package both ways and compares them.
enum StringsTable {
  /// The entries, or nil if the bytes are not a table of quoted keys and values in UTF-8.
  static func entries(_ data: Foundation.Data) -> [String: String]? {
    // Checked whole here, so that each string below is cut from valid UTF-8.
    guard String(validating: data, as: UTF8.self) != nil else { return nil }
    var reader = Reader(bytes: Array(data))
    var entries: [String: String] = [:]
    while reader.skipBlanksAndComments() {
      guard let key = reader.quoted(), reader.take("="), let value = reader.quoted(),
        reader.take(";")
      else { return nil }
      entries[key] = value
    }
    return reader.isBroken ? nil : entries
  }

  /// Walks the bytes. Every character that means something here is ASCII, so a byte that
  /// is one never sits inside another character's UTF-8 encoding.
  private struct Reader {
    let bytes: [UInt8]
    var position = 0
    /// Set by a comment that never ends.
    private(set) var isBroken = false

    private var next: UInt8? { position < bytes.count ? bytes[position] : nil }

    private func starts(_ pair: StaticString) -> Bool {
      let text = pair.utf8Start
      return position + 1 < bytes.count && bytes[position] == text[0]
        && bytes[position + 1] == text[1]
    }

    /// Skips white space and comments; false at the end of the text, or at a comment that
    /// never ends.
    mutating func skipBlanksAndComments() -> Bool {
      while let byte = next {
        if byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D {
          position += 1
        } else if starts("/*") {
          position += 2
          while position < bytes.count, !starts("*/") { position += 1 }
          guard position < bytes.count else {
            isBroken = true
            return false
          }
          position += 2
        } else if starts("//") {
          while let inLine = next, inLine != 0x0A { position += 1 }
        } else {
          return true
        }
      }
      return false
    }

    /// Takes `ascii` if it comes next, after any blanks and comments.
    mutating func take(_ ascii: Unicode.Scalar) -> Bool {
      guard skipBlanksAndComments(), next == UInt8(ascii.value) else { return false }
      position += 1
      return true
    }

    /// A quoted string, after any blanks and comments, its escapes resolved (\" \\ \n \t
    /// \r, and \Uxxxx for a character by its code); nil if none comes next.
    mutating func quoted() -> String? {
      guard take("\""), let end = bytes[position...].firstIndex(of: UInt8(ascii: "\"")) else {
        return nil
      }
      guard bytes[position..<end].contains(UInt8(ascii: "\\")) else {
        defer { position = end + 1 }
        return String(decoding: bytes[position..<end], as: UTF8.self)
      }
      var text: [UInt8] = []
      while let byte = next {
        position += 1
        switch byte {
        case UInt8(ascii: "\""):
          return String(decoding: text, as: UTF8.self)
        case UInt8(ascii: "\\"):
          guard let escaped = next else { return nil }
          position += 1
          switch escaped {
          case UInt8(ascii: "n"): text.append(0x0A)
          case UInt8(ascii: "t"): text.append(0x09)
          case UInt8(ascii: "r"): text.append(0x0D)
          case UInt8(ascii: "U"), UInt8(ascii: "u"):
            guard position + 4 <= bytes.count,
              let code = UInt32(
                String(decoding: bytes[position..<position + 4], as: UTF8.self), radix: 16),
              let scalar = Unicode.Scalar(code)
            else { return nil }
            position += 4
            text.append(contentsOf: Array(String(Character(scalar)).utf8))
          default: text.append(escaped)
          }
        default:
          text.append(byte)
        }
      }
      return nil
    }
  }
}
