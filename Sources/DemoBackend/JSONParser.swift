import Foundation

/// A strict, small JSON reader over bytes (RFC 8259), for files nobody vouches for: every
/// refusal is a `ScenarioFileError` with the key path it is at, nesting is bounded so that
/// no input can exhaust the stack, and nothing is read past the first error.
struct JSONParser {
  /// Deeper than any scenario file needs, far shallower than the stack allows.
  static let maximumDepth = 64
  /// The most significant digits, and the size (10^38), a number may have: `Decimal`
  /// holds these exactly.
  static let maximumDigits = 38

  private let bytes: [UInt8]
  private var index = 0

  init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  mutating func document() throws(ScenarioFileError) -> JSONValue {
    // A byte-order mark is not JSON, but editors write it; it carries no meaning.
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    skipWhitespace()
    let root = try value(at: nil, depth: 0)
    skipWhitespace()
    guard index == bytes.count else { throw syntax("more text after the end of the JSON value") }
    return root
  }

  // MARK: - Values

  private mutating func value(at path: String?, depth: Int) throws(ScenarioFileError)
    -> JSONValue
  {
    guard depth <= Self.maximumDepth else {
      throw ScenarioFileError(
        key: path, reason: "is nested more than \(Self.maximumDepth) levels deep")
    }
    guard let byte = peek() else { throw syntax("the text ends where a value should be") }
    switch byte {
    case UInt8(ascii: "{"): return try object(at: path, depth: depth)
    case UInt8(ascii: "["): return try array(at: path, depth: depth)
    case UInt8(ascii: "\""): return .string(try string(at: path, isKey: false))
    case UInt8(ascii: "t"): return try literal("true", .bool(true))
    case UInt8(ascii: "f"): return try literal("false", .bool(false))
    case UInt8(ascii: "n"): return try literal("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number(at: path)
    default: throw syntax("expected a value (an object, list, string, number, true, false or null)")
    }
  }

  private mutating func object(at path: String?, depth: Int) throws(ScenarioFileError)
    -> JSONValue
  {
    index += 1
    var members: [String: JSONValue] = [:]
    skipWhitespace()
    if peek() == UInt8(ascii: "}") {
      index += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard peek() == UInt8(ascii: "\"") else { throw syntax("expected a key in double quotes") }
      let key = try string(at: path, isKey: true)
      let keyPath = path.map { $0 + "." + key } ?? key
      // Foundation's decoder keeps one of the two silently; a scenario must say one thing.
      guard members[key] == nil else {
        throw ScenarioFileError(key: keyPath, reason: "is given twice; give each key once")
      }
      skipWhitespace()
      try expect(":", "expected \":\" after the key")
      skipWhitespace()
      members[key] = try value(at: keyPath, depth: depth + 1)
      skipWhitespace()
      if peek() == UInt8(ascii: ",") {
        index += 1
        continue
      }
      try expect("}", "expected \",\" or \"}\" after a value in an object")
      return .object(members)
    }
  }

  private mutating func array(at path: String?, depth: Int) throws(ScenarioFileError)
    -> JSONValue
  {
    index += 1
    var items: [JSONValue] = []
    skipWhitespace()
    if peek() == UInt8(ascii: "]") {
      index += 1
      return .array(items)
    }
    while true {
      skipWhitespace()
      items.append(try value(at: (path ?? "") + "[\(items.count)]", depth: depth + 1))
      skipWhitespace()
      if peek() == UInt8(ascii: ",") {
        index += 1
        continue
      }
      try expect("]", "expected \",\" or \"]\" after a value in a list")
      return .array(items)
    }
  }

  private mutating func literal(_ word: String, _ value: JSONValue) throws(ScenarioFileError)
    -> JSONValue
  {
    let expected = Array(word.utf8)
    guard bytes[index...].starts(with: expected) else { throw syntax("expected a value") }
    index += expected.count
    return value
  }

  // MARK: - Strings

  /// A string's text. A key's problems are reported at the object holding it.
  private mutating func string(at path: String?, isKey: Bool) throws(ScenarioFileError)
    -> String
  {
    func invalid(_ reason: String) -> ScenarioFileError {
      ScenarioFileError(key: path, reason: isKey ? "has a key that \(reason)" : reason)
    }
    index += 1
    var scalars = String.UnicodeScalarView()
    while true {
      guard let byte = peek() else { throw syntax("the text ends inside a string") }
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        return String(scalars)
      case UInt8(ascii: "\\"):
        index += 1
        scalars.append(try escape(invalid))
      case 0x00..<0x20:
        throw syntax("a control character inside a string; write it as an escape such as \\n")
      case 0x00..<0x80:
        index += 1
        scalars.append(Unicode.Scalar(byte))
      default:
        guard let scalar = decodeUTF8() else { throw invalid("is not valid UTF-8 text") }
        scalars.append(scalar)
      }
    }
  }

