import Foundation

/// A server's JSON body made safe to read, before anything decodes it: the one place where
/// the Data layer decides what to do with text it cannot trust.
///
/// - Bytes that are not UTF-8 become U+FFFD, and control characters written raw inside a
///   string (which JSON forbids) are escaped, so that one bad byte in a `message` does not
///   cost the answer its `code`: a 403 `user_locked` stays a locked account.
/// - Every string longer than `textLimit` characters is cut to that length, so that no
///   server can make a screen print a brand ten megabytes long. A person's id (`userId`)
///   is never cut: it is compared, never shown, and two ids that differ after the limit
///   are two people (its reader refuses one the device cannot keep whole).
///
/// A body that needs neither comes back byte for byte as it was.
enum AnswerBody {
  /// The most characters any string of an answer keeps (docs/HTTP.md).
  static let textLimit = 200
  /// The key of a person's id, which is never cut.
  private static let personKey = "userId"

  /// What had to change, in words for the developer log; empty when nothing did.
  struct Repairs: Equatable {
    var replacedBytes = false
    var escapedControls = false
    var cutStrings = 0

    var isEmpty: Bool { !replacedBytes && !escapedControls && cutStrings == 0 }

    var description: String {
      var parts: [String] = []
      if replacedBytes { parts.append("bytes that are not UTF-8 replaced") }
      if escapedControls { parts.append("raw control characters escaped") }
      if cutStrings > 0 {
        parts.append("\(cutStrings) string(s) cut to \(AnswerBody.textLimit) characters")
      }
      return parts.joined(separator: ", ")
    }
  }

  static func sanitized(_ body: Foundation.Data) -> (body: Foundation.Data, repairs: Repairs) {
    var repairs = Repairs()
    var text = body
    if String(data: body, encoding: .utf8) == nil {
      // Every byte that is not UTF-8 becomes U+FFFD.
      text = Foundation.Data(String(decoding: body, as: UTF8.self).utf8)
      repairs.replacedBytes = true
    }
    let scan = scanStrings(text)
    if let escaped = scan.escaped {
      text = escaped
      repairs.escapedControls = true
    }
    if scan.longest > textLimit,
      let object = try? JSONSerialization.jsonObject(with: text, options: [.fragmentsAllowed])
    {
      let cut = cutStrings(object, count: &repairs.cutStrings)
      if repairs.cutStrings > 0,
        let data = try? JSONSerialization.data(withJSONObject: cut, options: [.fragmentsAllowed])
      {
        text = data
      }
    }
    return repairs.isEmpty ? (body, repairs) : (text, repairs)
  }

  /// One pass over the strings of a JSON text: the text with every raw control character
  /// inside a string escaped (nil when there was none), and the length of its longest
  /// string, roughly in characters (every byte that starts a scalar; an escape counts as
  /// several), enough to know that a string may be over the limit.
  private static func scanStrings(_ bytes: Foundation.Data) -> (
    escaped: Foundation.Data?, longest: Int
  ) {
    let quote = UInt8(ascii: "\"")
    let backslash = UInt8(ascii: "\\")
    var escaped: Foundation.Data?
    var inString = false
    var escaping = false
    var length = 0
    var longest = 0
    for (offset, byte) in bytes.enumerated() {
      if inString, byte < 0x20 {
        if escaped == nil { escaped = Foundation.Data(bytes.prefix(offset)) }
        escaped?.append(contentsOf: Array(String(format: "\\u%04x", byte).utf8))
        continue
      }
      escaped?.append(byte)
      guard inString else {
        if byte == quote {
          inString = true
          length = 0
        }
        continue
      }
      if escaping {
        escaping = false
      } else if byte == backslash {
        escaping = true
      } else if byte == quote {
        inString = false
        continue
      }
      if byte & 0xC0 != 0x80 {
        length += 1
        longest = max(longest, length)
      }
    }
    return (escaped, longest)
  }

  private static func cutStrings(_ value: Any, count: inout Int) -> Any {
    switch value {
    case let text as String where text.count > textLimit:
      count += 1
      return String(text.prefix(textLimit))
    case let array as [Any]:
      return array.map { cutStrings($0, count: &count) }
    case let object as [String: Any]:
      var cut = object
      for (key, value) in object where !(key == personKey && value is String) {
        cut[key] = cutStrings(value, count: &count)
      }
      return cut
    default:
      return value
    }
  }
}
