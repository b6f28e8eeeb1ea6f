import Domain
import Foundation

/// The local copy a scenario puts on the device (`LocalCopySeed`): a scenario file's
/// `"saved"`, and the value of `--saved-list`, which is written the same way.
extension ScenarioFile {
  /// `"damaged"`, or `{"age": "2h", "cards": […], "wallet": {"balance": …, "currency": …}}`,
  /// the cards and the wallet as the `cards` and `wallet` sources write them.
  static func localCopySeed(_ value: JSONValue, _ reader: ScenarioFileReader)
    throws(ScenarioFileError) -> LocalCopySeed
  {
    let expected = "must be \"damaged\" or an object with \"age\""
    if case .string(let text) = value {
      guard text == "damaged" else { throw reader.error(nil, "\(expected), got \"\(text)\"") }
      return .damaged
    }
    guard case .object(let object) = value else {
      throw reader.error(nil, "\(expected), got \(value.kindDescription)")
    }
    try reader.refuseUnknownKeys(object, allowed: ["age", "cards", "wallet"])
    let age = try reader.age(object, "age")
    var wallet: Wallet?
    if let value = object["wallet"] {
      let walletReader = reader.child("wallet")
      let walletObject = try walletReader.object(value)
      try walletReader.refuseUnknownKeys(walletObject, allowed: ["balance", "currency"])
      wallet = try walletValue(walletObject, walletReader)
    }
    let cards = object["cards"] == nil ? nil : try cardList(object, reader)
    return .list(age: age, wallet: wallet, cards: cards)
  }

  /// Reads the value of `--saved-list`: the JSON a scenario file's `"saved"` holds, such as
  /// `{"age": "2h", "cards": […]}` or `"damaged"`. A mistake names its key, as in a file.
  public static func localCopySeed(fromJSON text: String) throws(ScenarioFileError)
    -> LocalCopySeed
  {
    try localCopySeed(JSONValue.parse(Array(text.utf8)), ScenarioFileReader(path: nil))
  }
}

extension ScenarioFileReader {
  /// The most an age may be: ten years, far past the local copy's day.
  static let maximumAge: Int64 = 3_650 * 86_400

  /// An age such as "90s", "45m", "2h" or "2d": a whole number, 0 or more, and its unit.
  func age(_ object: [String: JSONValue], _ key: String) throws(ScenarioFileError) -> Duration {
    let text = try string(object, key)
    let problem = error(
      key,
      "must be a whole number and a unit (s, m, h or d) of at most 3650d, such as \"2h\", "
        + "got \"\(text)\"")
    guard let last = text.last,
      let unit = LocalCopySeed.units.first(where: { $0.suffix == last }),
      case let digits = text.dropLast(), !digits.isEmpty, digits.count <= 12,
      digits.allSatisfy({ $0.isASCII && $0.isNumber }), let count = Int64(digits),
      count <= Self.maximumAge / unit.seconds
    else { throw problem }
    return .seconds(count * unit.seconds)
  }
}
