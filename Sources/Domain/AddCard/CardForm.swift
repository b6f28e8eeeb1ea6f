/// The add-card form as the user typed it: text, unchecked. Its `description` never shows
/// the number or the security code, so a form can be logged or put in an error safely.
public struct CardForm: Sendable, Equatable, CustomStringConvertible,
  CustomDebugStringConvertible, CustomReflectable
{
  public var number: String
  /// "MM/YY".
  public var expiry: String
  public var securityCode: String
  public var name: String

  public init(
    number: String = "", expiry: String = "", securityCode: String = "", name: String = ""
  ) {
    self.number = number
    self.expiry = expiry
    self.securityCode = securityCode
    self.name = name
  }

  public subscript(field: CardField) -> String {
    get {
      switch field {
      case .number: number
      case .expiry: expiry
      case .securityCode: securityCode
      case .name: name
      }
    }
    set {
      switch field {
      case .number: number = newValue
      case .expiry: expiry = newValue
      case .securityCode: securityCode = newValue
      case .name: name = newValue
      }
    }
  }

  public var description: String { "CardForm(<redacted>)" }
  public var debugDescription: String { description }
  public var customMirror: Mirror { Mirror(self, children: [:]) }
}

/// The fields of the add-card form, in form order. The raw values are the keys the wire
/// and `--json` use.
public enum CardField: String, Sendable, Equatable, Hashable, CaseIterable, Comparable {
  case number
  case expiry
  case securityCode = "cvc"
  case name

  public static func < (lhs: CardField, rhs: CardField) -> Bool {
    allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
  }
}

/// What is wrong with each field, several problems per field if several rules failed.
/// Fields without a problem have no entry.
public typealias CardFieldErrors = [CardField: [CardProblem]]

/// The card networks this app accepts.
public enum CardBrand: String, Sendable, Equatable, CaseIterable {
  case visa = "Visa"
  case mastercard = "Mastercard"
  case americanExpress = "American Express"

  /// The digits of the security code this network prints.
  public var securityCodeLength: Int { self == .americanExpress ? 4 : 3 }
}

/// A card that passed every local check, ready to send. The number and the security code
/// are only ever shown as the brand and the last four digits.
public struct NewCard: Sendable, Equatable, CustomStringConvertible,
  CustomDebugStringConvertible, CustomReflectable
{
  public let brand: CardBrand
  /// Digits only.
  public let number: String
  public let expiry: CardExpiry
  public let securityCode: String
  /// Trimmed.
  public let name: String

  public var lastFour: String { String(number.suffix(4)) }

  public var description: String { "\(brand.rawValue) •••• \(lastFour)" }
  public var debugDescription: String { description }
  public var customMirror: Mirror { Mirror(self, children: [:]) }
}
