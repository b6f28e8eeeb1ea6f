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
  private let journal: any PendingChangeJournal
  private let writes: any SavedCardWrites
  /// Read only, to name the cards the changes are about.
  private let localCopy: LocalCopyKeeper?
  private let account: String
  private let now: @Sendable () -> Date
  private let deadline: Deadline
  private let logger: any DeveloperLog

  /// - Parameters:
  ///   - writes: the writes that send the requests, without a journal of their own (not
  ///     `JournaledCardWrites`): the change is in the journal already, with its start time.
  ///   - localCopy: where the person's local copy is kept, to name the cards the changes
  ///     are about; nil for none.
  ///   - account: the signed-in person; only their changes are sent.
  ///   - deadline: for each change's request, as for a change the person makes.
  public init(
    journal: any PendingChangeJournal, writes: any SavedCardWrites,
    localCopy: (any LocalCopyStore)? = nil, account: String,
    now: @escaping @Sendable () -> Date = Date.init,
    deadline: Duration = RemoveCardUseCase.defaultDeadline,
    clock: any Clock<Duration> = ContinuousClock(), logger: any DeveloperLog
  ) {
    self.journal = journal
    self.writes = writes
    self.localCopy = localCopy.map {
      LocalCopyKeeper(store: $0, account: account, now: now, logger: logger)
    }
    self.account = account
    self.now = now
    self.deadline = Deadline(deadline, clock: clock)
    self.logger = logger
  }

  /// Sends the account's pending changes again, and says what became of each.
  ///
  /// - Parameter sending: called before each change is sent (never for one that is not),
  ///   with the card it is about as the person's local copy last showed it (nil for the
  ///   wallet, or a card the local copy does not hold): the screen's moment to say which
  ///   change it is finishing ("Finishing your last change: removing Visa •••• 4242…").
  /// - Returns: each change's end. A cancelled caller stops before the next change; the
  ///   changes not sent are kept, and said so.
  public func execute(
    sending: @Sendable (_ change: PendingChange, _ card: PaymentCard?) async -> Void = { _, _ in }
  ) async -> FinishedChanges {
    var report = FinishedChanges()
    let changes: [PendingChange]
    do {
      changes = try await journal.pendingChanges()
    } catch {
      logger.log(
        .warning, "the journal of pending changes could not be read; nothing is finished",
        metadata: [LogMetadataKey.error: ErrorChain(error).description])
      return report
    }
    // The local copy is read only when there is a change of the person's to name.
    let cards =
      changes.contains { $0.account == account } ? await copiedCards() : { _ in nil }
    var sendable: [PendingChange] = []
    for change in changes {
      if let reason = change.dropReason(now: now()) {
        // The report is the signed-in person's: another account's is tidied away unsaid.
        if change.account == account {
          report.changes.append(.init(change, card: cards(change), ending: .dropped(reason)))
        }
        await drop(change, because: reason)
      } else if change.account == account {
        sendable.append(change)
      }
    }
    // Of two changes to the same subject only the newer is sent: the older is the person's
    // earlier choice, replaced (logged, not reported as a loss). The rest go in order.
    var newest: [PendingChange.Subject: PendingChange] = [:]
    for change in sendable where newest[change.subject].map(change.isOlder) != true {
      newest[change.subject] = change
    }
    var toSend: [PendingChange] = []
    for change in sendable {
      if newest[change.subject] == change {
        toSend.append(change)
      } else {
        await drop(change, because: .newerChoice)
      }
    }
    for change in toSend {
      // A cancelled caller: the rest are kept for the next start.
      let card = cards(change)
      guard
        let ending = Task.isCancelled
          ? .kept : await finish(change, saying: { await sending(change, card) })
      else { continue }
      report.changes.append(.init(change, card: card, ending: ending))
    }
    return report
  }

  /// Sends one change again, and takes it out once it was answered for good. A change
  /// another run has taken out since this one read the journal (finished, or replaced by a
  /// newer choice) is neither sent, which could undo what that run did, nor reported here:
  /// nil. `saying` is called just before the change is sent.
  private func finish(_ change: PendingChange, saying: () async -> Void) async
    -> FinishedChanges.Ending?
  {
    let (writes, key) = (writes, change.idempotencyKey)
    if let kept = try? await journal.pendingChanges(),
      !kept.contains(where: { $0.idempotencyKey == key })
    {
      logger.log(
        .info, "a pending change was finished or replaced by another run meanwhile; not sent",
        metadata: facts(change))
      return nil
    }
    await saying()
    let ending: FinishedChanges.Ending
    do {
      let (answer, ended): (String, FinishedChanges.Ending) = try await deadline.call {
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
      logger.log(.info, "finished a pending change: \(answer)", metadata: facts(change))
      ending = ended
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
      ending = .refused(.request((error as? RequestFailure)?.kind))
    }
    await takeOut(change)
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
    // Refused before anything is sent, so never the answer to a change the journal kept.
    case .applePayIsNeverDefault, .cardCannotPay: .refused(.request(nil))
    }
  }

  private static func ending(of outcome: UpdateCardOutcome) -> FinishedChanges.Ending {
    switch outcome {
    case .updated: .done
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
