import Foundation

/// Saved-card writes written down before they are sent: each change goes into the journal
/// under the idempotency key its request carries, and comes out once the backend has
/// answered it for good (`PendingChange.isAnsweredForGood(by:)`); what is left at the next
/// start is finished by `FinishPendingChangesUseCase`, under the same key. It wraps the
/// writes the use cases are given, so they stay as they are. The journal is a safety net,
/// not a gate: a change it cannot write down is logged and sent all the same.
public struct JournaledCardWrites: SavedCardWrites {
  private let writes: any SavedCardWrites
  private let journal: any PendingChangeJournal
  private let account: String
  private let now: @Sendable () -> Date
  private let logger: any DeveloperLog

  /// - Parameters:
  ///   - writes: the writes that send the requests, such as `BackendCardsRepository`.
  ///   - account: the signed-in person, as the local copy names them.
  ///   - now: the wall clock, for the time each change started.
  public init(
    writes: any SavedCardWrites, journal: any PendingChangeJournal, account: String,
    now: @escaping @Sendable () -> Date = Date.init, logger: any DeveloperLog
  ) {
    self.writes = writes
    self.journal = journal
    self.account = account
    self.now = now
    self.logger = logger
  }

  public func remove(cardID: String, idempotencyKey: String) async throws -> RemoveCardOutcome {
    try await journaled(.remove(cardID: cardID), key: idempotencyKey) { [writes] in
      try await writes.remove(cardID: cardID, idempotencyKey: idempotencyKey)
    }
  }

  public func makeDefault(_ method: DefaultMethod, idempotencyKey: String) async throws
    -> MakeDefaultOutcome
  {
    try await journaled(.makeDefault(method), key: idempotencyKey) { [writes] in
      try await writes.makeDefault(method, idempotencyKey: idempotencyKey)
    }
  }

  public func updateExpiry(cardID: String, to expiry: CardExpiry, idempotencyKey: String)
    async throws -> UpdateCardOutcome
  {
    try await journaled(.updateExpiry(cardID: cardID, expiry), key: idempotencyKey) {
      [writes] in
      try await writes.updateExpiry(cardID: cardID, to: expiry, idempotencyKey: idempotencyKey)
    }
  }

  /// Writes the change down, sends it, and takes it out again unless the request got no
  /// answer for good; then it throws `OutcomeNotKnownYet`, the failure as its cause. A
  /// caller cancelled before anything happened writes down nothing.
  ///
  /// A request no attempt of which can have reached the backend (offline, unreachable) is
  /// taken out too: the screen said the change failed, so the person decides whether to
  /// make it again; finishing it later would do what they were told did not happen. One
  /// attempt that may have arrived keeps it: the change may have been made.
  private func journaled<Outcome: Sendable>(
    _ kind: PendingChange.Kind, key: String, send: () async throws -> Outcome
  ) async throws -> Outcome {
    try Task.checkCancellation()
    let change = PendingChange(kind, idempotencyKey: key, account: account, startedAt: now())
    var isWrittenDown = true
    do {
      try await journal.add(change)
    } catch {
      isWrittenDown = false
      logger.log(
        .warning, "a change could not be written down before it was sent; it is sent anyway",
        metadata: ["idempotencyKey": key, LogMetadataKey.error: ErrorChain(error).description])
    }
    do {
      let outcome = try await send()
      if isWrittenDown { await takeOut(key) }
      await takeOutOlderChoices(than: change)
      return outcome
    } catch {
      guard isWrittenDown else { throw error }
      // Cancelled (by the caller, or by a deadline): kept, and its outcome not known.
      if error is CancellationError { throw OutcomeNotKnownYet(failure: error) }
      if PendingChange.neverReachedTheBackend(error) {
        // Never made: an older pending choice still stands, and is finished as it was.
        await takeOut(key)
        throw error
      }
      if PendingChange.isAnsweredForGood(by: error) {
        await takeOut(key)
        await takeOutOlderChoices(than: change)
        throw error
      }
      // Kept, and finished at the next start: not a failure of the change, not yet.
      throw OutcomeNotKnownYet(failure: error)
    }
  }

  /// Takes out the person's older pending changes to the same subject, once the newer one
  /// was answered: finished at the next start, they would undo the choice made now. (While
  /// the newer one is itself kept, finishing sends only the newest; one that never reached
  /// the backend leaves the older standing.) Only older ones: a change another run wrote
  /// since is its newer choice, not ours to take out. A journal that cannot be read or
  /// written is logged.
  private func takeOutOlderChoices(than change: PendingChange) async {
    do {
      for older in try await journal.pendingChanges()
      where older.account == change.account && older.subject == change.subject
        && older.isOlder(than: change)
      {
        try await journal.remove(idempotencyKey: older.idempotencyKey)
        logger.log(
          .info, "a pending change was replaced by a newer change to the same",
          metadata: ["idempotencyKey": older.idempotencyKey, "by": change.idempotencyKey])
      }
    } catch {
      logger.log(
        .warning, "older pending changes to the same could not be taken out",
        metadata: [LogMetadataKey.error: ErrorChain(error).description])
    }
  }

  /// A change answered for good but left in the journal is sent again at the next start,
  /// and its key brings back the same answer: worth a warning, not a failure.
  private func takeOut(_ key: String) async {
    do {
      try await journal.remove(idempotencyKey: key)
    } catch {
      logger.log(
        .warning, "a change answered for good could not be taken out of the journal",
        metadata: ["idempotencyKey": key, LogMetadataKey.error: ErrorChain(error).description])
    }
  }
}
