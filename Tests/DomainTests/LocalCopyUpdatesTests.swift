import Domain
import Foundation
import TestSupport
import Testing

/// The backend's writes, each answering as the test says, or failing.
private struct AnsweringWrites: SavedCardWrites {
  var removal: RemoveCardOutcome = .removed
  var defaulting: MakeDefaultOutcome = .methodGone
  var update: UpdateCardOutcome = .cardGone
  var failure: RequestFailure?

  func remove(cardID: String, idempotencyKey: String) async throws -> RemoveCardOutcome {
    if let failure { throw failure }
    return removal
  }

  func makeDefault(_ method: DefaultMethod, idempotencyKey: String) async throws
    -> MakeDefaultOutcome
  {
    if let failure { throw failure }
    return defaulting
  }

  func updateExpiry(cardID: String, to expiry: CardExpiry, idempotencyKey: String) async throws
    -> UpdateCardOutcome
  {
    if let failure { throw failure }
    return update
  }
}

private struct AnsweringSaving: CardSaving {
  let outcome: AddCardOutcome

  func save(_ card: NewCard, idempotencyKey: String) async throws -> AddCardOutcome { outcome }
}

private enum Kept {
  static let loadedAt = Date(timeIntervalSince1970: 1_790_000_000)
  static let wallet = Wallet(balance: 10, currency: "EUR")
  static let visa = PaymentCard(
    id: "1", brand: "Visa", lastFour: "4242", expiry: CardExpiry(month: 8, year: 2028)!,
    status: .active, isDefault: true)
  static let amex = Saved.card
  static let mastercard = PaymentCard(
    id: "5", brand: "Mastercard", lastFour: "4444", expiry: CardExpiry(month: 1, year: 2031)!,
    status: .active)

  static func list(wallet: Wallet? = wallet, cards: [PaymentCard]? = [visa, amex]) -> LocalCopy {
    LocalCopy(
      wallet: LocalCopy.Part(wallet, loadedAt: loadedAt),
      cards: cards.map { LocalCopy.Part($0, loadedAt: loadedAt) })
  }

  static func store(_ list: LocalCopy? = list()) -> LocalCopyStoreSpy {
    LocalCopyStoreSpy(list.map { [Saved.person: $0] } ?? [:])
  }

  static func writes(
    _ writes: AnsweringWrites, _ store: LocalCopyStoreSpy, logger: LogSpy = LogSpy()
  )
    -> CardWritesUpdatingLocalCopy
  {
    CardWritesUpdatingLocalCopy(writes, localCopy: Saved.keeper(store, logger: logger))
  }

  static func saving(_ outcome: AddCardOutcome, _ store: LocalCopyStoreSpy)
    -> CardSavingUpdatingLocalCopy
  {
    CardSavingUpdatingLocalCopy(AnsweringSaving(outcome: outcome), localCopy: Saved.keeper(store))
  }

  static func newCard() throws -> NewCard {
    let form = CardForm(
      number: "5555555555554444", expiry: "01/31", securityCode: "123", name: "Ada")
    return try CardValidation.check(form, thisMonth: .init(year: 2027, month: 1)).get()
  }
}

extension PaymentCard {
  fileprivate func withDefault(_ isDefault: Bool) -> PaymentCard {
    var card = self
    card.isDefault = isDefault
    return card
  }
}

@Suite("Writes the backend agreed to, made to the local copy", .timeLimit(.minutes(1)))
struct LocalCopyUpdatesTests {
  @Test(
    "a card removed, or gone already, leaves the saved cards, which keep their time",
    arguments: [RemoveCardOutcome.removed, .alreadyRemoved])
  func removed(outcome: RemoveCardOutcome) async throws {
    let store = Kept.store()

    let answer = try await Kept.writes(AnsweringWrites(removal: outcome), store)
      .remove(cardID: "9", idempotencyKey: "k")

    #expect(answer == outcome)
    #expect(await store.list(Saved.person) == Kept.list(cards: [Kept.visa]))
  }

  @Test("a card the backend keeps, the last way to pay, stays in the saved cards")
  func keptAsLast() async throws {
    let store = Kept.store()

    _ = try await Kept.writes(AnsweringWrites(removal: .refusedLastMethod), store)
      .remove(cardID: "9", idempotencyKey: "k")

    #expect(await store.wroteAnything == false)
  }

