import Domain
import Foundation
import TestSupport
import Testing

/// The local copy the tests start from, and the time they load at.
enum Saved {
  static let now = Date(timeIntervalSince1970: 1_790_000_000)
  static let person = "ada"
  /// Not what the sources answer now, so a copied row is never mistaken for a live one.
  static let wallet = Wallet(balance: 10, currency: "EUR", isDefault: true)
  static let card = PaymentCard(
    id: "9", brand: "American Express", lastFour: "0005",
    expiry: CardExpiry(month: 3, year: 2030)!, status: .active)

  /// How old the saved part is when the load runs.
  enum Age: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case fresh
    /// Exactly the maximum age: no longer younger than it.
    case expired
    case missing
    /// Saved a minute after now: the clock went backwards.
    case future

    var loadedAt: Date? {
      switch self {
      case .fresh: Saved.now.addingTimeInterval(-2 * 60 * 60)
      case .expired: Saved.now.addingTimeInterval(-24 * 60 * 60)
      case .missing: nil
      case .future: Saved.now.addingTimeInterval(60)
      }
    }

    var testDescription: String { rawValue }
  }

  /// Both parts saved at the age's time; nil for a missing one.
  static func list(_ age: Age) -> LocalCopy? {
    guard let loadedAt = age.loadedAt else { return nil }
    return LocalCopy(
      wallet: LocalCopy.Part(wallet, loadedAt: loadedAt),
      cards: LocalCopy.Part([card], loadedAt: loadedAt))
  }

  static func store(_ age: Age) -> LocalCopyStoreSpy {
    LocalCopyStoreSpy(list(age).map { [person: $0] } ?? [:])
  }

  static func keeper(_ store: any LocalCopyStore, logger: LogSpy = LogSpy()) -> LocalCopyKeeper {
    LocalCopyKeeper(store: store, person: person, now: { now }, logger: logger)
  }
}

/// How one source ended in a row of the table.
enum SourceOutcome: String, CaseIterable, Sendable {
  case answered
  /// Offline: trying again, once connected, may fix it.
  case failedRetryable
  /// A malformed answer: a bug, which trying again will not fix.
  case failedNotRetryable
}

/// A row of the policy's table: one source's outcome and the age of its saved part; the
/// other source and Apple Pay answer.
struct PolicyCase: Sendable, CustomTestStringConvertible {
  let source: PaymentSource
  let outcome: SourceOutcome
  let age: Saved.Age

  static let all: [PolicyCase] = [PaymentSource.wallet, .cards].flatMap { source in
    SourceOutcome.allCases.flatMap { outcome in
      Saved.Age.allCases.map { PolicyCase(source: source, outcome: outcome, age: $0) }
    }
  }

  var testDescription: String { "\(source.rawValue) \(outcome.rawValue), saved \(age.rawValue)" }

  /// The one row where the copied rows are shown.
  var showsSaved: Bool { outcome == .failedRetryable && age == .fresh }

  var failure: RequestFailure? {
    let operation = source == .wallet ? "GET /wallet" : "GET /cards"
    return switch outcome {
    case .answered: nil
    case .failedRetryable: Fixtures.request(.offline, operation)
    case .failedNotRetryable: Fixtures.request(.malformedResponse, operation)
    }
  }

  func useCase(_ store: LocalCopyStoreSpy, logger: LogSpy = LogSpy()) -> PaymentMethodsUseCase {
    let failure = failure
    return makeUseCase(
      wallet: WalletRepositoryStub {
        if source == .wallet, let failure { throw failure }
        return Fixtures.wallet
      },
      cards: CardsRepositoryStub {
        if source == .cards, let failure { throw failure }
        return [Fixtures.visa]
      },
      localCopy: store, logger: logger)
  }

  /// What the screen lists, in source order.
  var shown: [PaymentMethod] {
    let live: [PaymentSource: [PaymentMethod]] = [
      .wallet: [.wallet(Fixtures.wallet)], .cards: [.card(Fixtures.visa)],
    ]
    let saved: [PaymentSource: [PaymentMethod]] = [
      .wallet: [.wallet(Saved.wallet)], .cards: [.card(Saved.card)],
    ]
    let own = outcome == .answered ? live[source]! : showsSaved ? saved[source]! : []
    return [PaymentSource.wallet, .cards].flatMap { $0 == source ? own : live[$0]! }
      + [.applePay(Fixtures.applePay)]
  }
}

