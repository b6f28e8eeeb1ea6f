import Foundation

/// Any JSON value, read without a schema so the scenario-file reader can say exactly
/// which key is wrong and why. `JSONValue.parse` (JSONValue+Parse.swift) reads it; the stub
/// backend also reads and writes its bodies with it (JSONValue+Body.swift). This is only
/// its shape.
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

  /// A short rendering of the value for messages: a number or a string as it is, anything
  /// else by its kind.
  var summary: String {
    switch self {
    case .number(let number): "\(number)"
    case .string(let text): "\"\(text)\""
    default: kindDescription
    }
  }
}
