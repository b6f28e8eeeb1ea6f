import Foundation

/// Finishes the changes an earlier run left in the journal (`PendingChange`): run when the
/// app starts, before the list loads, so that the list shows what the backend made of them.
///
/// Each of the person's changes is sent again in order, under its own idempotency key, so
/// one the backend applied before the app was killed is answered again, not applied twice.
/// One answered for good is taken out; one without an answer is kept for the next start;
/// one that may not be sent (`PendingChange.DropReason`) is dropped with a warning. No
/// change's failure is thrown: each is logged, and said in `FinishedChanges`.
public struct FinishPendingChangesUseCase: Sendable {
  private let keeper: PendingChangesKeeper
  private let writes: any SavedCardWrites
  /// Read only, to name the cards the changes are about.
  private let localCopy: LocalCopyKeeper?
  private let now: @Sendable () -> Date
  private let deadline: Deadline
  private let budget: Duration?
  private let clock: any Clock<Duration>
  private let logger: any DeveloperLog

  /// - Parameters:
  ///   - keeper: the signed-in person's pending changes: only theirs are read and sent.
  ///   - writes: the writes that send the requests, without a journal of their own (not
  ///     `JournaledCardWrites`): the change is in the journal already, with its start time.
  ///   - localCopy: the person's local copy, to name the cards the changes are about; nil
  ///     for none.
  ///   - deadline: for each change's request, as for a change the person makes.
  ///   - budget: how long the start may wait for finishing, the screen's deadline: once it
  ///     has passed, no other change is sent, and the rest are kept for the next start
  ///     (each said to be kept). Nil for no limit.
  public init(
    keeper: PendingChangesKeeper, writes: any SavedCardWrites,
    localCopy: LocalCopyKeeper? = nil,
    now: @escaping @Sendable () -> Date = Date.init,
    deadline: Duration = RemoveCardUseCase.defaultDeadline, budget: Duration? = nil,
    clock: any Clock<Duration> = ContinuousClock(), logger: any DeveloperLog
  ) {
    self.keeper = keeper
    self.writes = writes
    self.localCopy = localCopy
    self.now = now
    self.deadline = Deadline(deadline, clock: clock)
    self.budget = budget
    self.clock = clock
    self.logger = logger
  }

  /// Sends the person's pending changes again, and says what became of each.
  ///
  /// Each change is read once from the journal, and looked up once more just before it is
  /// sent: the cost grows with the person's changes, never with anyone else's.
  ///
  /// - Parameter sending: called before each change is sent (never for one that is not),
  ///   with the card it is about as the person's local copy last showed it (nil for the
  ///   wallet, or a card the local copy does not hold): the screen's moment to say which
  ///   change it is finishing ("Finishing your last change: removing Visa •••• 4242…").
  /// - Returns: each change's end. A cancelled caller, or a start past its budget, stops
  ///   before the next change; the changes not sent are kept, and said so.
  public func execute(
    sending: @Sendable (_ change: PendingChange, _ card: PaymentCard?) async -> Void = { _, _ in }
  ) async -> FinishedChanges {
    var report = FinishedChanges()
    var spent = Duration.zero
    guard let changes = await keeper.changes(), !changes.isEmpty else { return report }
    let cards = await copiedCards()
    var sendable: [PendingChange] = []
    for change in changes {
      if let reason = change.dropReason(now: now()) {
        report.changes.append(.init(change, card: cards(change), ending: .dropped(reason)))
        await drop(change, because: reason)
      } else {
        sendable.append(change)
      }
    }
    // Of two changes to the same subject only the newer is sent: the older is the person's
    // earlier choice, replaced (logged, not reported as a loss). The rest go in order.
    var newest: [PendingChange.Subject: PendingChange] = [:]
    for change in sendable where newest[change.subject].map(change.isOlder) != true {
      newest[change.subject] = change
    }
    for change in sendable {
      guard newest[change.subject] == change else {
        await drop(change, because: .newerChoice)
        continue
      }
      let card = cards(change)
      // A cancelled caller, or a start that has waited its budget: the rest wait for the
      // next start.
      let isPastBudget = budget.map { spent >= $0 } ?? false
      var ending: FinishedChanges.Ending? = .kept
      if !Task.isCancelled, !isPastBudget {
        spent += await clock.measure {
          ending = await finish(change, saying: { await sending(change, card) })
        }
      }
      guard let ending else { continue }
      report.changes.append(.init(change, card: card, ending: ending))
    }
    return report
  }

