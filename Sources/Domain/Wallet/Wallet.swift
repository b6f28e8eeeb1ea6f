import Foundation

/// The user's stored-value wallet: money held with us that can pay for an order.
public struct Wallet: Sendable, Equatable {
  public var balance: Decimal
  /// An ISO 4217 code such as "EUR".
  public var currency: String

  public init(balance: Decimal, currency: String) {
    self.balance = balance
    self.currency = currency
  }

  /// A wallet with nothing in it cannot pay for anything.
  public var hasFunds: Bool { balance > 0 }
}

/// Where a wallet under review stands.
public enum WalletReviewState: String, Sendable, Equatable, CaseIterable {
  case pending
  case beingProcessed
}
