import Domain
import Foundation
import TestSupport
import Testing

@Suite(
  "Finishing pending changes: sent again under their keys at the start", .timeLimit(.minutes(1)))
struct FinishPendingChangesTests {
  private let logger = LogSpy()
  private let day: TimeInterval = 24 * 60 * 60

  private func finishing(
    _ journal: InMemoryJournal, writes: any SavedCardWrites,
    localCopy: (any LocalCopyStore)? = nil, budget: Duration? = nil,
    clock: any Clock<Duration> = StoppedClock()
  ) -> FinishPendingChangesUseCase {
    FinishPendingChangesUseCase(
      keeper: PendingChangesKeeper(
        store: journal, person: "ada", now: { PendingFixtures.now }, logger: logger),
      writes: writes,
      localCopy: localCopy.map {
        LocalCopyKeeper(store: $0, person: "ada", now: { PendingFixtures.now }, logger: logger)
      },
      now: { PendingFixtures.now }, budget: budget, clock: clock, logger: logger)
  }

  /// A change; by default a removal of a card named after its key, so that changes of
  /// different keys are about different subjects.
  private func change(
    _ kind: PendingChange.Kind? = nil, key: String, person: String = "ada",
    age: TimeInterval = 60
  ) -> PendingChange {
    let kind = kind ?? .remove(cardID: "card-" + key)
    return PendingFixtures.change(
      kind, key: key, person: person, startedAt: PendingFixtures.now.addingTimeInterval(-age))
  }

