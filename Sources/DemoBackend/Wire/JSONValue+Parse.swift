import Foundation

/// Reads a scenario file's bytes, refusing what a scenario must not say, each with its key
/// path and its line and column (or "the file ends"): a key given twice, deep nesting, a
/// number `Decimal` cannot hold exactly, text that is not UTF-8.
extension JSONValue {
  /// Deeper than any scenario file needs, and shallow enough that reading never runs out of
  /// stack.
  static let maximumDepth = 64
  /// The most significant digits, and the size (10^38), a number may have: `Decimal`
  /// holds these exactly.
  static let maximumDigits = 38

  /// Reads one JSON document (RFC 8259, in UTF-8, a byte-order mark allowed); as
  /// Foundation reads it if `readsAsFoundation` (see `JSONParser`).
  static func parse(_ bytes: [UInt8], readsAsFoundation: Bool = false) throws(ScenarioFileError)
    -> JSONValue
  {
    var parser = JSONParser(
      bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes[3...]) : bytes,
      readsAsFoundation: readsAsFoundation)
    return try parser.document()
  }

  /// A number outside what a scenario reads exactly (`maximumDigits`), shown as the file
  /// writes it, and where.
  static func outOfRange(_ shown: String, at path: String?, place: String) -> ScenarioFileError {
    let shown = shown.count > 40 ? shown.prefix(40) + "…" : shown[...]
    return ScenarioFileError(
      key: path,
      reason: "is out of range: \(shown) at \(place) (a number here has at most "
        + "\(maximumDigits) significant digits, none past the 128th decimal place, and is "
        + "smaller than 1e\(maximumDigits))")
  }
}

/// A reader of JSON that goes through the bytes once, keeping the path to the value it is
/// in, so that every refusal can name its key ("cards.cards[1].expiry") and its place.
struct JSONParser {
  /// One step of a key path: an object's key or a list's place.
  private enum Step {
    case key(String)
    case index(Int)
  }

  let bytes: [UInt8]
  /// Whether a key given twice keeps its last value and a number past `Decimal`'s exact
  /// range is rounded, as Foundation reads JSON, instead of being refused.
  let readsAsFoundation: Bool
  /// Where the reader is.
  var index = 0
  private var path: [Step] = []

  init(_ bytes: [UInt8], readsAsFoundation: Bool = false) {
    self.bytes = bytes
    self.readsAsFoundation = readsAsFoundation
  }

  mutating func document() throws(ScenarioFileError) -> JSONValue {
    if let nul = bytes.firstIndex(of: 0) {
      // UTF-16 or UTF-32 text holds NUL bytes in its ASCII; in UTF-8 a NUL is never valid.
      throw notJSON(
        "a NUL byte at \(position(nul)) (a scenario file is UTF-8 text, and a NUL inside a "
          + "string is written \\u0000)")
    }
    let value = try self.value()
    skipWhitespace()
    guard index == bytes.count else { throw notJSON("more after the JSON value at \(here)") }
    return value
  }

  mutating func value() throws(ScenarioFileError) -> JSONValue {
    skipWhitespace()
    guard path.count <= JSONValue.maximumDepth else {
      throw refusal("is nested more than \(JSONValue.maximumDepth) levels deep", at: index)
    }
    guard let byte = bytes[safe: index] else {
      throw notJSON("the file ends where a value should be")
    }
    switch byte {
    case UInt8(ascii: "{"): return try object()
    case UInt8(ascii: "["): return try list()
    case UInt8(ascii: "\""):
      return .string(try string { "cannot be read as text: \($0)" })
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
    default:
      for (word, value) in [
        ("true", JSONValue.bool(true)), ("false", .bool(false)), ("null", .null),
      ]
      where bytes[index...].starts(with: word.utf8) {
        index += word.utf8.count
        return value
      }
      throw notJSON(
        "a value (an object, a list, a string, a number, true, false or null) "
          + "was expected at \(here)")
    }
  }

  private mutating func object() throws(ScenarioFileError) -> JSONValue {
    index += 1
    var members: [String: JSONValue] = [:]
    skipWhitespace()
    if bytes[safe: index] == UInt8(ascii: "}") {
      index += 1
      return .object(members)
    }
    repeat {
      skipWhitespace()
      guard bytes[safe: index] == UInt8(ascii: "\"") else {
        throw notJSON("a key in double quotes was expected at \(here)")
      }
      let keyStart = index
      let key = try string { "has a key that cannot be read: \($0)" }
      path.append(.key(key))
      guard members[key] == nil || readsAsFoundation else {
        throw ScenarioFileError(
          key: keyPath,
          reason: "is given twice, again at \(position(keyStart)); give each key once")
      }
      skipWhitespace()
      guard bytes[safe: index] == UInt8(ascii: ":") else {
        throw notJSON("a colon after the key was expected at \(here)")
      }
      index += 1
      members[key] = try value()
      path.removeLast()
    } while try moreMembers(closedBy: "}")
    return .object(members)
  }

  private mutating func list() throws(ScenarioFileError) -> JSONValue {
    index += 1
    var items: [JSONValue] = []
    skipWhitespace()
    if bytes[safe: index] == UInt8(ascii: "]") {
      index += 1
      return .array(items)
    }
    repeat {
      path.append(.index(items.count))
      items.append(try value())
      path.removeLast()
    } while try moreMembers(closedBy: "]")
    return .array(items)
  }

  /// After a member: true past a comma, false past the closing bracket.
  private mutating func moreMembers(closedBy close: Unicode.Scalar) throws(ScenarioFileError)
    -> Bool
  {
    skipWhitespace()
    switch bytes[safe: index] {
    case UInt8(ascii: ","):
      index += 1
      return true
    case UInt8(ascii: close):
      index += 1
      return false
    default: throw notJSON("a comma or \(close) was expected at \(here)")
    }
  }

  mutating func skipWhitespace() {
    while let byte = bytes[safe: index], [0x20, 0x09, 0x0A, 0x0D].contains(byte) { index += 1 }
  }

  /// The file's structure is broken, which no key path says better than a place.
  func notJSON(_ problem: String) -> ScenarioFileError {
    ScenarioFileError(key: nil, reason: "is not valid JSON: \(problem)")
  }

  /// A value, or a key, that cannot be read, at the path of the value or of the object.
  func refusal(_ problem: String, at offset: Int) -> ScenarioFileError {
    ScenarioFileError(key: keyPath, reason: "\(problem) at \(position(offset))")
  }

  func unreadableNumber(_ problem: String) -> ScenarioFileError {
    refusal("cannot be read as a number: \(problem)", at: index)
  }

  /// "cards.cards[1].expiry": an object's keys joined by dots, a list's places in brackets;
  /// nil at the top.
  var keyPath: String? {
    path.reduce(nil) { path, step in
      switch step {
      case .key(let key): path.map { $0 + "." + key } ?? key
      case .index(let place): (path ?? "") + "[\(place)]"
      }
    }
  }

  var here: String { position(index) }

  /// A byte offset as an editor shows it: "line 2, column 12", both from 1, a column a
  /// byte.
  func position(_ offset: Int) -> String {
    let before = bytes[..<min(offset, bytes.count)]
    let line = before.count { $0 == UInt8(ascii: "\n") } + 1
    let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
    return "line \(line), column \(before.count - lineStart + 1)"
  }
}

extension Array {
  subscript(safe index: Int) -> Element? {
    indices.contains(index) ? self[index] : nil
  }
}
