import Domain
import Foundation
import TestSupport
import Testing

@testable import DataLayer

/// The backend for one source's scripted outcome, the others left at their defaults.
private func backend(
  wallet: WalletOutcome = WalletOutcome.defaultWallet,
  cards: CardsOutcome = CardsOutcome.defaultCards,
  applePay: ApplePayOutcome = .available
) -> ScenarioBackend {
  let scenario = Scenario(
    name: "test", summary: "",
    wallet: .init(wallet, latency: .zero),
    cards: .init(cards, latency: .zero),
    applePay: .init(applePay, latency: .zero))
  return ScenarioBackend(scenario: scenario, clock: ImmediateClock())
}

@Suite("Wallet repository: backend answers to wallet errors")
struct WalletRepositoryMappingTests {
  @Test("an ok answer becomes the wallet, balance exact to the cent")
  func okAnswer() async throws {
    let wallet = Wallet(balance: Decimal(string: "1234.56")!, currency: "GBP")
    let repository = BackendWalletRepository(backend: backend(wallet: .ok(wallet)))

    #expect(try await repository.fetchWallet() == wallet)
  }

  @Test(
    "each scripted wallet failure becomes its repository error",
    arguments: [
      (WalletOutcome.notFound, WalletRepositoryError.noWalletFound),
      (.banned, .banned),
      (.inReview(.pending), .inReview(.pending)),
      (.inReview(.beingProcessed), .inReview(.beingProcessed)),
      (.offline, .unreachable),
    ])
  func failures(outcome: WalletOutcome, expected: WalletRepositoryError) async {
    let repository = BackendWalletRepository(backend: backend(wallet: outcome))

    await #expect(throws: expected) { try await repository.fetchWallet() }
  }

  @Test("an unexpected failure passes through unmapped, for the use case to call unknown")
  func unexpectedFailure() async {
    let repository = BackendWalletRepository(backend: backend(wallet: .unexpected))

    await #expect(throws: ScenarioFault.self) { try await repository.fetchWallet() }
  }

  @Test("a 5xx answer means the backend could not answer: unreachable")
  func serverError() async {
    let repository = BackendWalletRepository(backend: FixedBackend(status: 503, body: "{}"))

    await #expect(throws: WalletRepositoryError.unreachable) { try await repository.fetchWallet() }
  }

  @Test(
    "an answer the client has no mapping for is reported as such, not guessed",
    arguments: [
      (418, #"{"code":"teapot"}"#),
      (403, #"{"code":"something_new"}"#),
      (409, #"{"code":"wallet_in_review","detail":"lunch"}"#),
      (404, "not json"),
    ])
  func unmappedAnswer(status: Int, body: String) async {
    let repository = BackendWalletRepository(backend: FixedBackend(status: status, body: body))

    await #expect(throws: UnexpectedBackendAnswer(endpoint: .wallet, status: status)) {
      try await repository.fetchWallet()
    }
  }
}

@Suite("Cards repository: backend answers to cards and card errors")
struct CardsRepositoryMappingTests {
  @Test("an ok answer becomes the cards, with ids, expiry and status")
  func okAnswer() async throws {
    let repository = BackendCardsRepository(
      backend: backend(
        cards: .ok([
          ScenarioCard(brand: "Visa", lastFour: "4242", expiry: "08/28", status: .active),
          ScenarioCard(brand: "Amex", lastFour: "0005", expiry: "01/24", status: .expired),
        ])))

    let cards = try await repository.fetchCards()

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

  @Test("no cards is an empty list, not an error")
  func noCards() async throws {
    let repository = BackendCardsRepository(backend: backend(cards: .ok([])))

    #expect(try await repository.fetchCards().isEmpty)
  }

  @Test("an offline backend becomes unreachable")
  func offline() async {
    let repository = BackendCardsRepository(backend: backend(cards: .offline))

    await #expect(throws: CardsRepositoryError.unreachable) { try await repository.fetchCards() }
  }

  @Test("an unexpected failure passes through unmapped")
  func unexpected() async {
    let repository = BackendCardsRepository(backend: backend(cards: .unexpected))

    await #expect(throws: ScenarioFault.self) { try await repository.fetchCards() }
  }

  @Test("a card with an unreadable expiry is a decoding error, not a silent drop")
  func unreadableCard() async {
    let body =
      #"{"cards":[{"id":"1","brand":"Visa","last4":"4242","expiry":"8/28","status":"active"}]}"#
    let repository = BackendCardsRepository(backend: FixedBackend(status: 200, body: body))

    await #expect(throws: DecodingError.self) { try await repository.fetchCards() }
  }
}

@Suite("Apple Pay service: device answers to Apple Pay")
struct ApplePayServiceMappingTests {
  @Test(
    "a device that can pay gives Apple Pay with its status",
    arguments: [(ApplePayOutcome.available, ApplePay.Status.available), (.needsSetup, .needsSetup)])
  func available(outcome: ApplePayOutcome, status: ApplePay.Status) async throws {
    let service = DeviceApplePayService(device: backend(applePay: outcome))

    #expect(try await service.fetchApplePay() == ApplePay(status: status))
  }

  @Test("a device that cannot pay with Apple Pay means the service is not available")
  func notAvailable() async {
    let service = DeviceApplePayService(device: backend(applePay: .notAvailable))

    await #expect(throws: ApplePayServiceError.serviceNotAvailable) {
      try await service.fetchApplePay()
    }
  }

  @Test("an unexpected device failure passes through unmapped")
  func unexpected() async {
    let service = DeviceApplePayService(device: backend(applePay: .unexpected))

    await #expect(throws: ScenarioFault.self) { try await service.fetchApplePay() }
  }
}

@Suite("Scenario backend")
struct ScenarioBackendTests {
  @Test("waits each source's latency on the injected clock")
  func latencyOnTheClock() async throws {
    let clock = ImmediateClock()
    let scenario = Scenario(
      name: "test", summary: "",
      wallet: .init(.notFound, latency: .milliseconds(70)),
      cards: .init(.ok([]), latency: .milliseconds(120)),
      applePay: .init(.available, latency: .milliseconds(20)))
    let backend = ScenarioBackend(scenario: scenario, clock: clock)

    _ = try await backend.send(.wallet)
    _ = try await backend.send(.cards)
    _ = try await backend.paymentSupport(forNetworks: [])

    #expect(clock.sleeps == [.milliseconds(70), .milliseconds(120), .milliseconds(20)])
  }

  @Test("does not sleep at all for a latency of zero")
  func zeroLatency() async throws {
    let clock = ImmediateClock()
    let backend = ScenarioBackend(
      scenario: Scenario(name: "test", summary: "", wallet: .init(.banned, latency: .zero)),
      clock: clock)

    _ = try await backend.send(.wallet)

    #expect(clock.sleeps.isEmpty)
  }
}

/// A backend that gives one fixed answer to every request.
private struct FixedBackend: PaymentsBackend {
  let status: Int
  let body: String

  func send(_ endpoint: BackendEndpoint) async throws -> BackendResponse {
    BackendResponse(status: status, body: Foundation.Data(body.utf8))
  }
}