  @Test("each pending change is sent again under its own key, in the order written down")
  func sentAgainUnderItsKey() async throws {
    let kinds = CardChange.allCases.filter { $0 != .makeWalletDefault }.map(\.kind)
    let journal = InMemoryJournal(
      kinds.enumerated().map { change($0.element, key: "key-\($0.offset)") })
    let writes = ScriptedWrites()

    let report = await finishing(journal, writes: writes).execute()

    #expect(
      await writes.requests.map { "\($0.what) \($0.key)" } == [
        "remove 1 key-0", "default card(id: \"1\") key-1", "update 1 12/30 key-2",
      ])
    #expect(report.endings == [.done, .done, .gone])
    #expect(await journal.changes.isEmpty)
  }

  @Test("a change answered is taken out, and logged at info")
  func answeredTakenOut() async throws {
    let journal = InMemoryJournal([change(key: "key-1")])

    _ = await finishing(journal, writes: ScriptedWrites(removal: .alreadyRemoved)).execute()

    #expect(await journal.changes.isEmpty)
    #expect(logger.entries.map(\.level) == [.info])
  }

  @Test("a change that gets no answer again is kept for the next start, with a warning")
  func noAnswerKept() async throws {
    let journal = InMemoryJournal([change(key: "key-1")])
    let writes = ScriptedWrites(failure: PendingFixtures.failure(.timedOut))

    let report = await finishing(journal, writes: writes).execute()

    #expect(report.endings == [.kept])
    #expect(await journal.changes.map(\.idempotencyKey) == ["key-1"])
    #expect(logger.entries.map(\.level) == [.warning])
    #expect(logger.entries.first?.metadata[LogMetadataKey.traceID] == "t-1")
  }

  @Test("a change answered for good with a failure is taken out, with a warning")
  func failureForGoodTakenOut() async throws {
    let journal = InMemoryJournal([change(key: "key-1")])
    let writes = ScriptedWrites(failure: PendingFixtures.failure(.userLocked))

    let report = await finishing(journal, writes: writes).execute()

    #expect(report.endings == [.refused(.request(.userLocked))])
    #expect(await journal.changes.isEmpty)
    #expect(logger.entries.map(\.level) == [.warning])
  }

  @Test("one change's failure stops neither the others nor the run, which never throws")
  func oneFailureStopsNothing() async throws {
    let journal = InMemoryJournal([
      change(key: "key-1"), change(key: "key-2"), change(key: "key-3"),
    ])
    let writes = ScriptedWrites(failures: ["key-2": PendingFixtures.failure(.serviceUnavailable)])

    let report = await finishing(journal, writes: writes).execute()

    #expect(await writes.keys == ["key-1", "key-2", "key-3"])
    #expect(report.endings == [.done, .kept, .done])
    #expect(await journal.changes.map(\.idempotencyKey) == ["key-2"])
  }

  @Test("a change a day old is dropped unsent, with a warning; one a second younger is sent")
  func expiredDropped() async throws {
    let journal = InMemoryJournal([
      change(key: "too-old", age: day), change(key: "not-a-day-old", age: day - 1),
    ])
    let writes = ScriptedWrites()

    let report = await finishing(journal, writes: writes).execute()

    #expect(await writes.keys == ["not-a-day-old"])
    #expect(report.endings == [.dropped(.tooOld), .done])
    #expect(await journal.changes.isEmpty)
    let dropped = logger.entries.filter { $0.metadata["idempotencyKey"] == "too-old" }
    #expect(dropped.map(\.level) == [.warning])
  }

  @Test("a change dated over five minutes ahead is dropped unsent: its age cannot be known")
  func futureDropped() async throws {
    let journal = InMemoryJournal([change(key: "key-1", age: -(5 * 60 + 1))])
    let writes = ScriptedWrites()

    let report = await finishing(journal, writes: writes).execute()

    #expect(await writes.requests.isEmpty)
    #expect(report.endings == [.dropped(.fromTheFuture)])
    #expect(await journal.changes.isEmpty)
    #expect(logger.entries.map(\.level) == [.warning])
  }

  @Test(
    "a change dated up to five minutes ahead is a clock's difference, and is sent",
    arguments: [5.0, 300.0] as [TimeInterval])
  func clockDifferenceSent(secondsAhead: TimeInterval) async throws {
    let journal = InMemoryJournal([change(key: "key-1", age: -secondsAhead)])
    let writes = ScriptedWrites()

    let report = await finishing(journal, writes: writes).execute()

    #expect(await writes.keys == ["key-1"])
    #expect(report.endings == [.done])
  }

  @Test("of two changes to the same subject, only the newer is sent: the older is dropped")
  func newerChoiceWins() async throws {
    let journal = InMemoryJournal([
      change(.makeDefault(.card(id: "2")), key: "older", age: 120),
      change(.remove(cardID: "3"), key: "other", age: 90),
      change(.makeDefault(.wallet), key: "newer", age: 60),
    ])
    let writes = ScriptedWrites()

    let report = await finishing(journal, writes: writes).execute()

    #expect(await writes.requests.map(\.what) == ["remove 3", "default wallet"])
    #expect(report.endings == [.done, .done])
    #expect(await journal.changes.isEmpty)
  }

  @Test("a change whose session ended is kept for the person, to be sent once they sign in")
  func sessionEndedKept() async throws {
    let journal = InMemoryJournal([change(key: "key-1")])
    let writes = ScriptedWrites(failure: PendingFixtures.failure(.sessionEnded))

    let report = await finishing(journal, writes: writes).execute()

    #expect(report.endings == [.waitsForSignIn])
    #expect(await journal.changes.map(\.idempotencyKey) == ["key-1"])
  }

  @Test("another person's change is left as it is, even too old: their own start says so")
  func otherAccountLeft() async throws {
    let journal = InMemoryJournal([
      change(key: "bob-1", person: "bob"), change(key: "bob-old", person: "bob", age: day + 1),
    ])
    let writes = ScriptedWrites()

    let report = await finishing(journal, writes: writes).execute()

    #expect(await writes.requests.isEmpty)
    #expect(report == FinishedChanges())
    #expect(await journal.changes.map(\.idempotencyKey) == ["bob-1", "bob-old"])
  }

  @Test("a new expiry the backend made but whose answer could not be read is done")
  func madeButUnreadIsDone() async throws {
    let journal = InMemoryJournal([
      change(.updateExpiry(cardID: "1", PendingFixtures.expiry), key: "key-1")
    ])
    let writes = ScriptedWrites(
      update: .updatedUnread(cardID: "1", expiry: PendingFixtures.expiry))

    let report = await finishing(journal, writes: writes).execute()

    #expect(report.endings == [.done])
    #expect(await journal.changes.isEmpty)
  }

  @Test("a person's change too old to send is named at their own start, and why")
  func ownTooOldNamed() async throws {
    let journal = InMemoryJournal([change(key: "ada-old", age: day + 1)])

    let report = await finishing(journal, writes: ScriptedWrites()).execute()

    #expect(report.endings == [.dropped(.tooOld)])
    #expect(await journal.changes.isEmpty)
  }

  @Test(
    "of two choices to one subject, the later place is sent, whatever its time and key say",
    arguments: [
      // The later one dated earlier, its key sorting first.
      (older: (key: "b-older", age: 30.0), newer: (key: "a-newer", age: 90.0)),
      // Both dated the same moment.
      (older: (key: "b-older", age: 60.0), newer: (key: "a-newer", age: 60.0)),
    ])
  func orderFromPlaces(older: (key: String, age: Double), newer: (key: String, age: Double))
    async throws
  {
    let journal = InMemoryJournal([
      change(.makeDefault(.card(id: "1")), key: older.key, age: older.age),
      change(.makeDefault(.wallet), key: newer.key, age: newer.age),
    ])
    let writes = ScriptedWrites()

    _ = await finishing(journal, writes: writes).execute()

    #expect(await writes.keys == [newer.key])
    #expect(await journal.changes.isEmpty)
  }

  @Test("once the start has waited its budget, no other change is sent: the rest are kept")
  func budgetKeepsTheRest() async throws {
    let journal = InMemoryJournal([change(key: "first"), change(key: "second")])
    let clock = ManualClock()
    let writes = ClockAdvancingWrites(clock: clock, by: .seconds(3))

    let report = await finishing(
      journal, writes: writes, budget: .seconds(3), clock: clock
    ).execute()

    #expect(await writes.keys == ["first"])
    #expect(report.endings == [.done, .kept])
    #expect(await journal.changes.map(\.idempotencyKey) == ["second"])
  }

  @Test("the screen is told each change just before it is sent, with its card")
  func toldBeforeSending() async throws {
    let journal = InMemoryJournal([
      change(.remove(cardID: "1"), key: "key-1"), change(.makeDefault(.wallet), key: "key-2"),
    ])
    let list = LocalCopy(cards: .init([PendingFixtures.visa], loadedAt: PendingFixtures.now))
    let writes = ScriptedWrites()
    let finishing = finishing(
      journal, writes: writes, localCopy: InMemoryLocalCopyStore(["ada": list]))
    let told = Recorder<String>()

    _ = await finishing.execute { change, card in
      told.record(
        "\(change.idempotencyKey) of \(card?.lastFour ?? "no card"), "
          + "\(await writes.requests.count) sent")
    }

    #expect(told.all == ["key-1 of 4242, 0 sent", "key-2 of no card, 1 sent"])
  }

  @Test("with nothing to send, the screen is told nothing")
  func nothingToTell() async throws {
    let journal = InMemoryJournal([change(key: "old", age: day + 1)])
    let told = Recorder<String>()

    let report = await finishing(journal, writes: ScriptedWrites()).execute { change, _ in
      told.record(change.idempotencyKey)
    }

    #expect(told.all.isEmpty)
    #expect(report.endings == [.dropped(.tooOld)])
  }

  @Test("a cancelled run stops before the next change, keeps the rest, and logs nothing")
  func cancelledStops() async throws {
    let journal = InMemoryJournal([
      change(key: "key-1"), change(key: "key-2"), change(key: "key-3"),
    ])
    let writes = SilentWrites()
    let run = Task { await finishing(journal, writes: writes).execute() }
    await writes.arrivals.waitForArrivals(1)

    run.cancel()

    #expect(await run.value.endings == [.kept, .kept, .kept])
    #expect(writes.keys.all == ["key-1"])
    #expect(await journal.changes.count == 3)
    #expect(logger.entries.isEmpty)
  }

  @Test("a change still unanswered at its deadline is kept, and the next one is sent")
  func pastDeadlineKept() async throws {
    let journal = InMemoryJournal([change(key: "key-1"), change(key: "key-2")])

    let writes = SilentWrites()

    let report = await finishing(journal, writes: writes, clock: ImmediateClock()).execute()

    #expect(writes.keys.all == ["key-1", "key-2"])
    #expect(report.endings == [.kept, .kept])
    #expect(await journal.changes.count == 2)
    #expect(logger.entries.compactMap { $0.metadata[LogMetadataKey.error] }.count == 2)
  }

  @Test("each change's end is its answer: done, gone, refused with the reason, or declined")
  func eachAnswerItsEnd() async throws {
    let decline = CardDecline(code: "do_not_honor", adviceCode: nil)
    let cases: [(ScriptedWrites, PendingChange.Kind, FinishedChanges.Ending)] = [
      (ScriptedWrites(removal: .removed), .remove(cardID: "1"), .done),
      (ScriptedWrites(removal: .alreadyRemoved), .remove(cardID: "1"), .done),
      (
        ScriptedWrites(removal: .refusedLastMethod), .remove(cardID: "1"),
        .refused(.lastPaymentMethod)
      ),
      (ScriptedWrites(newDefault: .methodGone), .makeDefault(.wallet), .gone),
      (
        ScriptedWrites(update: .declined(decline)),
        .updateExpiry(cardID: "1", PendingFixtures.expiry), .declined(decline)
      ),
    ]
    for (writes, kind, ending) in cases {
      let journal = InMemoryJournal([change(kind, key: "key-1")])

      let report = await finishing(journal, writes: writes).execute()

      #expect(report.endings == [ending])
    }
  }

  @Test("a change's card is named as the person's local copy last showed it")
  func cardNamedFromTheLocalCopy() async throws {
    let journal = InMemoryJournal([
      change(.remove(cardID: "1"), key: "saved"), change(.remove(cardID: "9"), key: "unsaved"),
    ])
    let list = LocalCopy(cards: .init([PendingFixtures.visa], loadedAt: PendingFixtures.now))
    let store = InMemoryLocalCopyStore(["ada": list])
    let finishing = finishing(journal, writes: ScriptedWrites(), localCopy: store)

    let report = await finishing.execute()

    #expect(report.changes.map(\.card) == [PendingFixtures.visa, nil])
    #expect(report.removed(methodID: "card-1"))
    #expect(!report.removed(methodID: "card-2"))
  }

  @Test("a local copy that cannot be read names no card, is logged, and the change is sent")
  func unreadableLocalCopyLogged() async throws {
    let journal = InMemoryJournal([change(.remove(cardID: "1"), key: "first")])
    let store = LocalCopyStoreSpy(loadError: LocalCopyUnreadable(reason: "cut off midway"))
    let writes = ScriptedWrites()
    let finishing = finishing(journal, writes: writes, localCopy: store)

    let report = await finishing.execute()

    #expect(report.changes.map(\.card) == [nil])
    #expect(await writes.requests.map(\.key) == ["first"])
    #expect(
      logger.entries.contains {
        $0.level == .warning && $0.message.contains("cannot be read")
          && $0.message.contains("cut off")
      })
  }

  @Test("with no change of the person's to finish, the local copy is not read")
  func nothingToNameReadsNothing() async throws {
    let journal = InMemoryJournal([change(.remove(cardID: "1"), key: "theirs", person: "bob")])
    let store = LocalCopyStoreSpy(loadError: LocalCopyUnreadable(reason: "cut off midway"))
    let finishing = finishing(journal, writes: ScriptedWrites(), localCopy: store)

    _ = await finishing.execute()

    #expect(await store.calls.isEmpty)
    #expect(!logger.entries.contains { $0.message.contains("local copy") })
  }

  @Test("a change another run took out meanwhile is neither sent nor reported")
  func takenOutMeanwhileNotSent() async throws {
    let journal = InMemoryJournal([change(key: "first"), change(key: "second", age: 30)])
    // While the first is sent, another run finishes the second.
    let writes = AnotherRunMeanwhile(journal: journal, takesOut: "second")

    let report = await finishing(journal, writes: writes).execute()

    #expect(await writes.sent == ["first"])
    #expect(report.changes.map(\.change.idempotencyKey) == ["first"])
  }

  @Test("a journal that cannot be read is logged, and nothing is sent")
  func unreadableJournal() async throws {
    let journal = InMemoryJournal([change(key: "key-1")], failsToRead: true)
    let writes = ScriptedWrites()

    let report = await finishing(journal, writes: writes).execute()

    #expect(report == FinishedChanges())
    #expect(await writes.requests.isEmpty)
    #expect(logger.entries.map(\.level) == [.warning])
  }
}

