import Foundation

/// A scenario file that does not say what it must. `key` is a path such as
/// "cards.cards[1].expiry", or nil when the file as a whole is wrong.
public struct ScenarioFileError: Error, Equatable, Sendable, CustomStringConvertible {
  public let key: String?
  public let reason: String

  public var description: String {
    key.map { "\($0): \(reason)" } ?? "the file \(reason)"
  }
}

/// Typed reads out of a `JSONValue`, each failing with the key path it was reading.
struct ScenarioFileReader {
  let path: String?

  func child(_ key: String) -> ScenarioFileReader {
    ScenarioFileReader(path: qualified(key))
  }

  func error(_ key: String?, _ reason: String) -> ScenarioFileError {
    ScenarioFileError(key: key.map(qualified) ?? path, reason: reason)
  }

  func object(_ value: JSONValue) throws(ScenarioFileError) -> [String: JSONValue] {
    guard case .object(let object) = value else {
      throw error(nil, "must be a JSON object, got \(value.kindDescription)")
    }
    return object
  }

  func string(_ object: [String: JSONValue], _ key: String, oneOf choices: [String]? = nil)
    throws(ScenarioFileError) -> String
  {
    guard let value = object[key] else { throw error(key, "is missing") }
    guard case .string(let text) = value else {
      throw error(key, "must be a string, got \(value.kindDescription)")
    }
    if let choices, !choices.contains(text) {
      let list = choices.map { "\"\($0)\"" }.joined(separator: ", ")
      let nearest = SpellingSuggestion.nearest(to: text, among: choices)
      throw error(
        key,
        "must be one of \(list), got \"\(text)\""
          + (nearest.map { " (did you mean \"\($0)\"?)" } ?? ""))
    }
    return text
  }

  /// A string that may be left out: nil then.
  func optionalString(_ object: [String: JSONValue], _ key: String) throws(ScenarioFileError)
    -> String?
  {
    object[key] == nil ? nil : try string(object, key)
  }

  /// A non-empty list of strings, each one of `choices` when there are choices; `problem`
  /// says what the list must be when it is not one.
  func strings(
    _ object: [String: JSONValue], _ key: String, oneOf choices: [String]? = nil,
    otherwise problem: String
  ) throws(ScenarioFileError) -> [String] {
    guard case .array(let items)? = object[key], !items.isEmpty else { throw error(key, problem) }
    var texts: [String] = []
    for (index, item) in items.enumerated() {
      texts.append(try child(key).string(["[\(index)]": item], "[\(index)]", oneOf: choices))
    }
    return texts
  }

  /// One of a set of names, or a non-empty list of them served in order, the last
  /// repeating: `"verified"` or `["notVerified", "verified"]`.
  func oneOrMany<Choice: RawRepresentable & CaseIterable>(
    _ object: [String: JSONValue], _ key: String
  ) throws(ScenarioFileError) -> [Choice] where Choice.RawValue == String {
    let names = Choice.allCases.map(\.rawValue)
    guard case .array? = object[key] else {
      let name = try string(object, key, oneOf: names)
      return Choice(rawValue: name).map { [$0] } ?? []
    }
    return try strings(
      object, key, oneOf: names, otherwise: "must be one of the choices or a non-empty list of them"
    ).compactMap(Choice.init(rawValue:))
  }

  func number(_ object: [String: JSONValue], _ key: String) throws(ScenarioFileError) -> Decimal {
    guard let value = object[key] else { throw error(key, "is missing") }
    guard case .number(let number) = value else {
      throw error(key, "must be a number, got \(value.kindDescription)")
    }
    return number
  }

  /// `latencyMs` is optional: without it the source keeps its default latency.
  func latency(_ object: [String: JSONValue], default fallback: Duration)
    throws(ScenarioFileError) -> Duration
  {
    guard let value = object["latencyMs"] else { return fallback }
    let limit = 600_000
    guard case .number(let number) = value, number >= 0, number <= Decimal(limit),
      number == number.rounded()
    else {
      throw error(
        "latencyMs",
        "must be a whole number of milliseconds from 0 to \(limit), got \(value.summary)")
    }
    return .milliseconds(NSDecimalNumber(decimal: number).intValue)
  }

  /// Refuses a key that no form of this object has, naming the one it looks like a typo of
  /// when there is one.
  func refuseUnknownKeys(_ object: [String: JSONValue], allowed: Set<String>)
    throws(ScenarioFileError)
  {
    guard let unknown = object.keys.sorted().first(where: { !allowed.contains($0) }) else {
      return
    }
    let names = allowed.sorted()
    if let nearest = SpellingSuggestion.nearest(to: unknown, among: names) {
      throw error(unknown, "is an unknown key (did you mean `\(nearest)`?)")
    }
    throw error(unknown, "is an unknown key (expected one of: \(names.joined(separator: ", ")))")
  }

  /// Refuses a key this object has in another form, but not in the form it is in, such as
  /// `with "outcome": "banned"` or `beside "responses"`.
  func refuseKeys(_ object: [String: JSONValue], allowed: Set<String>, _ form: String)
    throws(ScenarioFileError)
  {
    guard let other = object.keys.sorted().first(where: { !allowed.contains($0) }) else {
      return
    }
    let expected = allowed.sorted().joined(separator: ", ")
    throw error(other, "is not a key \(form) (expected one of: \(expected))")
  }

  private func qualified(_ key: String) -> String {
    guard let path else { return key }
    return key.hasPrefix("[") ? path + key : path + "." + key
  }
}

extension Decimal {
  func rounded() -> Decimal {
    var value = self
    var result = Decimal()
    NSDecimalRound(&result, &value, 0, .plain)
    return result
  }
}
