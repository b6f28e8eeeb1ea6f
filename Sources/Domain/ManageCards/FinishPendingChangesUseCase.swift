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
  private let account: String
  private let now: @Sendable () -> Date
  private let deadline: Deadline
  private let logger: any DeveloperLog

  /// - Parameters:
  ///   - writes: the writes that send the requests, without a journal of their own (not
  ///     `JournaledCardWrites`): the change is in the journal already, with its start time.
  ///   - account: the signed-in person; only their changes are sent.
  ///   - deadline: for each change's request, as for a change the person makes.
  public init(
    journal: any PendingChangeJournal, writes: any SavedCardWrites, account: String,
    now: @escaping @Sendable () -> Date = Date.init,
    deadline: Duration = RemoveCardUseCase.defaultDeadline,
    clock: any Clock<Duration> = ContinuousClock(), logger: any DeveloperLog
  ) {
    self.journal = journal
    self.writes = writes
    self.account = account
    self.now = now
    self.deadline = Deadline(deadline, clock: clock)
    self.logger = logger
  }

  /// Sends the account's pending changes again, and says what became of them.
  ///
  /// - Parameter beforeSending: called once, before the first request, with the number of
  ///   changes about to be sent (never when there is none): the screen's moment to say
  ///   "Finishing your last change…".
  /// - Returns: how many changes were finished, kept and dropped. A cancelled caller stops
  ///   before the next change; the changes not sent are kept, and counted so.
  public func execute(beforeSending: @Sendable (_ count: Int) async -> Void = { _ in }) async
    -> FinishedChanges
  {
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
    var toSend: [PendingChange] = []
    // The journal lists the oldest first: a change met later about the same subject is a
    // newer choice, and replaces the one met before.
    var newest: [PendingChange.Subject: Int] = [:]
    for change in changes {
      if let reason = change.dropReason(now: now()) {
        // The report is the signed-in person's: another account's is tidied away unsaid.
        if change.account == account { report.dropped += 1 }
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
    for (index, change) in toSend.enumerated() {
      if Task.isCancelled {
        report.kept += toSend.count - index
        break
      }
      if await finish(change) { report.finished += 1 } else { report.kept += 1 }
    }
    return report
  }

  /// Sends one change again; true when it was answered for good and taken out.
  private func finish(_ change: PendingChange) async -> Bool {
    let (writes, key) = (writes, change.idempotencyKey)
    do {
      let answer: String = try await deadline.call {
        switch change.kind {
        case .remove(let cardID):
          "\(try await writes.remove(cardID: cardID, idempotencyKey: key))"
        case .makeDefault(let method):
          "\(try await writes.makeDefault(method, idempotencyKey: key))"
        case .updateExpiry(let cardID, let expiry):
          "\(try await writes.updateExpiry(cardID: cardID, to: expiry, idempotencyKey: key))"
        }
      }
      logger.log(.info, "finished a pending change: \(answer)", metadata: facts(change))
    } catch {
      // The caller stopped: kept for the next start, and nothing to report.
      if Task.isCancelled { return false }
      guard PendingChange.isAnsweredForGood(by: error) else {
        logger.log(
          .warning, "a pending change got no answer; it is sent again at the next start",
          metadata: facts(change, error: error))
        return false
      }
      logger.log(
        .warning, "a pending change was answered for good with a failure; it is not sent again",
        metadata: facts(change, error: error))
    }
    await takeOut(change)
    return true
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

/// What finishing the pending changes did, for the screen and the log.
public struct FinishedChanges: Sendable, Equatable {
  /// Answered for good (done, refused, gone…) and taken out of the journal.
  public var finished: Int
  /// No answer for good, or not sent because the caller cancelled: kept for the next start.
  public var kept: Int
  /// The account's changes too old, or dated too far ahead: taken out unsent. (One replaced
  /// by the person's newer choice is taken out too, but not counted: nothing was lost.) (Other
  /// accounts' are taken out too, but not counted: the report is the signed-in person's.)
  public var dropped: Int

  public init(finished: Int = 0, kept: Int = 0, dropped: Int = 0) {
    self.finished = finished
    self.kept = kept
    self.dropped = dropped
  }
}
