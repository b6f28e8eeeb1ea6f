import Foundation

/// The user's stored-value wallet: money held with us that can pay for an order.
public struct Wallet: Sendable, Equatable {
  public var balance: Decimal
  /// An ISO 4217 code such as "EUR".
  public var currency: String
  /// The user's default way to pay, as the backend says.
  public var isDefault: Bool

  public init(balance: Decimal, currency: String, isDefault: Bool = false) {
    self.balance = balance
    self.currency = currency
    self.isDefault = isDefault
  }

  /// What can be spent: the balance in whole minor units of its currency (cents for EUR),
  /// rounded down, since nobody can pay with a fraction of a cent.
  public var spendableBalance: Decimal {
    var exact = balance
    var rounded = Decimal()
    NSDecimalRound(&rounded, &exact, Self.minorUnitDigits(of: currency), .down)
    return rounded
  }

  /// A wallet with less than one minor unit in it (€0.001, say) cannot pay for anything,
  /// exactly like an empty one.
  public var hasFunds: Bool { spendableBalance > 0 }

  /// The digits after the decimal point of a currency's minor unit, from ISO 4217: 2 for
  /// most, 0 for the yen and its like, 3 for the dinars. An unknown code is taken as 2.
  static func minorUnitDigits(of currency: String) -> Int {
    switch currency.uppercased() {
    case "BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "UYI",
      "VND", "VUV", "XAF", "XOF", "XPF":
      0
    case "BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND":
      3
    default:
      2
    }
  }
}

/// Where a wallet under review stands.
public enum WalletReviewState: String, Sendable, Equatable, CaseIterable {
  case pending
  case beingProcessed
}