@Suite("Local copy policy: the table of what is shown and what is kept", .timeLimit(.minutes(1)))
struct LocalCopyRulesTableTests {
  @Test(
    "copied rows show only if a source failed in a way trying again may fix and its part is fresh",
    arguments: PolicyCase.all)
  func shown(row: PolicyCase) async throws {
    let list = try await row.useCase(Saved.store(row.age)).execute()

    #expect(list.methods == row.shown)
    #expect(list.copiedAsOf == (row.showsSaved ? [row.source: Saved.Age.fresh.loadedAt!] : [:]))
    #expect(list.failures.map(\.source) == (row.outcome == .answered ? [] : [row.source]))
  }

  @Test(
    "a source that answered replaces its part; one that failed leaves its part as it was",
    arguments: PolicyCase.all)
  func kept(row: PolicyCase) async throws {
    let store = Saved.store(row.age)

    _ = try await row.useCase(store).execute()

    let kept = try #require(await store.list(Saved.person))
    let before = Saved.list(row.age)
    let answeredWallet = LocalCopy.Part(Optional(Fixtures.wallet), loadedAt: Saved.now)
    let answeredCards = LocalCopy.Part([Fixtures.visa], loadedAt: Saved.now)
    let walletAnswered = row.source != .wallet || row.outcome == .answered
    let cardsAnswered = row.source != .cards || row.outcome == .answered
    #expect(kept.wallet == (walletAnswered ? answeredWallet : before?.wallet))
    #expect(kept.cards == (cardsAnswered ? answeredCards : before?.cards))
  }

  @Test(
    "a journey deletes the local copy before it is thrown, whatever the list's age",
    arguments: [RequestFailure.Kind.sessionEnded, .userLocked, .userNotVerified, .appOutdated],
    Saved.Age.allCases)
  func journeyDeletes(kind: RequestFailure.Kind, age: Saved.Age) async throws {
    let store = Saved.store(age)
    let useCase = makeUseCase(
      cards: .throwing(Fixtures.cards(kind)), localCopy: store)

    await #expect {
      try await useCase.execute()
    } throws: { error in
      guard case PaymentMethodsError.needsJourney = error else { return false }
      return true
    }
    #expect(await store.list(Saved.person) == nil)
    #expect(await store.calls == [.delete(person: Saved.person)])
  }
}

@Suite("Local copy policy: the edges", .timeLimit(.minutes(1)))
struct LocalCopyRulesTests {
  @Test("a part a second younger than the maximum age is still shown")
  func justFresh() async throws {
    let loadedAt = Saved.now.addingTimeInterval(-24 * 60 * 60 + 1)
    let store = LocalCopyStoreSpy([
      Saved.person: LocalCopy(cards: LocalCopy.Part([Saved.card], loadedAt: loadedAt))
    ])
    let useCase = makeUseCase(
      cards: .throwing(Fixtures.cards(.offline)), localCopy: store)

    let list = try await useCase.execute()

    #expect(list.copiedAsOf == [.cards: loadedAt])
  }

  @Test("copied rows shown are logged at info, with the time they were saved")
  func shownIsLogged() async throws {
    let logger = LogSpy()
    let useCase = makeUseCase(
      cards: .throwing(Fixtures.cards(.offline)), localCopy: Saved.store(.fresh),
      logger: logger)

    _ = try await useCase.execute()

    let entries = logger.entries(source: "cards")
    #expect(entries.map(\.level) == [.info])
    #expect(entries.first?.message.contains(Saved.Age.fresh.loadedAt!.ISO8601Format()) == true)
  }

