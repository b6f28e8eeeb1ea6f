import Foundation

/// Finishes the changes an earlier run left in the journal (`PendingChange`): run when the
/// app starts, before the list loads, so that the list shows what the backend made of them.
///
/// Each change of the signed-in account is sent again, one at a time and in the order they
/// were made, under its own idempotency key: a change the backend applied before the app
/// was killed is answered again, not applied twice. A change answered for good
/// (`PendingChange.isAnsweredForGood(by:)`) is taken out; one that gets no answer again is
/// kept for the next start. No single change's failure is thrown: each is logged.
///
/// Some are dropped unsent, with a warning (`PendingChange.DropReason`): one older than a
/// day (the backend forgets its keys then, and sent without its key it could undo a
/// change made since); one dated more than five minutes ahead (its age cannot be known; a
/// clock a little behind is only a clock); and one about the same subject as a newer one
/// of the person's, which alone is sent. Other accounts' changes are left where they are,
/// until they expire.
public struct FinishPendingChangesUseCase: Sendable {
  private let journal: any PendingChangeJournal
  private let writes: any SavedCardWrites
  private let savedList: (any SavedListStore)?
  private let account: String
  private let now: @Sendable () -> Date
  private let deadline: Deadline
  private let logger: any DeveloperLog

  /// - Parameters:
  ///   - writes: the writes that send the requests, without a journal of their own (not
  ///     `JournaledCardWrites`): the change is in the journal already, with its start time.
  ///   - savedList: where the person's saved list is kept, to name the cards the changes are
  ///     about; nil for none.
  ///   - account: the signed-in person; only their changes are sent.
  ///   - deadline: for each change's request, as for a change the person makes.
  public init(
    journal: any PendingChangeJournal, writes: any SavedCardWrites,
    savedList: (any SavedListStore)? = nil, account: String,
    now: @escaping @Sendable () -> Date = Date.init,
    deadline: Duration = RemoveCardUseCase.defaultDeadline,
    clock: any Clock<Duration> = ContinuousClock(), logger: any DeveloperLog
  ) {
    self.journal = journal
    self.writes = writes
    self.savedList = savedList
    self.account = account
    self.now = now
    self.deadline = Deadline(deadline, clock: clock)
    self.logger = logger
  }

  /// Sends the account's pending changes again, and says what became of each.
  ///
  /// - Parameter beforeSending: called once, before the first request, with the number of
  ///   changes about to be sent (never when there is none): the screen's moment to say
  ///   "Finishing your last change…".
  /// - Returns: each change's end. A cancelled caller stops before the next change; the
  ///   changes not sent are kept, and said so.
  public func execute(beforeSending: @Sendable (_ count: Int) async -> Void = { _ in }) async
    -> FinishedChanges
  {
    var report = FinishedChanges()
    let cards = await savedCards()
    let changes: [PendingChange]
    do {
      changes = try await journal.pendingChanges()
    } catch {
      logger.log(
        .warning, "the journal of pending changes could not be read; nothing is finished",
        metadata: [LogMetadataKey.error: ErrorChain(error).description])
      return report
    }
    var toSend: [PendingChange] = []
    // The journal lists the oldest first: a change met later about the same subject is a
    // newer choice, and replaces the one met before.
    var newest: [PendingChange.Subject: Int] = [:]
    for change in changes {
      if let reason = change.dropReason(now: now()) {
        // The report is the signed-in person's: another account's is tidied away unsaid.
        if change.account == account {
          report.changes.append(.init(change, card: cards(change), result: .dropped(reason)))
        }
        await drop(change, because: reason)
      } else if change.account == account {
        if let older = newest[change.subject] {
          // The person's own newer choice replaces it: logged, not reported as a loss.
          await drop(toSend[older], because: .newerChoice)
          toSend[older] = change
        } else {
          newest[change.subject] = toSend.count
          toSend.append(change)
        }
      }
    }
    guard !toSend.isEmpty else { return report }
    await beforeSending(toSend.count)
    for change in toSend {
      // A cancelled caller: the rest are kept for the next start.
      let result = Task.isCancelled ? .kept : await finish(change)
      report.changes.append(.init(change, card: cards(change), result: result))
    }
    return report
  }

  /// Sends one change again, and takes it out once it was answered for good.
  private func finish(_ change: PendingChange) async -> FinishedChanges.Result {
    let (writes, key) = (writes, change.idempotencyKey)
    let result: FinishedChanges.Result
    do {
      let (answer, ended): (String, FinishedChanges.Result) = try await deadline.call {
        switch change.kind {
        case .remove(let cardID):
          let outcome = try await writes.remove(cardID: cardID, idempotencyKey: key)
          return ("\(outcome)", Self.result(of: outcome))
        case .makeDefault(let method):
          let outcome = try await writes.makeDefault(method, idempotencyKey: key)
          return ("\(outcome)", Self.result(of: outcome))
        case .updateExpiry(let cardID, let expiry):
          let outcome = try await writes.updateExpiry(
            cardID: cardID, to: expiry, idempotencyKey: key)
          return ("\(outcome)", Self.result(of: outcome))
        }
      }
      logger.log(.info, "finished a pending change: \(answer)", metadata: facts(change))
      result = ended
    } catch {
      // The caller stopped: kept for the next start.
      if Task.isCancelled { return .kept }
      guard PendingChange.isAnsweredForGood(by: error) else {
        let waitsForSignIn = (error as? RequestFailure)?.kind == .sessionEnded
        logger.log(
          .warning,
          waitsForSignIn
            ? "a pending change's session has ended; it is sent once the person signs in"
            : "a pending change got no answer; it is sent again at the next start",
          metadata: facts(change, error: error))
        return waitsForSignIn ? .waitsForSignIn : .kept
      }
      logger.log(
        .warning, "a pending change was answered for good with a failure; it is not sent again",
        metadata: facts(change, error: error))
      result = .refused(.request((error as? RequestFailure)?.kind))
    }
    await takeOut(change)
    return result
  }