  @Test("a card made the default takes the default mark from the others")
  func cardMadeDefault() async throws {
    let store = Kept.store(Kept.list(wallet: Wallet(balance: 10, currency: "EUR", isDefault: true)))
    let writes = AnsweringWrites(defaulting: .madeDefault(.card(id: "9")))

    _ = try await Kept.writes(writes, store).makeDefault(.card(id: "9"), idempotencyKey: "k")

    #expect(
      await store.list(Saved.person)
        == Kept.list(cards: [Kept.visa.withDefault(false), Kept.amex.withDefault(true)]))
  }

  @Test("the wallet made the default takes the default mark from the cards")
  func walletMadeDefault() async throws {
    let store = Kept.store()
    let writes = AnsweringWrites(defaulting: .madeDefault(.wallet))

    _ = try await Kept.writes(writes, store).makeDefault(.wallet, idempotencyKey: "k")

    #expect(
      await store.list(Saved.person)
        == Kept.list(
          wallet: Wallet(balance: 10, currency: "EUR", isDefault: true),
          cards: [Kept.visa.withDefault(false), Kept.amex]))
  }

  @Test("a card a new default finds gone leaves the saved cards")
  func defaultFindsCardGone() async throws {
    let store = Kept.store()

    _ = try await Kept.writes(AnsweringWrites(defaulting: .methodGone), store)
      .makeDefault(.card(id: "9"), idempotencyKey: "k")

    #expect(await store.list(Saved.person) == Kept.list(cards: [Kept.visa]))
  }

  @Test("a card's new expiry replaces it in the saved cards")
  func expiryUpdated() async throws {
    let store = Kept.store()
    var renewed = Kept.amex
    renewed.expiry = CardExpiry(month: 4, year: 2032)!

    _ = try await Kept.writes(AnsweringWrites(update: .updated(renewed)), store)
      .updateExpiry(cardID: "9", to: renewed.expiry, idempotencyKey: "k")

    #expect(await store.list(Saved.person) == Kept.list(cards: [Kept.visa, renewed]))
  }

  @Test("a card a new expiry finds gone leaves the saved cards")
  func expiryFindsCardGone() async throws {
    let store = Kept.store()

    _ = try await Kept.writes(AnsweringWrites(update: .cardGone), store)
      .updateExpiry(cardID: "9", to: Kept.amex.expiry, idempotencyKey: "k")

    #expect(await store.list(Saved.person) == Kept.list(cards: [Kept.visa]))
  }

  @Test("a new expiry the backend found invalid changes nothing")
  func expiryInvalid() async throws {
    let store = Kept.store()

    _ = try await Kept.writes(AnsweringWrites(update: .invalid([.expiry: [.expired]])), store)
      .updateExpiry(cardID: "9", to: Kept.amex.expiry, idempotencyKey: "k")

    #expect(await store.wroteAnything == false)
  }

  @Test("a write that failed changes nothing, and its error is thrown as it was")
  func failedWrite() async throws {
    let store = Kept.store()
    let offline = Fixtures.cards(.offline)

    await #expect {
      try await Kept.writes(AnsweringWrites(failure: offline), store)
        .remove(cardID: "9", idempotencyKey: "k")
    } throws: { error in
      (error as? RequestFailure)?.kind == .offline
    }
    #expect(await store.calls.isEmpty)
  }

  @Test("a card added is put at the end of the saved cards")
  func cardAdded() async throws {
    let store = Kept.store()

    let outcome = try await Kept.saving(.saved(Kept.mastercard), store)
      .save(Kept.newCard(), idempotencyKey: "k")

    #expect(outcome == .saved(Kept.mastercard))
    #expect(
      await store.list(Saved.person) == Kept.list(cards: [Kept.visa, Kept.amex, Kept.mastercard]))
  }

  @Test("a card saved already is in the saved cards once, as the backend has it")
  func cardAlreadySaved() async throws {
    let store = Kept.store()
    var amex = Kept.amex
    amex.status = .expired

    _ = try await Kept.saving(.alreadySaved(amex), store).save(Kept.newCard(), idempotencyKey: "k")

    #expect(await store.list(Saved.person) == Kept.list(cards: [Kept.visa, amex]))
  }

  @Test("a card added as the default takes the mark from the others")
  func cardAddedAsDefault() async throws {
    let store = Kept.store()
    let mastercard = Kept.mastercard.withDefault(true)

    _ = try await Kept.saving(.saved(mastercard), store).save(Kept.newCard(), idempotencyKey: "k")

    #expect(
      await store.list(Saved.person)
        == Kept.list(cards: [Kept.visa.withDefault(false), Kept.amex, mastercard]))
  }

  @Test("a card its bank approved is put in the saved cards")
  func bankApproved() async throws {
    let store = Kept.store()
    let setups = CardSetupsUpdatingLocalCopy(
      ScriptedSetups([.success(.succeeded(Kept.mastercard))]), localCopy: Saved.keeper(store))

    let status = try await setups.status(ofSetup: "setup-1")

    #expect(status == .succeeded(Kept.mastercard))
    #expect(
      await store.list(Saved.person) == Kept.list(cards: [Kept.visa, Kept.amex, Kept.mastercard]))
  }

  @Test("with no local copy, a write keeps nothing")
  func nothingKept() async throws {
    let store = Kept.store(nil)

    _ = try await Kept.saving(.saved(Kept.mastercard), store).save(
      Kept.newCard(), idempotencyKey: "k")

    #expect(await store.wroteAnything == false)
  }

  @Test("a part never kept is not made by a write")
  func partNeverKept() async throws {
    let store = Kept.store(Kept.list(cards: nil))

    _ = try await Kept.saving(.saved(Kept.mastercard), store).save(
      Kept.newCard(), idempotencyKey: "k")

    #expect(await store.wroteAnything == false)
  }

  @Test("a local copy that cannot be read is left alone, logged at warning with the reason")
  func unreadable() async throws {
    let logger = LogSpy()
    let store = LocalCopyStoreSpy(loadError: LocalCopyUnreadable(reason: "truncated"))

    let answer = try await Kept.writes(AnsweringWrites(), store, logger: logger)
      .remove(cardID: "9", idempotencyKey: "k")

    #expect(answer == .removed)
    #expect(await store.wroteAnything == false)
    #expect(logger.entries.map(\.level) == [.warning])
    #expect(logger.entries.first?.message.contains("truncated") == true)
  }

  @Test("a local copy that cannot be written is logged at warning; the answer is the backend's")
  func unwritable() async throws {
    let logger = LogSpy()
    let store = LocalCopyStoreSpy(
      [Saved.person: Kept.list()], saveError: SurpriseError(detail: "disk full"))

    let answer = try await Kept.writes(AnsweringWrites(), store, logger: logger)
      .remove(cardID: "9", idempotencyKey: "k")

    #expect(answer == .removed)
    #expect(logger.entries.map(\.level) == [.warning])
  }
}
