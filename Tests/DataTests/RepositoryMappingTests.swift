import Domain
import Foundation
import TestSupport
import Testing

@testable import DataLayer

@Suite("Wallet repository: backend answers to wallet errors", .timeLimit(.minutes(1)))
struct WalletRepositoryMappingTests {
  private func repository(_ answers: [ScriptedBackend.Answer]) -> BackendWalletRepository {
    BackendWalletRepository(client: ClientFixture([.wallet: answers]).client)
  }

  @Test("an ok answer becomes the wallet, balance exact to the cent")
  func okAnswer() async throws {
    let wallet = Wallet(balance: Decimal(string: "1234.56")!, currency: "GBP")

    let body = #"{"balance":1234.56,"currency":"GBP"}"#

    #expect(try await repository([.ok(body)]).fetchWallet() == wallet)
  }

  @Test("no wallet found, with the request's context")
  func notFound() async {
    do {
      _ = try await repository([.error(404, code: "wallet_not_found")]).fetchWallet()
      Issue.record("expected noWalletFound")
    } catch WalletRepositoryError.noWalletFound(let context) {
      #expect(context.traceID == "wallet-1")
      #expect(context.status == 404)
      #expect(context.serverCode == "wallet_not_found")
    } catch {
      Issue.record("expected noWalletFound, got \(error)")
    }
  }

  @Test("a banned wallet")
  func banned() async {
    await #expect {
      try await repository([.error(403, code: "wallet_banned")]).fetchWallet()
    } throws: { error in
      guard case WalletRepositoryError.banned = error else { return false }
      return true
    }
  }

  @Test("a wallet in review keeps its review state", arguments: WalletReviewState.allCases)
  func inReview(state: WalletReviewState) async {
    await #expect {
      try await repository([.error(409, code: "wallet_in_review", detail: state.rawValue)])
        .fetchWallet()
    } throws: { error in
      guard case WalletRepositoryError.inReview(let found, _) = error else { return false }
      return found == state
    }
  }

  @Test(
    "answers the client has no mapping for are unexpected, not guessed",
    arguments: [
      ScriptedBackend.Answer.error(418, code: "teapot"),
      .error(403, code: "something_new"),
      .error(409, code: "wallet_in_review", detail: "lunch"),
      .respond(status: 404, body: "not json"),
    ])
  func unmapped(answer: ScriptedBackend.Answer) async {
    let failure = await requestFailure { _ = try await repository([answer]).fetchWallet() }

    #expect(failure?.kind == .unexpectedAnswer)
  }

  @Test("a 200 whose body does not decode is a malformed response, the decoding error kept")
  func malformed() async {
    let failure = await requestFailure {
      _ = try await repository([.respond(status: 200, body: "not json")]).fetchWallet()
    }

    #expect(failure?.kind == .malformedResponse)
    #expect(failure?.context.underlying is DecodingError)
  }

  @Test("an unexpected failure is kept whole, with the request's context added")
  func fault() async throws {
    let error = try await #require(throws: UnclassifiedRequestError.self) {
      try await repository([.fault]).fetchWallet()
    }

    #expect(error.underlyingError is ScriptedBackend.Fault)
    #expect(error.context.traceID == "wallet-1")
    #expect(error.recovery == .notRecoverable(.inspectCause))
  }
}

@Suite("Cards repository: backend answers to cards", .timeLimit(.minutes(1)))
struct CardsRepositoryMappingTests {
  private func repository(_ answers: [ScriptedBackend.Answer]) -> BackendCardsRepository {
    BackendCardsRepository(client: ClientFixture([.cards: answers]).client)
  }

  @Test("an ok answer becomes the cards, with ids, expiry and status")
  func okAnswer() async throws {
    let body = """
      {"cards":[{"id":"1","brand":"Visa","last4":"4242","expiry":"08/28","status":"active"},\
      {"id":"2","brand":"Amex","last4":"0005","expiry":"01/24","status":"expired"}]}
      """

    let cards = try await repository([.ok(body)]).fetchCards()

    #expect(
      cards == [
        PaymentCard(
          id: "1", brand: "Visa", lastFour: "4242", expiry: CardExpiry(month: 8, year: 2028)!,
          status: .active),
        PaymentCard(
          id: "2", brand: "Amex", lastFour: "0005", expiry: CardExpiry(month: 1, year: 2024)!,
          status: .expired),
      ])
  }

  @Test("a card the issuer rejected is a value: listed, unable to pay, with the reason")
  func rejectedCard() async throws {
    let decline = IssuerDecline(reason: .blocked, message: "Your bank blocked this card")
    let body = """
      {"cards":[{"id":"1","brand":"Visa","last4":"4242","expiry":"08/28","status":"active",\
      "rejection":{"reason":"blocked","message":"Your bank blocked this card"}}]}
      """

    let cards = try await repository([.ok(body)]).fetchCards()

    #expect(cards.first?.decline == decline)
    #expect(cards.first?.canPay == false)
  }

  @Test("no cards is an empty list, not an error")
  func noCards() async throws {
    #expect(try await repository([.ok(#"{"cards":[]}"#)]).fetchCards().isEmpty)
  }

  @Test("a card with an unreadable expiry makes the answer malformed, not a silent drop")
  func unreadableCard() async {
    let body =
      #"{"cards":[{"id":"1","brand":"Visa","last4":"4242","expiry":"8/28","status":"active"}]}"#

    let failure = await requestFailure {
      _ = try await repository([.respond(status: 200, body: body)]).fetchCards()
    }

    #expect(failure?.kind == .malformedResponse)
  }
}

@Suite("Apple Pay service: device answers to Apple Pay", .timeLimit(.minutes(1)))
struct ApplePayServiceMappingTests {
  /// An error no layer knows, from a device.
  private struct DeviceFault: Error {}

  /// A device that answers the check with `support`, or fails with `DeviceFault`.
  private struct StubDevice: ApplePayDevice {
    let support: ApplePayDeviceSupport?

    func paymentSupport(forNetworks networks: [String]) async throws -> ApplePayDeviceSupport {
      guard let support else { throw DeviceFault() }
      return support
    }
  }

  private func service(canPay: Bool, hasCard: Bool) -> DeviceApplePayService {
    DeviceApplePayService(
      device: StubDevice(
        support: ApplePayDeviceSupport(canMakePayments: canPay, hasCardForNetworks: hasCard)))
  }

  @Test(
    "a device that can pay gives Apple Pay with its status",
    arguments: [(true, ApplePay.Status.available), (false, .needsSetup)])
  func available(hasCard: Bool, status: ApplePay.Status) async throws {
    #expect(
      try await service(canPay: true, hasCard: hasCard).fetchApplePay()
        == ApplePay(status: status))
  }

  @Test("a device that cannot pay with Apple Pay means the service is not available")
  func notAvailable() async {
    await #expect(throws: ApplePayServiceError.serviceNotAvailable) {
      try await service(canPay: false, hasCard: false).fetchApplePay()
    }
  }

  @Test("an unexpected device failure passes through unmapped")
  func unexpected() async {
    await #expect(throws: DeviceFault.self) {
      try await DeviceApplePayService(device: StubDevice(support: nil)).fetchApplePay()
    }
  }
}
