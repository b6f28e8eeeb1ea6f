import Domain
import Foundation
import Testing

@Suite("Card expiry", .timeLimit(.minutes(1)))
struct CardExpiryTests {
  @Test("reads MM/YY and prints it back", arguments: ["01/24", "08/28", "12/99"])
  func roundTrips(text: String) throws {
    let expiry = try #require(CardExpiry(text))

    #expect(expiry.description == text)
  }

  @Test("reads the year as a year of this century")
  func fullYear() throws {
    #expect(try #require(CardExpiry("08/28")).year == 2028)
  }

  @Test(
    "refuses anything that is not MM/YY with a real month",
    arguments: ["", "8/28", "00/28", "13/28", "08-28", "08/2028", "aa/bb", "08/28/01", "０８/28"])
  func refusesBadText(text: String) {
    #expect(CardExpiry(text) == nil)
  }
}

@Suite("Log levels", .timeLimit(.minutes(1)))
struct LogLevelTests {
  @Test("are ordered from debug to error")
  func ordered() {
    #expect(LogLevel.debug < .info)
    #expect(LogLevel.info < .warning)
    #expect(LogLevel.warning < .error)
    #expect(!(LogLevel.error < .debug))
  }
}

@Suite("Payment method ids", .timeLimit(.minutes(1)))
struct PaymentMethodIDTests {
  @Test("are stable and distinct per kind and card")
  func distinct() {
    let ids = [
      PaymentMethod.wallet(Fixtures.wallet).id, PaymentMethod.card(Fixtures.visa).id,
      PaymentMethod.card(Fixtures.expiredMastercard).id,
      PaymentMethod.applePay(Fixtures.applePay).id,
    ]

    #expect(ids == ["wallet", "card-1", "card-2", "apple-pay"])
  }
}

@Suite("Wallet funds", .timeLimit(.minutes(1)))
struct WalletFundsTests {
  @Test(
    "less than one minor unit of the currency is no funds, exactly like zero",
    arguments: [
      ("0", "EUR", false), ("0.001", "EUR", false), ("0.009", "EUR", false),
      ("0.01", "EUR", true), ("-5", "EUR", false), ("0.5", "JPY", false), ("1", "JPY", true),
      ("0.0009", "KWD", false), ("0.001", "KWD", true),
    ])
  func minorUnits(balance: String, currency: String, hasFunds: Bool) throws {
    let amount = try #require(Decimal(string: balance))

    #expect(Wallet(balance: amount, currency: currency).hasFunds == hasFunds)
  }

  @Test("what can be spent is the balance rounded down to whole minor units")
  func spendable() throws {
    let wallet = Wallet(balance: try #require(Decimal(string: "125.559")), currency: "EUR")

    #expect(wallet.spendableBalance == (try #require(Decimal(string: "125.55"))))
  }
}
