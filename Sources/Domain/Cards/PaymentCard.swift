/// A card the user saved for payments.
public struct PaymentCard: Sendable, Equatable, Identifiable {
  public enum Status: String, Sendable, Equatable {
    case active
    case expired
  }

  public var id: String
  /// The network's name as the backend spells it, such as "Visa".
  public var brand: String
  public var lastFour: String
  public var expiry: CardExpiry
  public var status: Status
  /// Set when the card's issuer declined it. A decline is an answer, not an error: the
  /// card is still listed, with the reason.
  public var decline: IssuerDecline?
  /// The user's default way to pay, as the backend says.
  public var isDefault: Bool

  public init(
    id: String, brand: String, lastFour: String, expiry: CardExpiry, status: Status,
    decline: IssuerDecline? = nil, isDefault: Bool = false
  ) {
    self.id = id
    self.brand = brand
    self.lastFour = lastFour
    self.expiry = expiry
    self.status = status
    self.decline = decline
    self.isDefault = isDefault
  }

  /// Only an active card its issuer accepts can pay; the others are still the user's and
  /// are still shown.
  public var canPay: Bool { status == .active && decline == nil }

  /// Whether the card takes a new expiry: only once it has expired. The one rule for every
  /// way to give one: the screen offers `e` only where it holds, and `update-card` refuses,
  /// with this reason, a card where it does not.
  public var takesNewExpiry: Bool { status == .expired }
}

/// An issuer's decline of a card, as the backend reported it inside a successful answer.
public struct IssuerDecline: Sendable, Equatable {
  public enum Reason: String, Sendable, Equatable, CaseIterable {
    case blocked
    case expired
  }

  public var reason: Reason
  /// The issuer's words, when it gave any.
  public var message: String?

  public init(reason: Reason, message: String? = nil) {
    self.reason = reason
    self.message = message
  }
}

/// The month and year printed on a card.
public struct CardExpiry: Sendable, Equatable, CustomStringConvertible {
  public let month: Int
  /// The full year, such as 2028.
  public let year: Int

  /// Returns nil unless the month is 1...12 and the year is a four-digit year.
  public init?(month: Int, year: Int) {
    guard (1...12).contains(month), (2000...2099).contains(year) else { return nil }
    self.month = month
    self.year = year
  }

  /// Reads the "MM/YY" form printed on cards; nil for anything else.
  public init?(_ text: String) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) }),
      let month = Int(parts[0]), let shortYear = Int(parts[1])
    else { return nil }
    self.init(month: month, year: 2000 + shortYear)
  }

  /// The "MM/YY" form.
  public var description: String {
    let month = month < 10 ? "0\(month)" : "\(month)"
    let shortYear = year % 100
    return month + "/" + (shortYear < 10 ? "0\(shortYear)" : "\(shortYear)")
  }
}