  /// Sends one change again, and does to it what its answer says
  /// (`PendingChange.fate(after:mayHaveArrivedBefore:)`). A change another run has taken
  /// out since this one read the journal (finished, or replaced by a newer choice) is
  /// neither sent, which could undo what that run did, nor reported here: nil. `saying` is
  /// called just before the change is sent.
  private func finish(_ change: PendingChange, saying: () async -> Void) async
    -> FinishedChanges.Ending?
  {
    let (writes, key) = (writes, change.idempotencyKey)
    guard await keeper.isKept(change) else {
      logger.log(
        .info, "a pending change was finished or replaced by another run meanwhile; not sent",
        metadata: facts(change))
      return nil
    }
    await saying()
    let ending: FinishedChanges.Ending
    let answer: PendingChange.Answer
    do {
      let (said, ended): (String, FinishedChanges.Ending) = try await deadline.call {
        switch change.kind {
        case .remove(let cardID):
          let outcome = try await writes.remove(cardID: cardID, idempotencyKey: key)
          return ("\(outcome)", Self.ending(of: outcome))
        case .makeDefault(let method):
          let outcome = try await writes.makeDefault(method, idempotencyKey: key)
          return ("\(outcome)", Self.ending(of: outcome))
        case .updateExpiry(let cardID, let expiry):
          let outcome = try await writes.updateExpiry(
            cardID: cardID, to: expiry, idempotencyKey: key)
          return ("\(outcome)", Self.ending(of: outcome))
        }
      }
      logger.log(.info, "finished a pending change: \(said)", metadata: facts(change))
      (ending, answer) = (ended, .outcome)
    } catch {
      // The caller stopped: kept for the next start.
      if Task.isCancelled { return .kept }
      answer = .failure(error)
      switch PendingChange.fate(after: answer, mayHaveArrivedBefore: true) {
      case .kept:
        let waitsForSignIn = (error as? RequestFailure)?.kind == .sessionEnded
        logger.log(
          .warning,
          waitsForSignIn
            ? "a pending change's session has ended; it is sent once the person signs in"
            : "a pending change got no answer; it is sent again at the next start",
          metadata: facts(change, error: error))
        ending = waitsForSignIn ? .waitsForSignIn : .kept
      case .takenOut, .settled:
        logger.log(
          .warning,
          "a pending change was answered for good with a failure; it is not sent again",
          metadata: facts(change, error: error))
        ending = .refused(.request((error as? RequestFailure)?.kind))
      }
    }
    // Every older choice to its subject was taken out before anything was sent: the store
    // is not read again, so the cost grows with the person's changes, not their square.
    await keeper.settle(
      change, as: PendingChange.fate(after: answer, mayHaveArrivedBefore: true), known: [])
    return ending
  }

  private static func ending(of outcome: RemoveCardOutcome) -> FinishedChanges.Ending {
    switch outcome {
    // Removed already (on another device, or by this change before its answer was lost):
    // the same end as removed, as the person asked.
    case .removed, .alreadyRemoved: .done
    case .refusedLastMethod: .refused(.lastPaymentMethod)
    }
  }

  private static func ending(of outcome: MakeDefaultOutcome) -> FinishedChanges.Ending {
    switch outcome {
    case .madeDefault: .done
    case .methodGone: .gone
    }
  }

  private static func ending(of outcome: UpdateCardOutcome) -> FinishedChanges.Ending {
    switch outcome {
    case .updated, .updatedUnread: .done
    case .invalid(let problems): .refused(.invalid(problems))
    case .declined(let decline): .declined(decline)
    case .cardGone: .gone
    }
  }

  /// The cards of the person's local copy, by id: what names a change's card for the
  /// screen. None when nothing is kept, or it cannot be read.
  private func copiedCards() async -> (PendingChange) -> PaymentCard? {
    let copy = await localCopy?.read()
    let cards = Dictionary(
      (copy?.cards?.value ?? []).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    return { change in
      switch change.kind {
      case .remove(let id), .makeDefault(.card(let id)), .updateExpiry(let id, _): cards[id]
      case .makeDefault(.wallet): nil
      }
    }
  }

  private func drop(_ change: PendingChange, because reason: PendingChange.DropReason) async {
    let why =
      switch reason {
      case .tooOld: "older than \(LogFormat.milliseconds(FreshnessPolicy.maximumAge))"
      case .fromTheFuture:
        "dated more than \(LogFormat.milliseconds(PendingChange.clockTolerance)) ahead: "
          + "its age cannot be known"
      case .newerChoice: "the person made a newer change to the same"
      }
    logger.log(
      reason == .newerChoice ? .info : .warning, "dropped a pending change unsent: \(why)",
      metadata: facts(change))
    await keeper.takeOut(change)
  }

  private func facts(_ change: PendingChange, error: (any Error)? = nil) -> [String: String] {
    var facts = ["change": "\(change.kind)", "idempotencyKey": change.idempotencyKey]
    if let error { facts.merge(ErrorChain(error).logMetadata) { _, chain in chain } }
    return facts
  }
}
