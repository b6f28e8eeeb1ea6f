import Domain
import Foundation

/// Sources that answer at once, or after a fixed time on the real clock, or never (until
/// cancelled): what the benchmark puts behind the use case so that only the layers cost.
struct BenchWallet: WalletRepository {
  /// Made once: a literal such as `42.5` would be a `Double` converted to `Decimal` on
  /// every call, which costs more than the rest of an answer.
  static let wallet = Wallet(
    balance: Decimal(sign: .plus, exponent: -1, significand: 425), currency: "EUR")
  var delay: Duration?
  var answers = true

  func fetchWallet() async throws -> Wallet {
    try await BenchDelay.wait(delay, answers: answers)
    return Self.wallet
  }
}

struct BenchCards: CardsRepository {
  static let cards: [PaymentCard] =
    CardExpiry(month: 8, year: 2028).map { expiry in
      [PaymentCard(id: "1", brand: "Visa", lastFour: "4242", expiry: expiry, status: .active)]
    } ?? []
  var delay: Duration?

  func fetchCards() async throws -> [PaymentCard] {
    try await BenchDelay.wait(delay, answers: true)
    return Self.cards
  }
}

struct BenchApplePay: ApplePayService {
  var delay: Duration?

  func fetchApplePay() async throws -> ApplePay {
    try await BenchDelay.wait(delay, answers: true)
    return ApplePay(status: .available)
  }
}

enum BenchDelay {
  static func wait(_ delay: Duration?, answers: Bool) async throws {
    guard answers else {
      // Never answers: suspends until the deadline cancels it.
      try await Task.sleep(for: .seconds(3600))
      return
    }
    if let delay { try await Task.sleep(for: delay) }
  }
}
