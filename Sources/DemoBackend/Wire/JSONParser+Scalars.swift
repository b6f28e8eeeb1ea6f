import Foundation

/// Strings and numbers, read byte by byte so that a refusal can say where.
extension JSONParser {
  /// A string, its escapes read; `unreadable` words a refusal for the value or key it is.
  mutating func string(_ unreadable: (String) -> String) throws(ScenarioFileError)
    -> String
  {
    index += 1
    var text: [UInt8] = []
    while true {
      guard let byte = bytes[safe: index] else { throw notJSON("a string is not closed") }
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        return String(decoding: text, as: UTF8.self)
      case UInt8(ascii: "\\"):
        let start = index
        guard let escaped = escape() else {
          guard let letter = bytes[safe: start + 1] else {
            throw notJSON("a string is not closed")
          }
          let problem =
            switch letter {
            case UInt8(ascii: "u"):
              "\\u needs four hex digits, and half of a surrogate pair its other half"
            case 0x21...0x7E: "\\\(Character(Unicode.Scalar(letter))) is not an escape JSON has"
            default: "a backslash that starts no escape JSON has"
            }
          throw refusal(unreadable(problem), at: start)
        }
        text += escaped
      case ..<0x20:
        throw refusal(
          unreadable("a control character, which must be written as an escape such as \\t"),
          at: index)
      case ..<0x80:
        text.append(byte)
        index += 1
      default:
        var parser = Unicode.UTF8.ForwardParser()
        var rest = bytes[index...].makeIterator()
        guard case .valid(let scalar) = parser.parseScalar(from: &rest) else {
          throw refusal(unreadable("bytes that are not UTF-8"), at: index)
        }
        text += scalar
        index += scalar.count
      }
    }
  }

  /// The escape at `index` (a backslash) as UTF-8, `index` moved past it; nil if it is not
  /// one JSON has, or stands for half of a surrogate pair.
  private mutating func escape() -> [UInt8]? {
    guard let letter = bytes[safe: index + 1] else { return nil }
    let simple: UInt8? =
      switch letter {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): letter
      case UInt8(ascii: "b"): 0x08
      case UInt8(ascii: "f"): 0x0C
      case UInt8(ascii: "n"): 0x0A
      case UInt8(ascii: "r"): 0x0D
      case UInt8(ascii: "t"): 0x09
      default: nil
      }
    if let simple {
      index += 2
      return [simple]
    }
    guard letter == UInt8(ascii: "u"), let unit = hexUnit(at: index + 2) else { return nil }
    var units = [unit]
    if UTF16.isLeadSurrogate(unit), bytes[safe: index + 6] == UInt8(ascii: "\\"),
      bytes[safe: index + 7] == UInt8(ascii: "u"), let low = hexUnit(at: index + 8)
    {
      units.append(low)
    }
    var parser = Unicode.UTF16.ForwardParser()
    var iterator = units.makeIterator()
    guard case .valid(let pair) = parser.parseScalar(from: &iterator) else { return nil }
    index += 6 * units.count
    return Array(String(decoding: pair, as: UTF16.self).utf8)
  }

  /// The four hex digits at `start` as a UTF-16 code unit; nil if they are not four.
  private func hexUnit(at start: Int) -> UInt16? {
    var unit: UInt16 = 0
    for offset in 0..<4 {
      let digit: UInt8
      switch bytes[safe: start + offset] {
      case let byte? where (0x30...0x39).contains(byte): digit = byte - 0x30
      case let byte? where (0x61...0x66).contains(byte | 0x20): digit = (byte | 0x20) - 0x57
      default: return nil
      }
      unit = unit << 4 | UInt16(digit)
    }
    return unit
  }

  /// A number, exactly as `Decimal` holds it, or refused as out of range.
  mutating func number() throws(ScenarioFileError) -> Decimal {
    let start = index
    let negative = bytes[index] == UInt8(ascii: "-")
    if negative { index += 1 }
    let integer = digits()
    guard let first = integer.first else { throw unreadableNumber("a digit was expected") }
    if first == UInt8(ascii: "0"), integer.count > 1 {
      index = start + (negative ? 2 : 1)
      throw unreadableNumber("a number does not start with 0 followed by more digits")
    }
    var fraction: ArraySlice<UInt8> = []
    if bytes[safe: index] == UInt8(ascii: ".") {
      index += 1
      fraction = digits()
      guard !fraction.isEmpty else {
        throw unreadableNumber("a digit was expected after the point")
      }
    }
    var exponent = 0
    if let letter = bytes[safe: index], letter | 0x20 == UInt8(ascii: "e") {
      index += 1
      let sign = bytes[safe: index]
      if sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { index += 1 }
      let written = digits()
      guard !written.isEmpty else { throw unreadableNumber("a digit was expected in the exponent") }
      // The digits before the exponent move the last one by at most the file's length, so
      // an exponent past that and the 166 powers `Decimal` holds is out of range either
      // way; stopping there keeps the sums below from overflowing.
      let limit = bytes.count + 200
      for digit in written { exponent = min(exponent * 10 + Int(digit - 0x30), limit) }
      if sign == UInt8(ascii: "-") { exponent.negate() }
    }
    // The significant digits, and the power of ten of the last one.
    var significant = (integer + fraction).drop { $0 == UInt8(ascii: "0") }
    exponent -= fraction.count
    while significant.last == UInt8(ascii: "0") {
      significant.removeLast()
      exponent += 1
    }
    guard !significant.isEmpty else { return 0 }
    guard significant.count <= JSONValue.maximumDigits,
      significant.count + exponent <= JSONValue.maximumDigits, exponent >= Int(Int8.min)
    else {
      let written = String(decoding: bytes[start..<index], as: UTF8.self)
      if readsAsFoundation, let rounded = Decimal(string: written), !rounded.isNaN {
        return rounded
      }
      throw JSONValue.outOfRange(written, at: keyPath, place: position(start))
    }
    // Summed as whole numbers of at most 19 digits (a UInt64 holds any), not digit by digit
    // in Decimal, whose arithmetic is slow to start.
    let (high, low) = (significant.dropLast(19), significant.suffix(19))
    let whole = { (digits: ArraySlice<UInt8>) in
      digits.reduce(UInt64(0)) { $0 * 10 + UInt64($1 - 0x30) }
    }
    var value = Decimal(whole(low))
    if !high.isEmpty {
      value += Decimal(sign: .plus, exponent: low.count, significand: Decimal(whole(high)))
    }
    return Decimal(sign: negative ? .minus : .plus, exponent: exponent, significand: value)
  }

  /// The run of ASCII digits at `index`, which it moves past.
  private mutating func digits() -> ArraySlice<UInt8> {
    let start = index
    while let byte = bytes[safe: index], (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
      index += 1
    }
    return bytes[start..<index]
  }
}
