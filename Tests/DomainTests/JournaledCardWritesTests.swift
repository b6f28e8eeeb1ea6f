import Domain
import Foundation
import TestSupport
import Testing

/// The four changes a person can make to a saved card, each sent through some writes.
enum CardChange: String, CaseIterable, Sendable {
  case remove, makeCardDefault, makeWalletDefault, updateExpiry

  var kind: PendingChange.Kind {
    switch self {
    case .remove: .remove(cardID: "1")
    case .makeCardDefault: .makeDefault(.card(id: "1"))
    case .makeWalletDefault: .makeDefault(.wallet)
    case .updateExpiry: .updateExpiry(cardID: "1", PendingFixtures.expiry)
    }
  }

  func send(through writes: any SavedCardWrites, key: String) async throws {
    switch self {
    case .remove: _ = try await writes.remove(cardID: "1", idempotencyKey: key)
    case .makeCardDefault: _ = try await writes.makeDefault(.card(id: "1"), idempotencyKey: key)
    case .makeWalletDefault: _ = try await writes.makeDefault(.wallet, idempotencyKey: key)
    case .updateExpiry:
      _ = try await writes.updateExpiry(
        cardID: "1", to: PendingFixtures.expiry, idempotencyKey: key)
    }
  }
}

@Suite("Journaled writes: a change is written down before it is sent", .timeLimit(.minutes(1)))
struct JournaledCardWritesTests {
  private let journal = InMemoryJournal()
  private let logger = LogSpy()

  private func journaled(_ writes: any SavedCardWrites, journal: InMemoryJournal? = nil)
    -> JournaledCardWrites
  {
    JournaledCardWrites(
      writes: writes,
      keeper: PendingChangesKeeper(
        store: journal ?? self.journal, person: "ada", now: { PendingFixtures.now },
        logger: logger))
  }

  @Test(
    "a change is in the journal, under its request's key, when the request is sent",
    arguments: CardChange.allCases)
  func writtenDownFirst(change: CardChange) async throws {
    let writes = ScriptedWrites(journal: journal)

    try await change.send(through: journaled(writes), key: "key-1")

    let requests = await writes.requests
    #expect(requests.map(\.key) == ["key-1"])
    #expect(requests.map(\.wasWrittenDown) == [true])
  }

