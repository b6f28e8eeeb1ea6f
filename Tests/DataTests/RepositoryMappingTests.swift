import Domain
import Foundation
import TestSupport
import Testing

@testable import DataLayer
@testable import DemoBackend

@Suite("Wallet repository: backend answers to wallet errors", .timeLimit(.minutes(1)))
struct WalletRepositoryMappingTests {
  private func repository(_ answers: [ScriptedAnswer]) -> BackendWalletRepository {
    BackendWalletRepository(client: ClientFixture(scenario(wallet: answers)).client)
  }

  @Test("an ok answer becomes the wallet, balance exact to the cent")
  func okAnswer() async throws {
    let wallet = Wallet(balance: Decimal(string: "1234.56")!, currency: "GBP")

    #expect(try await repository([WalletOutcome.ok(wallet).answer]).fetchWallet() == wallet)
  }

  @Test("no wallet found, with the request's context")
  func notFound() async {
    do {
      _ = try await repository([WalletOutcome.notFound.answer]).fetchWallet()
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
      try await repository([WalletOutcome.banned.answer]).fetchWallet()
    } throws: { error in
      guard case WalletRepositoryError.banned = error else { return false }
      return true
    }
  }

  @Test("a wallet in review keeps its review state", arguments: WalletReviewState.allCases)
  func inReview(state: WalletReviewState) async {
    await #expect {
      try await repository([WalletOutcome.inReview(state).answer]).fetchWallet()
    } throws: { error in
      guard case WalletRepositoryError.inReview(let found, _) = error else { return false }
      return found == state
    }
  }

  @Test(
    "answers the client has no mapping for are unexpected, not guessed",
    arguments: [
      ScriptedAnswer.error(418, code: "teapot"),
      .error(403, code: "something_new"),
      .error(409, code: "wallet_in_review", detail: "lunch"),
      .respond(status: 404, body: "not json"),
    ])
  func unmapped(answer: ScriptedAnswer) async {
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

    #expect(error.underlyingError is ScenarioFault)
    #expect(error.context.traceID == "wallet-1")
    #expect(error.recovery == .notRecoverable(.inspectCause))
  }
}

@Suite("Cards repository: backend answers to cards", .timeLimit(.minutes(1)))
struct CardsRepositoryMappingTests {
  private func repository(_ answers: [ScriptedAnswer]) -> BackendCardsRepository {
    BackendCardsRepository(client: ClientFixture(scenario(cards: answers)).client)
  }

  @Test("an ok answer becomes the cards, with ids, expiry and status")
  func okAnswer() async throws {
    let answer = CardsOutcome.ok([
      ScenarioCard(brand: "Visa", lastFour: "4242", expiry: "08/28", status: .active),
      ScenarioCard(brand: "Amex", lastFour: "0005", expiry: "01/24", status: .expired),
    ]).answer

    let cards = try await repository([answer]).fetchCards()

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
    let answer = CardsOutcome.ok([
      ScenarioCard(
        brand: "Visa", lastFour: "4242", expiry: "08/28", status: .active, decline: decline)
    ]).answer

    let cards = try await repository([answer]).fetchCards()

    #expect(cards.first?.decline == decline)
    #expect(cards.first?.canPay == false)
  }

  @Test("no cards is an empty list, not an error")
  func noCards() async throws {
    #expect(try await repository([CardsOutcome.ok([]).answer]).fetchCards().isEmpty)
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
  private func service(_ outcome: ApplePayOutcome) -> DeviceApplePayService {
    DeviceApplePayService(
      device: ScenarioApplePayDevice(
        scenario: Scenario(name: "", summary: "", applePay: .init(outcome, latency: .zero))))
  }

  @Test(
    "a device that can pay gives Apple Pay with its status",
    arguments: [(ApplePayOutcome.available, ApplePay.Status.available), (.needsSetup, .needsSetup)])
  func available(outcome: ApplePayOutcome, status: ApplePay.Status) async throws {
    #expect(try await service(outcome).fetchApplePay() == ApplePay(status: status))
  }

  @Test("a device that cannot pay with Apple Pay means the service is not available")
  func notAvailable() async {
    await #expect(throws: ApplePayServiceError.serviceNotAvailable) {
      try await service(.notAvailable).fetchApplePay()
    }
  }

  @Test("an unexpected device failure passes through unmapped")
  func unexpected() async {
    await #expect(throws: ScenarioFault.self) { try await service(.unexpected).fetchApplePay() }
  }
}

@Suite("Scenario backend", .timeLimit(.minutes(1)))
struct ScenarioBackendTests {
  @Test("waits each source's latency on the injected clock")
  func latencyOnTheClock() async throws {
    let clock = ImmediateClock()
    let backend = ScenarioBackend(
      scenario: Scenario(
        name: "test", summary: "",
        wallet: SourceScript(wallet: .notFound, latency: .milliseconds(70)),
        cards: SourceScript(cards: .ok([]), latency: .milliseconds(120))),
      clock: clock)

    _ = try await backend.send(request(.wallet))
    _ = try await backend.send(request(.cards))

    #expect(clock.sleeps == [.milliseconds(70), .milliseconds(120)])
  }

  @Test("serves a source's answers in order, repeating the last")
  func answersInOrder() async throws {
    let backend = ScenarioBackend(
      scenario: scenario(wallet: [.error(503, code: "a"), .error(429, code: "b")]),
      clock: ImmediateClock())

    var statuses: [Int] = []
    for _ in 0..<3 { statuses.append(try await backend.send(request(.wallet)).status) }

    #expect(statuses == [503, 429, 429])
  }

  private func request(_ endpoint: BackendEndpoint) -> BackendRequest {
    BackendRequest(
      endpoint: endpoint, traceID: "t", credential: .accessToken(ScenarioBackend.initialAccessToken)
    )
  }
}
