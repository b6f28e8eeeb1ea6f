import Domain
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
