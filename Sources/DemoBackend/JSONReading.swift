import Foundation

/// One value as `JSONDecoder` reads it for `JSONValue.parse`, and the strings, numbers and
/// keys under it that Foundation could not read, each with its key path.
struct JSONReading: Decodable {
  /// A value Foundation could not read, and what it is: "cannot be read as text", …
  struct Unreadable {
    let path: String?
    let problem: String
  }

  let value: JSONValue
  let unreadable: [Unreadable]

  init(_ value: JSONValue, unreadable: [Unreadable] = []) {
    self.value = value
    self.unreadable = unreadable
  }

  /// Stands for a value Foundation could not read: `parse` refuses the file before anyone
  /// looks at the value.
  init(_ problem: String, at path: String?) {
    self.init(.null, unreadable: [Unreadable(path: path, problem: problem)])
  }

  init(from decoder: any Decoder) throws {
    // Each kind is asked for in turn, the most common first: `JSONDecoder` answers a type
    // mismatch for a value of another kind, and any other error for a value of the kind
    // asked for that it cannot read.
    let single = try decoder.singleValueContainer()
    if single.decodeNil() {
      self.init(.null)
    } else if let text = try Self.text(single, decoder) {
      self = text
    } else if let number = try Self.number(single, decoder) {
      self = number
    } else if let object = try Self.object(decoder) {
      self = object
    } else if let list = try Self.list(decoder) {
      self = list
    } else {
      // Strict, unlike JSONSerialization's NSNumber: true is no number, and 1 no boolean.
      self.init(.bool(try single.decode(Bool.self)))
    }
  }

  private static func text(_ single: any SingleValueDecodingContainer, _ decoder: any Decoder)
    throws -> JSONReading?
  {
    do {
      return JSONReading(.string(try single.decode(String.self)))
    } catch DecodingError.typeMismatch {
      return nil
    } catch {
      return JSONReading("cannot be read as text", at: keyPath(decoder.codingPath))
    }
  }

  private static func object(_ decoder: any Decoder) throws -> JSONReading? {
    let members: KeyedDecodingContainer<JSONMemberKey>
    do {
      members = try decoder.container(keyedBy: JSONMemberKey.self)
    } catch DecodingError.typeMismatch {
      return nil
    } catch {
      return JSONReading("has a key that cannot be read", at: keyPath(decoder.codingPath))
    }
    let keys = members.allKeys.sorted { $0.name < $1.name }
    if let first = keys.first, decoder.codingPath.count >= JSONValue.maximumDepth {
      throw tooDeep(at: keyPath(decoder.codingPath + [first]))
    }
    // Foundation's decoder would keep one of the two silently; a scenario must say one thing.
    for (key, next) in zip(keys, keys.dropFirst()) where key.name == next.name {
      throw ScenarioFileError(
        key: keyPath(decoder.codingPath + [key]), reason: "is given twice; give each key once")
    }
    var object: [String: JSONValue] = [:]
    var unreadable: [Unreadable] = []
    for key in keys {
      let member = try members.decode(JSONReading.self, forKey: key)
      object[key.name] = member.value
      unreadable += member.unreadable
    }
    return JSONReading(.object(object), unreadable: unreadable)
  }

  private static func list(_ decoder: any Decoder) throws -> JSONReading? {
    guard var items = try? decoder.unkeyedContainer() else { return nil }
    if !items.isAtEnd, decoder.codingPath.count >= JSONValue.maximumDepth {
      throw tooDeep(at: (keyPath(decoder.codingPath) ?? "") + "[0]")
    }
    var values: [JSONValue] = []
    var unreadable: [Unreadable] = []
    while !items.isAtEnd {
      let item = try items.decode(JSONReading.self)
      values.append(item.value)
      unreadable += item.unreadable
    }
    return JSONReading(.array(values), unreadable: unreadable)
  }

  /// A member of a list or an object more than `maximumDepth` levels down. (Checked once a
  /// list or an object, rather than at each value: `codingPath` is made afresh each time.)
  private static func tooDeep(at path: String?) -> ScenarioFileError {
    ScenarioFileError(
      key: path, reason: "is nested more than \(JSONValue.maximumDepth) levels deep")
  }

  /// A number, exactly as `Decimal` holds it.
  private static func number(_ single: any SingleValueDecodingContainer, _ decoder: any Decoder)
    throws -> JSONReading?
  {
    let number: Decimal
    do {
      number = try single.decode(Decimal.self)
    } catch DecodingError.typeMismatch {
      return nil
    } catch {
      let path = keyPath(decoder.codingPath)
      // Beyond Decimal: a Double may still hold it, a number out of range all the same.
      if let double = try? single.decode(Double.self) {
        throw JSONValue.outOfRange("\(double)", at: path)
      }
      return JSONReading("cannot be read as a number", at: path)
    }
    let digits = "\(number.significand.magnitude)".reversed().drop { $0 == "0" }.count
    let limit = Decimal(sign: .plus, exponent: JSONValue.maximumDigits, significand: 1)
    guard digits <= JSONValue.maximumDigits, number.magnitude < limit else {
      // 1e38, not 100000000000000000000000000000000000000.
      let shown =
        number.exponent > 0
        ? "\(number < 0 ? "-" : "")\(number.significand.magnitude)e\(number.exponent)"
        : "\(number)"
      throw JSONValue.outOfRange(shown, at: keyPath(decoder.codingPath))
    }
    return JSONReading(.number(number))
  }

  /// "cards.cards[1].expiry": an object's keys joined by dots, a list's places in brackets;
  /// nil at the top.
  private static func keyPath(_ codingPath: [any CodingKey]) -> String? {
    codingPath.reduce(nil) { path, key in
      guard let member = key as? JSONMemberKey else {
        return (path ?? "") + "[\(key.intValue ?? 0)]"
      }
      return path.map { $0 + "." + member.name } ?? member.name
    }
  }
}

/// An object's key, with a mark of its own member.
///
/// `JSONDecoder` files an object's members under the names its key strategy gives them,
/// keeping one value per name. Every member passes the strategy, a key given twice
/// included, so a strategy that gives each member a mark of its own keeps them all, and the
/// reader can refuse the key given twice by name. The mark is 64 random bits: two members of
/// one name would share it once in 2^64 times. (Not a UUID: on Linux each one opens
/// /dev/urandom, which made a 1 MiB file take a second.)
struct JSONMemberKey: CodingKey {
  /// The key as the file writes it.
  let name: String
  /// The name, a NUL (which no mark holds), and the mark.
  let stringValue: String

  init(name: String) {
    self.name = name
    stringValue = name + "\u{0}" + String(UInt64.random(in: .min ... .max), radix: 36)
  }

  init?(stringValue: String) {
    guard let cut = stringValue.lastIndex(of: "\u{0}") else { return nil }
    name = String(stringValue[..<cut])
    self.stringValue = stringValue
  }

  var intValue: Int? { nil }

  init?(intValue: Int) { nil }
}
