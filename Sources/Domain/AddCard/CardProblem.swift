/// What is wrong with a field of the add-card form: a fact, not a sentence. The
/// Presentation layer words it in the user's language; the Domain only decides it.
public enum CardProblem: Sendable, Equatable {
  /// The field is empty.
  case missing
  case numberNotDigits
  /// Fewer than 12 or more than 19 digits.
  case numberLength
  /// The Luhn checksum fails: a digit was mistyped.
  case numberTypo
  /// The number belongs to a network this app does not take.
  case brandNotAccepted
  /// Not an expiry as people type it (`MM/YY` and the like).
  case expiryFormat
  /// A month that does not exist.
  case expiryMonth
  case expired
  /// Not the digits the card's network prints: 4 for American Express, 3 for the others,
  /// either while the network is unknown (nil).
  case securityCodeFormat(CardBrand?)
  case nameTooLong(limit: Int)
  /// A problem the backend found, in its own words (untrusted: shown as text, never
  /// interpreted).
  case described(String)
}
