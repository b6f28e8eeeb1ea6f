import Foundation

/// A server's JSON body made safe to read, before anything decodes it: the one place where
/// the Data layer decides what to do with text it cannot trust.
///
/// - Bytes that are not UTF-8 become U+FFFD, and control characters written raw inside a
///   string (which JSON forbids) are escaped, so that one bad byte in a `message` does not
///   cost the answer its `code`: a 403 `user_locked` stays a locked account.
/// - Every string longer than `textLimit` characters is cut to that length, so that no
///   server can make a screen print a brand ten megabytes long.
///
/// A body that needs neither comes back byte for byte as it was.
enum AnswerBody {
  /// The most characters any string of an answer keeps (docs/HTTP.md).
  static let textLimit = 200

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
    guard needsRepair(body) else { return (body, repairs) }

    // Invalid UTF-8 becomes U+FFFD.
    let text = String(decoding: body, as: UTF8.self)
    repairs.replacedBytes = String(data: body, encoding: .utf8) == nil
    var escaped = ""
    escaped.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
    var inString = false
    var escaping = false
    for scalar in text.unicodeScalars {
      if inString, scalar.value < 0x20 {
        escaped += String(format: "\\u%04x", scalar.value)
        repairs.escapedControls = true
        continue
      }
      if escaping {
        escaping = false
      } else if inString, scalar == "\\" {
        escaping = true
      } else if scalar == "\"" {
        inString.toggle()
      }
      escaped.unicodeScalars.append(scalar)
    }
    var repaired = Foundation.Data(escaped.utf8)

    if let object = try? JSONSerialization.jsonObject(with: repaired, options: [.fragmentsAllowed])
    {
      let cut = cutStrings(object, count: &repairs.cutStrings)
      if repairs.cutStrings > 0,
        let data = try? JSONSerialization.data(
          withJSONObject: cut, options: [.fragmentsAllowed])
      {
        repaired = data
      }
    }
    return (repaired, repairs)
  }

  /// A quick look for anything `sanitized` would change: bytes outside ASCII that are not
  /// valid UTF-8, raw control bytes inside a string, or a string that may be too long.
  private static func needsRepair(_ body: Foundation.Data) -> Bool {
    if String(data: body, encoding: .utf8) == nil { return true }
    var inString = false
    var escaping = false
    var length = 0
    for byte in body {
      if inString {
        if byte < 0x20 { return true }
        // Counts characters roughly (every byte that starts a scalar): enough to know that
        // a string may be over the limit.
        if byte & 0xC0 != 0x80 { length += 1 }
        if length > textLimit { return true }
        if escaping {
          escaping = false
        } else if byte == UInt8(ascii: "\\") {
          escaping = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
      } else if byte == UInt8(ascii: "\"") {
        inString = true
        length = 0
      }
    }
    return false
  }

  private static func cutStrings(_ value: Any, count: inout Int) -> Any {
    switch value {
    case let text as String where text.count > textLimit:
      count += 1
      return String(text.prefix(textLimit))
    case let array as [Any]:
      return array.map { cutStrings($0, count: &count) }
    case let object as [String: Any]:
      return object.mapValues { cutStrings($0, count: &count) }
    default:
      return value
    }
  }
}