  @Test("every source failed and fresh rows are saved: the copied rows are the list")
  func everythingFailedSavedShown() async throws {
    let useCase = makeUseCase(
      wallet: .throwing(Fixtures.wallet(.offline)), cards: .throwing(Fixtures.cards(.offline)),
      applePay: .throwing(Fixtures.request(.offline, "Apple Pay")),
      localCopy: Saved.store(.fresh))

    let list = try await useCase.execute()

    #expect(list.methods == [.wallet(Saved.wallet), .card(Saved.card)])
    #expect(list.failures.map(\.source) == [.wallet, .cards, .applePay])
    #expect(
      list.copiedAsOf == [.wallet: Saved.Age.fresh.loadedAt!, .cards: Saved.Age.fresh.loadedAt!])
  }

  @Test(
    "every source failed and nothing fresh is saved: could not load, as without a local copy",
    arguments: [Saved.Age.expired, .missing, .future])
  func everythingFailedNothingFresh(age: Saved.Age) async throws {
    let store = Saved.store(age)
    let useCase = makeUseCase(
      wallet: .throwing(Fixtures.wallet(.offline)), cards: .throwing(Fixtures.cards(.offline)),
      applePay: .throwing(Fixtures.request(.offline, "Apple Pay")),
      localCopy: store)

    await #expect {
      try await useCase.execute()
    } throws: { error in
      guard case PaymentMethodsError.couldNotLoad(let deciding, _) = error else { return false }
      return deciding.source == .wallet
    }
    #expect(await store.wroteAnything == false)
  }

  @Test("a saved part that holds no rows shows nothing: the source's failure stands alone")
  func emptyPartShowsNothing() async throws {
    let loadedAt = Saved.Age.fresh.loadedAt!
    let store = LocalCopyStoreSpy([
      Saved.person: LocalCopy(
        wallet: LocalCopy.Part(nil, loadedAt: loadedAt),
        cards: LocalCopy.Part([], loadedAt: loadedAt))
    ])
    let useCase = makeUseCase(
      wallet: .throwing(Fixtures.wallet(.offline)), cards: .throwing(Fixtures.cards(.offline)),
      localCopy: store)

    let list = try await useCase.execute()

    #expect(list.methods == [.applePay(Fixtures.applePay)])
    #expect(list.copiedAsOf.isEmpty)
  }

  @Test(
    "a wallet with nothing to pay with is kept as no wallet",
    arguments: [
      WalletRepositoryStub.throwing(WalletRepositoryError.noWalletFound(Fixtures.context())),
      .throwing(WalletRepositoryError.banned(Fixtures.context())),
      .throwing(WalletRepositoryError.inReview(.pending, Fixtures.context())),
      .returning(Fixtures.emptyWallet),
    ])
  func walletNoneKept(wallet: WalletRepositoryStub) async throws {
    let store = Saved.store(.fresh)

    _ = try await makeUseCase(wallet: wallet, localCopy: store).execute()

    #expect(await store.list(Saved.person)?.wallet == LocalCopy.Part(nil, loadedAt: Saved.now))
  }

  @Test("no saved cards are kept as an empty list")
  func noCardsKept() async throws {
    let store = Saved.store(.fresh)

    _ = try await makeUseCase(cards: .returning([]), localCopy: store).execute()

    #expect(await store.list(Saved.person)?.cards == LocalCopy.Part([], loadedAt: Saved.now))
  }

  @Test("a source switched off leaves its part as it was")
  func switchedOffKeepsPart() async throws {
    let store = Saved.store(.fresh)
    let useCase = makeUseCase(
      flags: PaymentMethodsFeatureFlags(isWalletEnabled: false), localCopy: store)

    _ = try await useCase.execute()

    #expect(await store.list(Saved.person)?.wallet == Saved.list(.fresh)?.wallet)
  }

  @Test("a load where the wallet and the cards answered writes the list without reading it")
  func answeredNeedsNoRead() async throws {
    let store = Saved.store(.fresh)

    _ = try await makeUseCase(localCopy: store).execute()

    #expect(await store.calls == [.save(person: Saved.person)])
  }

  @Test("another person's local copy is never shown, nor deleted by this one's journey")
  func otherAccount() async throws {
    let store = LocalCopyStoreSpy(["grace": Saved.list(.fresh)!])
    let policy = store
    let offline = makeUseCase(cards: .throwing(Fixtures.cards(.offline)), localCopy: policy)
    let signedOut = makeUseCase(
      cards: .throwing(Fixtures.cards(.sessionEnded)), localCopy: policy)

    let list = try await offline.execute()
    _ = try? await signedOut.execute()

    #expect(list.copiedAsOf.isEmpty)
    #expect(await store.list("grace") == Saved.list(.fresh))
  }
}