  @Test(
    "the entry is the change itself: its kind, its key, the person and when it started",
    arguments: CardChange.allCases)
  func entryIsTheChange(change: CardChange) async throws {
    let writes = ScriptedWrites(failure: PendingFixtures.failure(.timedOut))

    try? await change.send(through: journaled(writes), key: "key-1")

    #expect(
      await journal.changes == [
        PendingChange(
          change.kind, idempotencyKey: "key-1", person: "ada", startedAt: PendingFixtures.now,
          place: 1)
      ])
  }

  @Test(
    "a removal the backend answered is taken out, whatever it answered",
    arguments: [RemoveCardOutcome.removed, .alreadyRemoved, .refusedLastMethod])
  func removalAnswered(answer: RemoveCardOutcome) async throws {
    let writes = journaled(ScriptedWrites(removal: answer))

    let outcome = try await writes.remove(cardID: "1", idempotencyKey: "key-1")

    #expect(outcome == answer)
    #expect(await journal.changes.isEmpty)
  }

  @Test(
    "a new default the backend answered is taken out, whatever it answered",
    arguments: [MakeDefaultOutcome.madeDefault(.card(id: "1")), .methodGone])
  func newDefaultAnswered(answer: MakeDefaultOutcome) async throws {
    let writes = journaled(ScriptedWrites(newDefault: answer))

    let outcome = try await writes.makeDefault(.card(id: "1"), idempotencyKey: "key-1")

    #expect(outcome == answer)
    #expect(await journal.changes.isEmpty)
  }

  @Test(
    "a new expiry the backend answered is taken out, whatever it answered",
    arguments: [
      UpdateCardOutcome.updated(PendingFixtures.visa), .invalid([.expiry: [.expired]]),
      .declined(CardDecline(code: "do_not_honor", adviceCode: nil)), .cardGone,
    ])
  func newExpiryAnswered(answer: UpdateCardOutcome) async throws {
    let writes = journaled(ScriptedWrites(update: answer))

    let outcome = try await writes.updateExpiry(
      cardID: "1", to: PendingFixtures.expiry, idempotencyKey: "key-1")

    #expect(outcome == answer)
    #expect(await journal.changes.isEmpty)
  }

  /// Written again from the rule in `RequestFailure.Kind.answersAWriteForGood`'s comment.
  private static let answeredForGood: Set<RequestFailure.Kind> = [
    .userNotVerified, .userLocked, .appOutdated, .unexpectedAnswer,
    .malformedResponse, .notOffered,
  ]
  /// A first send that never reached the backend: the screen says it failed.
  private static let neverReachedTheBackend: Set<RequestFailure.Kind> = [
    .offline, .serverUnreachable, .insecureConnection,
  ]

  @Test(
    "a failure takes the change out when the backend answered it for good, or never got it",
    arguments: RequestFailure.Kind.allCases)
  func failureKeepsOrTakesOut(kind: RequestFailure.Kind) async throws {
    let writes = journaled(ScriptedWrites(failure: PendingFixtures.failure(kind)))

    let thrown = await #expect(throws: (any Error).self) {
      try await writes.remove(cardID: "1", idempotencyKey: "key-1")
    }

    let kept = await journal.changes.map(\.idempotencyKey)
    let takenOut =
      Self.answeredForGood.contains(kind) || Self.neverReachedTheBackend.contains(kind)
    #expect(kept == (takenOut ? [] : ["key-1"]))
    // What is kept has an outcome not known yet, the failure as its cause; the rest is
    // thrown as it came.
    let failure = takenOut ? thrown : (thrown as? OutcomeNotKnownYet)?.failure
    #expect((failure as? RequestFailure)?.kind == kind)
  }

  @Test(
    "a failure that never reached the backend keeps the change when an earlier attempt may have",
    arguments: [RequestFailure.Kind.offline, .serverUnreachable, .insecureConnection])
  func earlierAttemptKeeps(kind: RequestFailure.Kind) async throws {
    let context = ErrorContext(
      operation: "DELETE /cards/{id}", traceID: "t-3", attempts: 3,
      anEarlierAttemptMayHaveArrived: true)
    let writes = journaled(ScriptedWrites(failure: RequestFailure(kind, context: context)))

    await #expect(throws: OutcomeNotKnownYet.self) {
      try await writes.remove(cardID: "1", idempotencyKey: "key-1")
    }

    #expect(await journal.changes.map(\.idempotencyKey) == ["key-1"])
  }

  /// Pending before the newer default: an older default of Ada's, her card's expiry, and
  /// Bob's default.
  private static let beforeTheNewerDefault = [
    PendingFixtures.change(
      .makeDefault(.card(id: "2")), key: "older-default",
      startedAt: PendingFixtures.now.addingTimeInterval(-120)),
    PendingFixtures.change(.updateExpiry(cardID: "1", PendingFixtures.expiry), key: "expiry"),
    PendingFixtures.change(.makeDefault(.card(id: "3")), key: "bob", person: "bob"),
  ]

  @Test("a change answered takes out the person's older pending ones to the same subject")
  func newerChoiceReplacesOlder() async throws {
    let journal = InMemoryJournal(Self.beforeTheNewerDefault)

    _ = try await journaled(ScriptedWrites(), journal: journal).makeDefault(
      .wallet, idempotencyKey: "newer-default")

    #expect(await journal.changes.map(\.idempotencyKey) == ["expiry", "bob"])
  }

  @Test("a change that never reached the backend leaves the older pending one standing")
  func unsentChoiceLeavesTheOlder() async throws {
    let journal = InMemoryJournal(Self.beforeTheNewerDefault)
    let writes = ScriptedWrites(failure: PendingFixtures.failure(.offline))

    _ = try? await journaled(writes, journal: journal).makeDefault(
      .wallet, idempotencyKey: "newer-default")

    #expect(await journal.changes.map(\.idempotencyKey) == ["older-default", "expiry", "bob"])
  }

  @Test("a change written down never takes out one made after it, by another run")
  func laterChangeStays() async throws {
    // Dated a minute earlier by its run's clock: only the place says it came later.
    let later = PendingFixtures.change(
      .makeDefault(.card(id: "2")), key: "later",
      startedAt: PendingFixtures.now.addingTimeInterval(-60))
    let journal = InMemoryJournal()
    let writes = AnotherRunWritesMeanwhile(journal: journal, writes: later)

    _ = try await journaled(writes, journal: journal).makeDefault(.wallet, idempotencyKey: "now")

    #expect(await journal.changes.map(\.idempotencyKey) == ["later"])
  }

  @Test("a change the journal could not keep never takes out one written after it")
  func unwrittenLeavesTheNewer() async throws {
    let journal = InMemoryJournal()
    let store = RefusesKeys(["unkept"], of: journal)
    let newer = PendingFixtures.change(.makeDefault(.card(id: "2")), key: "newer")
    let writes = JournaledCardWrites(
      writes: AnotherRunWritesMeanwhile(journal: journal, writes: newer),
      keeper: PendingChangesKeeper(store: store, person: "ada", logger: logger))

    _ = try await writes.makeDefault(.wallet, idempotencyKey: "unkept")

    #expect(await journal.changes.map(\.idempotencyKey) == ["newer"])
  }

  @Test("a change refused for good takes out the person's older choices to the same subject")
  func refusalForGoodTakesOutOlder() async throws {
    let journal = InMemoryJournal([
      PendingFixtures.change(.makeDefault(.card(id: "2")), key: "older-default")
    ])
    let writes = ScriptedWrites(failure: PendingFixtures.failure(.userLocked))

    await #expect(throws: RequestFailure.self) {
      _ = try await journaled(writes, journal: journal).makeDefault(
        .wallet, idempotencyKey: "newer-default")
    }

    #expect(await journal.changes.isEmpty)
  }

  @Test("without a journal, a lost answer is not known yet, and said not to be kept")
  func noJournalLostAnswerNotKnown() async throws {
    let writes = JournaledCardWrites(
      writes: ScriptedWrites(failure: PendingFixtures.failure(.timedOut)), keeper: nil)

    let error = await #expect(throws: OutcomeNotKnownYet.self) {
      _ = try await writes.remove(cardID: "1", idempotencyKey: "key-1")
    }

    #expect(error?.isKept == false)
  }

  @Test("without a journal, a failure that never reached the backend is the failure itself")
  func noJournalNeverReachedIsAFailure() async throws {
    let writes = JournaledCardWrites(
      writes: ScriptedWrites(failure: PendingFixtures.failure(.offline)), keeper: nil)

    await #expect(throws: RequestFailure.self) {
      _ = try await writes.remove(cardID: "1", idempotencyKey: "key-1")
    }
  }

  @Test("an error nobody classified keeps the change: whether it was sent is not known")
  func unknownErrorKeeps() async throws {
    let writes = journaled(ScriptedWrites(failure: SurpriseError(detail: "sdk")))

    let thrown = await #expect(throws: OutcomeNotKnownYet.self) {
      try await writes.remove(cardID: "1", idempotencyKey: "key-1")
    }

    #expect(thrown?.failure is SurpriseError)

    #expect(await journal.changes.map(\.idempotencyKey) == ["key-1"])
  }

  @Test("a change still unanswered at the use case's deadline is kept, its outcome not known")
  func pastDeadlineKeeps() async throws {
    let clock = ManualClock()
    let useCase = RemoveCardUseCase(
      writes: journaled(SilentWrites()), newIdempotencyKey: { "key-1" }, deadline: .seconds(15),
      clock: clock, logger: logger)
    let removal = Task { try await useCase.execute(cardID: "1") }
    await clock.sleepsBegun(1)

    clock.advance(by: .seconds(15))

    let thrown = await #expect(throws: OutcomeNotKnownYet.self) { _ = try await removal.value }
    #expect(thrown?.failure is DeadlineExceeded)
    #expect(await journal.changes.map(\.idempotencyKey) == ["key-1"])
  }

  @Test("a change whose caller cancelled while it was on its way is kept")
  func cancelledOnTheWayKeeps() async throws {
    let silent = SilentWrites()
    let writes = journaled(silent)
    let removal = Task { try await writes.remove(cardID: "1", idempotencyKey: "key-1") }
    await silent.arrivals.waitForArrivals(1)

    removal.cancel()

    let thrown = await #expect(throws: OutcomeNotKnownYet.self) { _ = try await removal.value }
    #expect(thrown?.failure is CancellationError)
    #expect(await journal.changes.map(\.idempotencyKey) == ["key-1"])
  }

  @Test("a caller cancelled before anything writes nothing down and sends nothing")
  func cancelledBeforeNothing() async throws {
    let gate = Gate()
    let scripted = ScriptedWrites(journal: journal)
    let writes = journaled(scripted)
    let removal = Task {
      await gate.pass()
      return try await writes.remove(cardID: "1", idempotencyKey: "key-1")
    }
    await gate.waitForArrivals(1)

    removal.cancel()
    await gate.open()

    await #expect(throws: CancellationError.self) { _ = try await removal.value }
    #expect(await journal.changes.isEmpty)
    #expect(await scripted.requests.isEmpty)
  }

  @Test("a journal that cannot write logs a warning, and the change is sent all the same")
  func journalFailureSendsAnyway() async throws {
    let broken = InMemoryJournal(failsToWrite: true)
    let scripted = ScriptedWrites(journal: broken)

    let outcome = try await journaled(scripted, journal: broken)
      .remove(cardID: "1", idempotencyKey: "key-1")

    #expect(outcome == .removed)
    #expect(await scripted.requests.map(\.key) == ["key-1"])
    #expect(logger.entries.map(\.level) == [.warning])
    #expect(logger.entries.first?.metadata["idempotencyKey"] == "key-1")
  }

  @Test("the key each use case makes is the key written down and the key sent")
  func useCasesKey() async throws {
    let scripted = ScriptedWrites(journal: journal)
    let writes = journaled(scripted)

    _ = try await RemoveCardUseCase(writes: writes, newIdempotencyKey: { "key-r" }, logger: logger)
      .execute(cardID: "1")
    _ = try await MakeDefaultUseCase(writes: writes, newIdempotencyKey: { "key-d" })
      .execute(.card(PendingFixtures.visa)).answer()
    _ = try await UpdateCardExpiryUseCase(
      writes: writes, thisMonth: { CardValidation.Month(year: 2027, month: 1) },
      newIdempotencyKey: { "key-e" }
    ).execute(cardID: "1", expiry: "12/30")

    let requests = await scripted.requests
    #expect(requests.map(\.key) == ["key-r", "key-d", "key-e"])
    #expect(requests.map(\.wasWrittenDown) == [true, true, true])
  }
}

