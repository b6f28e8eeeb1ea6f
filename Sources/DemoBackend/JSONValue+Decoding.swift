import Foundation

/// Reads a scenario file's bytes with Foundation's `JSONDecoder`, refusing what a scenario
/// must not say (a key given twice, deep nesting, a number `Decimal` cannot hold) with a
/// `ScenarioFileError` at its key path; where Foundation says only that a value is
/// unreadable, `JSONSerialization` is asked why and where (`foundationsAccount(of:)`).
extension JSONValue {
  /// Deeper than any scenario file needs, far shallower than Foundation allows.
  static let maximumDepth = 64
  /// The most significant digits, and the size (10^38), a number may have: `Decimal`
  /// holds these exactly. Foundation rounds a number of 40 or more digits as it reads it,
  /// so only what it kept can be checked (docs/SCENARIOS.md).
  static let maximumDigits = 38

  /// Reads one JSON document (RFC 8259, in UTF-8).
  static func parse(_ bytes: [UInt8]) throws(ScenarioFileError) -> JSONValue {
    // JSONDecoder would take UTF-16 or UTF-32 text (whose ASCII holds NUL bytes) for JSON
    // too; a JSON file is UTF-8, in which a NUL is never valid, even inside a string.
    if let nul = bytes.firstIndex(of: 0) {
      throw ScenarioFileError(
        key: nil,
        reason: "is not valid JSON: a NUL byte at \(position(of: nul, in: bytes)) (a scenario "
          + "file is UTF-8 text, and a NUL inside a string is written \\u0000)")
    }
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .custom { path in
      JSONMemberKey(name: path.last?.stringValue ?? "")
    }
    let reading: JSONReading
    do {
      reading = try decoder.decode(JSONReading.self, from: Foundation.Data(bytes))
    } catch let refusal as ScenarioFileError {
      throw refusal
    } catch {
      // The structure itself is broken, of which JSONDecoder says no more than that.
      let account = foundationsAccount(of: bytes) ?? "Foundation's JSONDecoder cannot read it"
      throw ScenarioFileError(key: nil, reason: "is not valid JSON: \(account)")
    }
    guard let first = reading.unreadable.first else { return reading.value }
    let account = foundationsAccount(of: bytes)
    // With one value unreadable, both readers speak of it: JSONDecoder has its key path,
    // JSONSerialization the reason and the place.
    if let account, reading.unreadable.count > 1 {
      throw ScenarioFileError(key: nil, reason: "is not valid JSON: \(account)")
    }
    throw ScenarioFileError(
      key: first.path, reason: first.problem + (account.map { ": " + $0 } ?? ""))
  }

  /// Why `JSONSerialization` refuses the bytes, in its words, with a byte offset it names
  /// ("around character 13", as it says on Linux) given as a line and column; nil if it
  /// reads them.
  private static func foundationsAccount(of bytes: [UInt8]) -> String? {
    let refusal: NSError
    do {
      _ = try JSONSerialization.jsonObject(with: Foundation.Data(bytes), options: .fragmentsAllowed)
      return nil
    } catch {
      refusal = error as NSError
    }
    var words =
      refusal.userInfo[NSDebugDescriptionErrorKey] as? String ?? refusal.localizedDescription
    if words.hasSuffix(".") { words.removeLast() }
    if let match = words.firstMatch(of: /character (\d+)/), let offset = Int(match.1) {
      // The offset counts from after a byte-order mark.
      let text = bytes.starts(with: byteOrderMark) ? Array(bytes.dropFirst(3)) : bytes
      words.replaceSubrange(match.range, with: position(of: offset, in: text))
    }
    return words
  }

  /// A byte offset as an editor shows it: "line 2, column 12", both from 1, a column a
  /// byte.
  private static func position(of offset: Int, in bytes: [UInt8]) -> String {
    let before = bytes[..<min(offset, bytes.count)]
    let line = before.count { $0 == UInt8(ascii: "\n") } + 1
    let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
    return "line \(line), column \(before.count - lineStart + 1)"
  }

  private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// A number outside what a scenario reads exactly (`maximumDigits`), shown as Foundation
  /// read it.
  static func outOfRange(_ shown: String, at path: String?) -> ScenarioFileError {
    let shown = shown.count > 40 ? shown.prefix(40) + "…" : shown[...]
    return ScenarioFileError(
      key: path,
      reason: "is out of range: \(shown) (a number here has at most \(maximumDigits) "
        + "significant digits and is smaller than 1e\(maximumDigits))")
  }
}