  private static func result(of outcome: RemoveCardOutcome) -> FinishedChanges.Result {
    switch outcome {
    case .removed: .done
    case .alreadyRemoved: .gone
    case .refusedLastMethod: .refused(.lastPaymentMethod)
    }
  }

  private static func result(of outcome: MakeDefaultOutcome) -> FinishedChanges.Result {
    switch outcome {
    case .madeDefault: .done
    case .methodGone: .gone
    }
  }

  private static func result(of outcome: UpdateCardOutcome) -> FinishedChanges.Result {
    switch outcome {
    case .updated: .done
    case .invalid(let problems): .refused(.invalid(problems))
    case .declined(let decline): .declined(decline)
    case .cardGone: .gone
    }
  }

  /// The cards of the person's saved list, by id: what names a change's card for the
  /// screen. None when nothing is saved, or it cannot be read (logged by nobody: the
  /// load that follows reads it again, and logs it there).
  private func savedCards() async -> (PendingChange) -> PaymentCard? {
    let list = try? await savedList?.load(account: account)
    let cards = Dictionary(
      (list?.cards?.value ?? []).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
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
      case .tooOld: "older than \(LogFormat.milliseconds(PendingChange.maximumAge))"
      case .fromTheFuture:
        "dated more than \(LogFormat.milliseconds(PendingChange.clockTolerance)) ahead: "
          + "its age cannot be known"
      case .newerChoice: "the person made a newer change to the same"
      }
    logger.log(
      reason == .newerChoice ? .info : .warning, "dropped a pending change unsent: \(why)",
      metadata: facts(change))
    await takeOut(change)
  }

  private func takeOut(_ change: PendingChange) async {
    do {
      try await journal.remove(idempotencyKey: change.idempotencyKey)
    } catch {
      logger.log(
        .warning, "a pending change could not be taken out of the journal",
        metadata: facts(change, error: error))
    }
  }

  private func facts(_ change: PendingChange, error: (any Error)? = nil) -> [String: String] {
    var facts = ["change": "\(change.kind)", "idempotencyKey": change.idempotencyKey]
    if let error {
      let chain = ErrorChain(error)
      facts[LogMetadataKey.error] = chain.description
      facts[LogMetadataKey.traceID] = chain.traceID
    }
    return facts
  }
}

/// What finishing the pending changes came to, change by change, for the screen to say:
/// each change of the person's that was sent or dropped, in the order they were made.
public struct FinishedChanges: Sendable, Equatable {
  /// How one change ended.
  public enum Result: Sendable, Equatable {
    /// The backend made the change (or the card was removed already).
    case done
    /// The card, or the wallet, is no longer there: nothing to change.
    case gone
    /// The backend kept things as they were, for a reason the person can read.
    case refused(Refusal)
    /// The card's issuer declined the new expiry.
    case declined(CardDecline)
    /// No answer for good yet: kept, and sent again at the next start.
    case kept
    /// The session has ended: kept for the person, and sent once they sign in again.
    case waitsForSignIn
    /// Taken out unsent (never for a newer choice: that is the person's own doing, and
    /// not reported).
    case dropped(PendingChange.DropReason)
  }

  /// Why the backend refused a change it was sent again.
  public enum Refusal: Sendable, Equatable {
    /// The card is the person's last way to pay.
    case lastPaymentMethod
    /// The new expiry has problems.
    case invalid(CardFieldErrors)
    /// The request was refused for good: the account, the app, or an answer the app does
    /// not know (`RequestFailure.Kind`).
    case request(RequestFailure.Kind?)
  }

  /// One change, and how it ended.
  public struct Finished: Sendable, Equatable {
    public var change: PendingChange
    /// The card it is about, as the person's saved list last showed it; nil for the wallet,
    /// or a card the saved list does not hold.
    public var card: PaymentCard?
    public var result: Result

    public init(_ change: PendingChange, card: PaymentCard? = nil, result: Result) {
      self.change = change
      self.card = card
      self.result = result
    }
  }

  public var changes: [Finished]

  public init(_ changes: [Finished] = []) {
    self.changes = changes
  }

  /// The results alone, in order: what a test or a count needs.
  public var results: [Result] { changes.map(\.result) }

  /// Whether finishing settled a removal of `cardID` (done, or gone already): the same
  /// removal asked again is already made.
  public func removed(cardID: String) -> Bool {
    changes.contains {
      $0.change.kind == .remove(cardID: cardID) && [.done, .gone].contains($0.result)
    }
  }
}