/// Writes that, while a new default is on its way, let another run write `later` down, as a
/// second run's tap would; then answer.
actor AnotherRunWritesMeanwhile: SavedCardWrites {
  let journal: InMemoryJournal
  let later: PendingChange

  init(journal: InMemoryJournal, writes later: PendingChange) {
    self.journal = journal
    self.later = later
  }

  func remove(cardID: String, idempotencyKey: String) async throws -> RemoveCardOutcome {
    .removed
  }

  func makeDefault(_ method: DefaultMethod, idempotencyKey: String) async throws
    -> MakeDefaultOutcome
  {
    _ = try await journal.add(later)
    return .madeDefault(method)
  }

  func updateExpiry(cardID: String, to expiry: CardExpiry, idempotencyKey: String) async throws
    -> UpdateCardOutcome
  {
    .cardGone
  }
}

@Suite("The one rule: what an answer does to a pending change")
struct PendingChangeFateTests {
  private static let failures:
    [(RequestFailure.Kind, made: PendingChange.Fate, finished: PendingChange.Fate)] = [
      (.timedOut, made: .kept, finished: .kept),
      (.serviceUnavailable, made: .kept, finished: .kept),
      (.sessionEnded, made: .kept, finished: .kept),
      (.offline, made: .takenOut, finished: .kept),
      (.serverUnreachable, made: .takenOut, finished: .kept),
      (.userLocked, made: .settled, finished: .settled),
      (.notOffered, made: .settled, finished: .settled),
      (.responseTooLarge, made: .kept, finished: .kept),
    ]