  /// The scalar after a backslash; a `\u` escape of half a surrogate pair must be followed
  /// by the other half.
  private mutating func escape(_ invalid: (String) -> ScenarioFileError) throws(ScenarioFileError)
    -> Unicode.Scalar
  {
    guard let byte = peek() else { throw syntax("the text ends inside a string") }
    index += 1
    switch byte {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{08}"
    case UInt8(ascii: "f"): return "\u{0C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"):
      let unit = try hexUnit()
      if let scalar = Unicode.Scalar(unit) { return scalar }
      let pairError = invalid(
        "holds \\u\(String(unit, radix: 16, uppercase: true)), half of a surrogate pair, alone")
      guard (0xD800...0xDBFF).contains(unit), bytes[index...].starts(with: Array("\\u".utf8))
      else { throw pairError }
      index += 2
      let low = try hexUnit()
      guard (0xDC00...0xDFFF).contains(low),
        let scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
      else { throw pairError }
      return scalar
    default:
      throw syntax(
        "an unknown escape in a string; use \\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\u")
    }
  }

  private mutating func hexUnit() throws(ScenarioFileError) -> UInt32 {
    var unit: UInt32 = 0
    for _ in 0..<4 {
      guard let byte = peek(), let digit = Self.hexValue(byte) else {
        throw syntax("\\u must be followed by four hexadecimal digits")
      }
      unit = unit << 4 | digit
      index += 1
    }
    return unit
  }

  private static func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }

  /// One scalar of well-formed UTF-8 (no overlong forms, surrogates or values past
  /// U+10FFFF), or nil.
  private mutating func decodeUTF8() -> Unicode.Scalar? {
    var iterator = bytes[index...].makeIterator()
    var decoder = Unicode.UTF8()
    guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return nil }
    index += UTF8.width(scalar)
    return scalar
  }

  // MARK: - Numbers

  private mutating func number(at path: String?) throws(ScenarioFileError) -> JSONValue {
    let start = index
    if peek() == UInt8(ascii: "-") { index += 1 }
    let integerDigits = digits()
    guard !integerDigits.isEmpty else { throw syntax("a number needs a digit after \"-\"") }
    guard integerDigits.count == 1 || integerDigits.first != UInt8(ascii: "0") else {
      throw syntax("a number cannot start with 0 (write 7, not 07)")
    }
    var fractionDigits: ArraySlice<UInt8> = []
    if peek() == UInt8(ascii: ".") {
      index += 1
      fractionDigits = digits()
      guard !fractionDigits.isEmpty else { throw syntax("a number needs a digit after \".\"") }
    }
    var exponent = 0
    if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
      index += 1
      var sign = 1
      if peek() == UInt8(ascii: "-") || peek() == UInt8(ascii: "+") {
        if peek() == UInt8(ascii: "-") { sign = -1 }
        index += 1
      }
      let exponentDigits = digits()
      guard !exponentDigits.isEmpty else { throw syntax("a number needs a digit after \"e\"") }
      // Saturates: anything this large is out of range whatever the digits before it.
      for digit in exponentDigits where exponent < 1_000_000 {
        exponent = exponent * 10 + Int(digit - UInt8(ascii: "0"))
      }
      exponent *= sign
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    guard
      Self.fitsDecimal(
        integerDigits: integerDigits, fractionDigits: fractionDigits, exponent: exponent),
      // No locale: the separator is then ".", and no locale data is loaded to learn it.
      let number = Decimal(string: text)
    else {
      let shown = text.count > 40 ? text.prefix(40) + "…" : text[...]
      throw ScenarioFileError(
        key: path,
        reason: "is out of range: \(shown) (a number here has at most \(Self.maximumDigits) "
          + "significant digits and is smaller than 1e\(Self.maximumDigits))")
    }
    return .number(number)
  }

  /// Whether the number is at most 38 significant digits, below 10^38 and, if not zero, at
  /// least 10^-128.
  private static func fitsDecimal(
    integerDigits: ArraySlice<UInt8>, fractionDigits: ArraySlice<UInt8>, exponent: Int
  ) -> Bool {
    let all = integerDigits + fractionDigits
    let significant = all.drop { $0 == UInt8(ascii: "0") }
    let trailingZeros = significant.reversed().prefix { $0 == UInt8(ascii: "0") }.count
    let mantissaDigits = significant.count - trailingZeros
    guard mantissaDigits > 0 else { return true }
    // value = mantissa × 10^scale; every term is bounded by the input's size (1 MiB) or
    // by the saturated exponent, so none of this can overflow.
    let scale = exponent - fractionDigits.count + trailingZeros
    return mantissaDigits <= maximumDigits && mantissaDigits + scale <= maximumDigits
      && scale >= -128
  }

  private mutating func digits() -> ArraySlice<UInt8> {
    let start = index
    while let byte = peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
    return bytes[start..<index]
  }

  // MARK: - Reading

  private func peek() -> UInt8? {
    index < bytes.count ? bytes[index] : nil
  }

  private mutating func skipWhitespace() {
    while let byte = peek(),
      byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
        || byte == UInt8(ascii: "\t")
    {
      index += 1
    }
  }

  private mutating func expect(_ character: Unicode.Scalar, _ problem: String)
    throws(ScenarioFileError)
  {
    guard peek() == UInt8(ascii: character) else { throw syntax(problem) }
    index += 1
  }

  /// The file as a whole is not JSON: where, by line and column, and what was expected.
  private func syntax(_ problem: String) -> ScenarioFileError {
    let before = bytes[..<min(index, bytes.count)]
    let line = before.count { $0 == UInt8(ascii: "\n") } + 1
    let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
    let column = before.count - lineStart + 1
    return ScenarioFileError(
      key: nil, reason: "is not valid JSON: \(problem) (line \(line), column \(column))")
  }
}
