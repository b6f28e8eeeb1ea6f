import Foundation

/// The one owner of a person's pending changes (`PendingChange`), as `LocalCopyKeeper` owns
/// their local copy: made for one person, it writes a change down, gives the person's
/// changes in the order they were made, and takes one out as its answer says
/// (`PendingChange.fate(after:mayHaveArrivedBefore:)`). Nothing else reads or writes the
/// store: `JournaledCardWrites` and `FinishPendingChangesUseCase` ask it, and so does the
/// terminal program when it says what became of a change the person left waiting.
///
/// Only the person's own changes are ever read, sent or taken out: another person's, even
/// one too old to send, stays until their own next start, which says what became of it.
/// Every failure of the store is logged here, once, and fails no caller: the journal is a
/// safety net, not a gate.
public struct PendingChangesKeeper: Sendable {
  /// The person whose changes these are, compared byte for byte by the store.
  public let person: String
  private let store: any PendingChangeStore
  private let now: @Sendable () -> Date
  private let logger: any DeveloperLog

  /// - Parameter now: the wall clock, for the time a change started: how old it is.
  public init(
    store: any PendingChangeStore, person: String,
    now: @escaping @Sendable () -> Date = Date.init, logger: any DeveloperLog
  ) {
    self.store = store
    self.person = person
    self.now = now
    self.logger = logger
  }

  /// The person's changes, the oldest first (by `PendingChange.place`); nil, logged, when
  /// the store cannot be read.
  public func changes() async -> [PendingChange]? {
    do {
      let changes = try await store.changes(of: person)
      return changes.sorted { $0.isOlder(than: $1) }
    } catch {
      logger.log(
        .warning, "the journal of pending changes could not be read",
        metadata: [LogMetadataKey.error: ErrorChain(error).description])
      return nil
    }
  }

  /// Writes a change down before it is sent, at a place after every change of the person's
  /// kept now; nil, with a warning, when it cannot be kept (it is sent all the same).
  func add(_ kind: PendingChange.Kind, idempotencyKey: String) async -> PendingChange? {
    let change = PendingChange(
      kind, idempotencyKey: idempotencyKey, person: person, startedAt: now())
    do {
      return try await store.add(change)
    } catch {
      logger.log(
        .warning, "a change could not be written down before it was sent; it is sent anyway",
        metadata: [
          "idempotencyKey": idempotencyKey, LogMetadataKey.error: ErrorChain(error).description,
        ])
      return nil
    }
  }

  /// Whether `change` is still kept; one another run took out since (finished, or replaced
  /// by a newer choice) must not be sent again. A store that cannot say counts as kept.
  func isKept(_ change: PendingChange) async -> Bool {
    (try? await store.contains(change)) ?? true
  }

  /// Does to `change` what its fate says: keeps it, takes it out, or takes it out with the
  /// person's older choices to the same subject.
  ///
  /// - Parameter known: the person's changes as the caller read them, where it read them
  ///   already (finishing, which takes out every older choice before it sends): older
  ///   choices are looked for there, and the store is not read again. Nil reads it.
  func settle(
    _ change: PendingChange, as fate: PendingChange.Fate, known: [PendingChange]? = nil
  ) async {
    switch fate {
    case .kept: return
    case .takenOut: await takeOut(change)
    case .settled:
      await takeOut(change)
      await takeOutOlderChoices(than: change, known: known)
    }
  }

  /// Takes out the person's changes to the same subject made before `change`: sent later,
  /// they would undo it. Only older ones: a change another run wrote since is its newer
  /// choice, not ours to take out.
  func takeOutOlderChoices(than change: PendingChange, known: [PendingChange]? = nil) async {
    let read: [PendingChange]?
    if let known { read = known } else { read = await changes() }
    guard let changes = read else { return }
    for older in changes where older.subject == change.subject && older.isOlder(than: change) {
      await takeOut(older)
      logger.log(
        .info, "a pending change was replaced by a newer change to the same",
        metadata: ["idempotencyKey": older.idempotencyKey, "by": change.idempotencyKey])
    }
  }

  /// Takes `change` out. One left in the journal is sent again at the next start, and its
  /// key brings back the same answer: worth a warning, not a failure.
  func takeOut(_ change: PendingChange) async {
    do {
      try await store.remove(change)
    } catch {
      logger.log(
        .warning, "a pending change could not be taken out of the journal",
        metadata: [
          "idempotencyKey": change.idempotencyKey,
          LogMetadataKey.error: ErrorChain(error).description,
        ])
    }
  }
}
