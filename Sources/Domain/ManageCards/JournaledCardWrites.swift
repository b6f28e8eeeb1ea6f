import Foundation

/// Saved-card writes written down before they are sent: each change goes into the person's
/// journal (`PendingChangesKeeper`) under the idempotency key its request carries, and what
/// its answer does to it there is the one rule, `PendingChange.fate(after:mayHaveArrivedBefore:)`;
/// what is left at the next start is finished by `FinishPendingChangesUseCase`, under the
/// same key. It wraps the writes the use cases are given, so they stay as they are. The
/// journal is a safety net, not a gate: a change it cannot write down is logged and sent
/// all the same.
///
/// An app without a journal (nil) wraps its writes all the same: whether a change whose
/// answer was lost was made is not known, journal or not (`OutcomeNotKnownYet.isKept`).
public struct JournaledCardWrites: SavedCardWrites {
  private let writes: any SavedCardWrites
  private let keeper: PendingChangesKeeper?
  private let turns: SubjectTurns?

  /// - Parameters:
  ///   - writes: the writes that send the requests, such as `BackendCardsRepository`.
  ///   - keeper: the signed-in person's pending changes; nil where none are kept.
  ///   - turns: the app's one line per subject (`SubjectTurns`): a change is sent only once
  ///     the person's earlier change to the same thing has ended. Nil sends at once.
  public init(
    writes: any SavedCardWrites, keeper: PendingChangesKeeper?, turns: SubjectTurns? = nil
  ) {
    self.writes = writes
    self.keeper = keeper
    self.turns = turns
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

  /// Writes the change down, sends it once its subject's earlier change has ended, and
  /// does to it what its answer says. A change kept
  /// (no answer for good) throws `OutcomeNotKnownYet`, the failure as its cause: not a
  /// failure of the change, not yet. A caller cancelled before anything happened writes
  /// down nothing.
  ///
  /// A request no attempt of which can have reached the backend (offline, unreachable) is
  /// taken out: the screen says the change failed, so the person decides whether to make
  /// it again; finishing it later would do what they were told did not happen.
  private func journaled<Outcome: Sendable>(
    _ kind: PendingChange.Kind, key: String, send: @Sendable () async throws -> Outcome
  ) async throws -> Outcome {
    try Task.checkCancellation()
    let written = await keeper?.add(kind, idempotencyKey: key)
    // One that could not be written down comes after every change kept now, and before
    // any made after it: what its answer may take out.
    let change: PendingChange?
    if let written { change = written } else { change = await unwritten(kind, key: key) }
    let answer: PendingChange.Answer
    let outcome: Outcome
    do {
      if let turns {
        outcome = try await turns.inTurn(for: PendingChange.subject(of: kind), send)
      } else {
        outcome = try await send()
      }
      answer = .outcome
    } catch {
      answer = .failure(error)
      let fate = PendingChange.fate(after: answer, mayHaveArrivedBefore: false)
      await settle(change, isWritten: written != nil, as: fate)
      guard fate == .kept else { throw error }
      throw OutcomeNotKnownYet(failure: error, isKept: written != nil)
    }
    await settle(change, isWritten: written != nil, as: .settled)
    return outcome
  }

  /// A change the journal could not keep, placed just after the person's changes kept now
  /// (none for a journal that cannot be read either); nil without a journal.
  private func unwritten(_ kind: PendingChange.Kind, key: String) async -> PendingChange? {
    guard let keeper else { return nil }
    let highest = await keeper.changes()?.map(\.place).max() ?? 0
    return PendingChange(
      kind, idempotencyKey: key, person: keeper.person, startedAt: .distantPast,
      place: highest == .max ? .max : highest + 1)
  }

  /// Does what the fate says. A change that could not be written down still takes out the
  /// person's older choices once it is answered for good, and nothing else.
  private func settle(_ change: PendingChange?, isWritten: Bool, as fate: PendingChange.Fate)
    async
  {
    guard let keeper, let change else { return }
    if isWritten { return await keeper.settle(change, as: fate) }
    if fate == .settled { await keeper.takeOutOlderChoices(than: change) }
  }
}