/// Writes that answer every change, and while sending the first, take `takesOut` out of the
/// journal, as another run finishing it would.
actor AnotherRunMeanwhile: SavedCardWrites {
  let journal: InMemoryJournal
  let takesOut: String
  private(set) var sent: [String] = []

  init(journal: InMemoryJournal, takesOut: String) {
    self.journal = journal
    self.takesOut = takesOut
  }

  func remove(cardID: String, idempotencyKey: String) async throws -> RemoveCardOutcome {
    if sent.isEmpty,
      let other = await journal.changes.first(where: { $0.idempotencyKey == takesOut })
    {
      try await journal.remove(other)
    }
    sent.append(idempotencyKey)
    return .removed
  }

  func makeDefault(_ method: DefaultMethod, idempotencyKey: String) async throws
    -> MakeDefaultOutcome
  {
    .madeDefault(method)
  }

  func updateExpiry(cardID: String, to expiry: CardExpiry, idempotencyKey: String) async throws
    -> UpdateCardOutcome
  {
    .cardGone
  }
}

/// Writes that answer every removal once `by` has passed on `clock`, as a slow server would.
actor ClockAdvancingWrites: SavedCardWrites {
  let clock: ManualClock
  let by: Duration
  private(set) var keys: [String] = []

  init(clock: ManualClock, by: Duration) {
    self.clock = clock
    self.by = by
  }

  func remove(cardID: String, idempotencyKey: String) async throws -> RemoveCardOutcome {
    keys.append(idempotencyKey)
    clock.advance(by: by)
    return .removed
  }

  func makeDefault(_ method: DefaultMethod, idempotencyKey: String) async throws
    -> MakeDefaultOutcome
  {
    .madeDefault(method)
  }

  func updateExpiry(cardID: String, to expiry: CardExpiry, idempotencyKey: String) async throws
    -> UpdateCardOutcome
  {
    .cardGone
  }
}