  @Test("any outcome settles a change, made now or finished at a start")
  func outcomeSettles() {
    #expect(PendingChange.fate(after: .outcome, mayHaveArrivedBefore: false) == .settled)
    #expect(PendingChange.fate(after: .outcome, mayHaveArrivedBefore: true) == .settled)
  }

  @Test(
    "a failure keeps, takes out or settles a change, as whether it may have arrived says",
    arguments: failures)
  func failureFate(
    failure: (RequestFailure.Kind, made: PendingChange.Fate, finished: PendingChange.Fate)
  ) {
    let error = PendingFixtures.failure(failure.0)
    #expect(
      PendingChange.fate(after: .failure(error), mayHaveArrivedBefore: false) == failure.made)
    #expect(
      PendingChange.fate(after: .failure(error), mayHaveArrivedBefore: true) == failure.finished)
  }

  @Test("a cancelled request, and an error nobody classified, keep the change")
  func cancelledAndUnknownKeep() {
    struct Unknown: Error {}
    for error: any Error in [CancellationError(), Unknown()] {
      #expect(PendingChange.fate(after: .failure(error), mayHaveArrivedBefore: false) == .kept)
    }
  }
}

@Suite("The owner of a person's pending changes", .timeLimit(.minutes(1)))
struct PendingChangesKeeperTests {
  @Test("the person's changes come in the order of their places, not as the store lists them")
  func inPlaceOrder() async throws {
    let store = ReversedStore(
      InMemoryJournal([
        PendingFixtures.change(.remove(cardID: "1"), key: "first"),
        PendingFixtures.change(.remove(cardID: "2"), key: "second"),
      ]))
    let keeper = PendingChangesKeeper(store: store, person: "ada", logger: LogSpy())

    #expect(await keeper.changes()?.map(\.idempotencyKey) == ["first", "second"])
  }

