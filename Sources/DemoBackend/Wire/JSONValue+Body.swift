import Foundation

/// The stub backend's bodies as JSON values: read from bytes, written as text, and the parts
/// of them the backend looks at (see `WireBody`).
extension JSONValue {
  /// The JSON value of a body; nil for bytes that are not JSON. Read as Foundation reads
  /// JSON, as the client does: a key given twice keeps its last value, and a number past
  /// what `Decimal` holds exactly is rounded (a scenario file refuses both).
  static func read(_ body: some Sequence<UInt8>) -> JSONValue? {
    try? parse(Array(body), readsAsFoundation: true)
  }

  /// An object of the members that have a value: a member whose value is nil is left out,
  /// as a backend leaves out what a body does not hold.
  static func object(omittingNils members: [String: JSONValue?]) -> JSONValue {
    .object(members.compactMapValues { $0 })
  }

  /// The value as compact JSON text (RFC 8259), an object's keys sorted, so that a body
  /// reads the same in every run.
  var text: String {
    switch self {
    case .null: "null"
    case .bool(let value): value ? "true" : "false"
    case .number(let value): "\(value)"
    case .string(let value): Self.quoted(value)
    case .array(let items): "[" + items.map(\.text).joined(separator: ",") + "]"
    case .object(let members):
      "{"
        + members.sorted { $0.key < $1.key }
        .map { Self.quoted($0.key) + ":" + $0.value.text }
        .joined(separator: ",") + "}"
    }
  }

  /// The member `key` of an object; nil for anything else.
  subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members[key]
  }

  /// The text of a string; nil for anything else.
  var string: String? {
    guard case .string(let text) = self else { return nil }
    return text
  }

  /// A string between quotes, with what JSON must escape escaped: the quote, the
  /// backslash and the control characters.
  private static func quoted(_ text: String) -> String {
    var quoted = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": quoted += "\\\""
      case "\\": quoted += "\\\\"
      case "\n": quoted += "\\n"
      case "\r": quoted += "\\r"
      case "\t": quoted += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        quoted += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: quoted.unicodeScalars.append(scalar)
      }
    }
    return quoted + "\""
  }
}
