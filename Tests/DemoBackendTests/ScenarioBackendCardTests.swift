import DataLayer
import Domain
import Foundation
import TestSupport
import Testing

@testable import DemoBackend

private let card = NewCardFixture.visa

/// The demo backend keeps what the writes did, as a real one does: these are its rules, read
/// through the Data layer's repository (the Data layer's own tests use a
/// `ScriptedBackend` of their own).
@Suite("The demo backend: adding a card", .timeLimit(.minutes(1)))
struct ScenarioBackendAddCardTests {
  private func fixture(_ answers: [ScriptedAnswer]) -> ScenarioClient {
    var script = scenario()
    script.addCard = SourceScript(answers, latency: .zero)
    return ScenarioClient(script)
  }

  private func save(_ fixture: ScenarioClient, key: String = "key-1") async throws
    -> AddCardOutcome
  {
    try await BackendCardsRepository(client: fixture.client).save(card, idempotencyKey: key)
  }

  @Test(
    "a 409 names the saved card itself: the listed one, or one saved elsewhere, then listed once"
  )
  func duplicateIsThatCard() async throws {
    let fixture = ScenarioClient(try #require(BuiltInScenarios.named("add-card-duplicate")))
    let repository = BackendCardsRepository(client: fixture.client)
    let listedBefore = try await repository.fetchCards()
    let mastercard = try #require(
      try? CardValidation.check(
        CardForm(
          number: "5555 5555 5555 4444", expiry: "09/29", securityCode: "123",
          name: "Ada Lovelace"), thisMonth: .init(year: 2027, month: 1)
      ).get())

    let listed = try await repository.save(NewCardFixture.listedVisa, idempotencyKey: "key-1")
    let elsewhere = try await repository.save(mastercard, idempotencyKey: "key-2")
    let listedAfter = try await repository.fetchCards()

    guard case .alreadySaved(let visa) = listed, case .alreadySaved(let other) = elsewhere else {
      Issue.record("expected two duplicates, got \(listed), \(elsewhere)")
      return
    }
    #expect(visa.id == listedBefore.first { $0.lastFour == "4242" }?.id)
    #expect(!listedBefore.map(\.id).contains(other.id))
    #expect(other.lastFour == "4444")
    #expect(listedAfter.filter { $0.lastFour == "4444" }.map(\.id) == [other.id])
    #expect(Set(listedAfter.map(\.id)).count == listedAfter.count)
  }

  @Test(
    "a card already on the list is already saved, with the listed card, and never saved twice",
    arguments: [
      ScriptedAnswer.respond(status: 201, body: ""), .savedButAnswerLost,
      AddCardOutcomeScript.requiresAction(message: "Approve it").answer,
    ])
  func listedCardIsAlreadySaved(answer: ScriptedAnswer) async throws {
    let fixture = fixture([answer])
    let repository = BackendCardsRepository(client: fixture.client)

    let outcome = try await repository.save(NewCardFixture.listedVisa, idempotencyKey: "key-1")
    let listed = try await repository.fetchCards()

    guard case .alreadySaved(let existing) = outcome else {
      Issue.record("expected already saved, got \(outcome)")
      return
    }
    #expect(existing.id == "1")
    #expect(existing.expiry == CardExpiry(month: 8, year: 2028))
    #expect(listed.filter { $0.lastFour == "4242" }.map(\.id) == ["1"])
    #expect(await fixture.backend.savedCards.isEmpty)
  }

  @Test("a retry after a lost answer carries the same key, and exactly one card is saved")
  func retrySameKey() async throws {
    let fixture = fixture([.savedButAnswerLost])

    let outcome = try await save(fixture)

    guard case .saved = outcome else {
      Issue.record("expected saved, got \(outcome)")
      return
    }
    #expect(await fixture.backend.requestCount(.addCard) == 2)
    #expect(await fixture.backend.savedCards.count == 1)
    let cards = try await BackendCardsRepository(client: fixture.client).fetchCards()
    #expect(cards.filter { $0.lastFour == "5556" }.count == 1)
  }

  @Test("the same key gets the same answer from the backend, a new key a new one")
  func backendHonoursTheKey() async throws {
    let fixture = fixture([.respond(status: 201, body: "")])

    let first = try await save(fixture, key: "a")
    let again = try await save(fixture, key: "a")
    let other = try await save(fixture, key: "b")

    #expect(first == again)
    guard case .saved(let card) = first else {
      Issue.record("expected saved, got \(first)")
      return
    }
    // A new submission of the same card finds it on the list.
    #expect(other == .alreadySaved(card))
    #expect(await fixture.backend.savedCards.count == 1)
  }
}

