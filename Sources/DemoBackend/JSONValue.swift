import Foundation

/// Any JSON value, read without a schema so the scenario-file reader can say exactly
/// which key is wrong and why.
enum JSONValue: Equatable {
  case null
  case bool(Bool)
  case number(Decimal)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  /// How the value is named in messages: "a string", "an array", …
  var kindDescription: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }

  /// Reads one JSON document (RFC 8259), strictly: besides its syntax, it refuses what a
  /// general-purpose decoder lets through silently, each with the key path it is at: a key
  /// given twice, text that is not UTF-8, and a number `Decimal` cannot hold exactly.
  static func parse(_ bytes: [UInt8]) throws(ScenarioFileError) -> JSONValue {
    var parser = JSONParser(bytes: bytes)
    return try parser.document()
  }
}
