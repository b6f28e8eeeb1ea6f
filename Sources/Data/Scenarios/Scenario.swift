import Domain
import Foundation

/// A script for the stub backend: what each source answers, and after how long.
public struct Scenario: Sendable, Equatable {
  public var name: String
  /// What the scenario sets up and what the screens show, in a sentence or two.
  public var summary: String
  public var wallet: Scripted<WalletOutcome>
  public var cards: Scripted<CardsOutcome>
  public var applePay: Scripted<ApplePayOutcome>

  public init(
    name: String,
    summary: String,
    wallet: Scripted<WalletOutcome> = .init(.defaultWallet, latency: .milliseconds(80)),
    cards: Scripted<CardsOutcome> = .init(.defaultCards, latency: .milliseconds(140)),
    applePay: Scripted<ApplePayOutcome> = .init(.available, latency: .milliseconds(30))
  ) {
    self.name = name
    self.summary = summary
    self.wallet = wallet
    self.cards = cards
    self.applePay = applePay
  }
}

/// One source's answer, delivered after `latency`.
public struct Scripted<Outcome: Sendable & Equatable>: Sendable, Equatable {
  public var outcome: Outcome
  public var latency: Duration

  public init(_ outcome: Outcome, latency: Duration) {
    self.outcome = outcome
    self.latency = latency
  }
}

public enum WalletOutcome: Sendable, Equatable {
  case ok(Wallet)
  case notFound
  case banned
  case inReview(WalletReviewState)
  case offline
  /// The backend fails with an error no layer knows.
  case unexpected

  public static let defaultWallet = WalletOutcome.ok(Wallet(balance: 125.5, currency: "EUR"))
}

public enum CardsOutcome: Sendable, Equatable {
  case ok([ScenarioCard])
  case offline
  case unexpected

  public static let defaultCards = CardsOutcome.ok([
    ScenarioCard(brand: "Visa", lastFour: "4242", expiry: "08/28", status: .active),
    ScenarioCard(brand: "Mastercard", lastFour: "5454", expiry: "11/27", status: .active),
  ])
}

public enum ApplePayOutcome: String, Sendable, Equatable {
  case available
  case needsSetup
  case notAvailable
  case unexpected
}

/// A saved card as a scenario describes it; the stub backend gives it an id.
public struct ScenarioCard: Sendable, Equatable {
  public var brand: String
  public var lastFour: String
  /// "MM/YY", as the backend sends it. The repository reads it like any backend answer.
  public var expiry: String
  public var status: PaymentCard.Status

  public init(brand: String, lastFour: String, expiry: String, status: PaymentCard.Status) {
    self.brand = brand
    self.lastFour = lastFour
    self.expiry = expiry
    self.status = status
  }
}
