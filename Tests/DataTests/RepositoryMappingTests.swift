import Domain
import Foundation
import TestSupport
import Testing

@testable import DataLayer

/// The repositories' wiring: the request, one answer through to a value, a failure as the
/// client made it. What each answer means is their mappers' (`Mappers/`), tested there.
@Suite("Wallet repository: GET /wallet through WalletMapper", .timeLimit(.minutes(1)))
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

  @Test("an answer the mapper makes an error carries the request's context")
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

@Suite("Cards repository: GET /cards through CardsMapper", .timeLimit(.minutes(1)))
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

  @Test("a failed request comes through as the client made it")
  func failure() async throws {
    let failure = await requestFailure { _ = try await repository([.fail(.offline)]).fetchCards() }

    #expect(failure?.kind == .offline)
    #expect(failure?.context.traceID == "cards-1")
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