@Suite("The demo backend: a card waiting for its bank", .timeLimit(.minutes(1)))
struct ScenarioBackendBankApprovalTests {
  private func needsApproval(
    _ repository: BackendCardsRepository, key: String = "key-1"
  ) async throws -> CardSetup {
    let outcome = try await repository.save(card, idempotencyKey: key)
    guard case .needsBankApproval(let setup) = outcome else {
      Issue.record("expected the bank to be asked, got \(outcome)")
      throw CancellationError()
    }
    return setup
  }

  @Test("a setup's polls read as the bank's answers, and the card it approved is listed")
  func polls() async throws {
    let fixture = ScenarioClient(try #require(BuiltInScenarios.named("add-card-3ds-approved")))
    let repository = BackendCardsRepository(client: fixture.client)
    let approval = try await needsApproval(repository)

    var answers: [CardSetupStatus] = []
    for _ in 0..<4 { answers.append(try await repository.status(ofSetup: approval.setupID)) }
    let listed = try await repository.fetchCards()

    guard case .succeeded(let saved) = answers[2] else {
      Issue.record("expected the third poll to approve, got \(answers)")
      return
    }
    #expect(answers[0] == .waiting)
    #expect(answers[1] == .waiting)
    #expect(answers[3] == answers[2])
    #expect(saved.lastFour == "5556")
    #expect(listed.filter { $0.id == saved.id }.count == 1)
  }

  @Test("a cancelled setup answers canceled from then on; a setup nobody started is not found")
  func cancel() async throws {
    let fixture = ScenarioClient(try #require(BuiltInScenarios.named("add-card-3ds-timeout")))
    let repository = BackendCardsRepository(client: fixture.client)
    let approval = try await needsApproval(repository)

    try await repository.cancelSetup(approval.setupID)
    let after = try await repository.status(ofSetup: approval.setupID)
    let unknown = await requestFailure { _ = try await repository.status(ofSetup: "setup-9") }

    #expect(after == .canceled)
    #expect(unknown?.context.status == 404)
    #expect(await fixture.backend.requestCount(.cancelCardSetup) == 1)
  }

  @Test("sent again under the same key, the card continues its setup; a new key starts another")
  func sameKeySameSetup() async throws {
    let fixture = ScenarioClient(try #require(BuiltInScenarios.named("add-card-3ds-timeout")))
    let repository = BackendCardsRepository(client: fixture.client)

    let first = try await needsApproval(repository, key: "key-1")
    let again = try await needsApproval(repository, key: "key-1")
    let other = try await needsApproval(repository, key: "key-2")

    #expect(again.setupID == first.setupID)
    #expect(other.setupID != first.setupID)
  }
}

@Suite("The demo backend: the writes to a saved card", .timeLimit(.minutes(1)))
struct ScenarioBackendSavedCardTests {
  private func fixture(cards: [ScriptedAnswer] = [CardsOutcome.defaultCards.answer])
    -> BackendCardsRepository
  {
    BackendCardsRepository(client: ScenarioClient(scenario(cards: cards)).client)
  }

  @Test("a removed card is listed no more, and removing it again finds it gone already")
  func remove() async throws {
    let cards = fixture()

    let first = try await cards.remove(cardID: "1", idempotencyKey: "key-1")
    let listed = try await cards.fetchCards().map(\.id)
    let again = try await cards.remove(cardID: "1", idempotencyKey: "key-2")

    #expect(first == .removed)
    #expect(listed == ["2"])
    #expect(again == .alreadyRemoved)
  }

  @Test("a write meets what GET /cards meets: offline is thrown with its advice, nothing removed")
  func removeOffline() async throws {
    let cards = fixture(cards: [.transport(.offline), CardsOutcome.defaultCards.answer])

    let error = await #expect(throws: RequestFailure.self) {
      try await cards.remove(cardID: "1", idempotencyKey: "key-5")
    }

    #expect(error?.kind == .offline)
    #expect(error?.recovery == .retryWhenUserActs(.reconnect))
  }

  @Test("the wallet, or a listed card, becomes the default; a card not listed is gone")
  func makeDefault() async throws {
    let cards = fixture()

    #expect(try await cards.makeDefault(.wallet, idempotencyKey: "key-6") == .madeDefault(.wallet))
    #expect(
      try await cards.makeDefault(.card(id: "2"), idempotencyKey: "key-7")
        == .madeDefault(.card(id: "2")))
    #expect(try await cards.makeDefault(.card(id: "99"), idempotencyKey: "key-8") == .methodGone)
  }

  @Test("a new expiry comes back as the updated card, and is listed so from then on")
  func updateExpiry() async throws {
    let cards = fixture()
    let expiry = try #require(CardExpiry(month: 12, year: 2030))

    let outcome = try await cards.updateExpiry(cardID: "2", to: expiry, idempotencyKey: "k")
    let listed = try await cards.fetchCards().first { $0.id == "2" }

    guard case .updated(let card) = outcome else {
      Issue.record("expected the updated card, got \(outcome)")
      return
    }
    #expect(card.expiry == expiry)
    #expect(listed?.expiry == expiry)
  }
}