  @Test("another person's changes are never given, whatever their id looks like")
  func onlyThePersons() async throws {
    let store = InMemoryJournal([
      PendingFixtures.change(.remove(cardID: "1"), key: "hers", person: "jos\u{E9}"),
      PendingFixtures.change(.remove(cardID: "2"), key: "his", person: "jose\u{301}"),
    ])
    let keeper = PendingChangesKeeper(store: store, person: "jose\u{301}", logger: LogSpy())

    #expect(await keeper.changes()?.map(\.idempotencyKey) == ["his"])
  }
}

/// A store that lists its changes last first, as no order is promised.
struct ReversedStore: PendingChangeStore {
  let store: InMemoryJournal

  init(_ store: InMemoryJournal) { self.store = store }

  func changes(of person: String) async throws -> [PendingChange] {
    try await store.changes(of: person).reversed()
  }
  func add(_ change: PendingChange) async throws -> PendingChange { try await store.add(change) }
  func contains(_ change: PendingChange) async throws -> Bool { try await store.contains(change) }
  func remove(_ change: PendingChange) async throws { try await store.remove(change) }
}

/// A store that cannot keep the changes of the keys named, as a full disk would not.
struct RefusesKeys: PendingChangeStore {
  struct Refused: Error {}

  let keys: Set<String>
  let store: InMemoryJournal

  init(_ keys: Set<String>, of store: InMemoryJournal) {
    (self.keys, self.store) = (keys, store)
  }

  func changes(of person: String) async throws -> [PendingChange] {
    try await store.changes(of: person)
  }
  func add(_ change: PendingChange) async throws -> PendingChange {
    if keys.contains(change.idempotencyKey) { throw Refused() }
    return try await store.add(change)
  }
  func contains(_ change: PendingChange) async throws -> Bool { try await store.contains(change) }
  func remove(_ change: PendingChange) async throws { try await store.remove(change) }
}
