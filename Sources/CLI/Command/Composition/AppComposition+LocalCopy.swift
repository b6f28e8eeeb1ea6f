import DataLayer
import Domain
import Foundation

/// The local copy and the journal in the graph: the changes every use case sends, and
/// finishing, at the start, those an earlier run left.
extension AppComposition {
  /// The changes to a saved card as the use cases send them: written down in the journal
  /// before they are sent (when the run keeps one), and, once the backend agreed, made to
  /// the local copy too.
  func cardWrites() -> any SavedCardWrites {
    let journaled = JournaledCardWrites(
      writes: BackendCardsRepository(client: client), keeper: changesKeeper(),
      turns: subjectTurns)
    return CardWritesUpdatingLocalCopy(journaled, localCopy: keeper())
  }

  /// The person's pending changes: the run's person unless another is named; nil for a
  /// run that keeps none.
  func changesKeeper(for person: String? = nil) -> PendingChangesKeeper? {
    journal.map {
      PendingChangesKeeper(
        store: $0, person: person ?? runPerson, now: environment.now, logger: logger)
    }
  }

  /// The person's local copy, as every use case and write keeps it: the run's person
  /// unless another is named.
  func keeper(for person: String? = nil) -> LocalCopyKeeper {
    LocalCopyKeeper(
      store: localCopy, person: person ?? runPerson, now: environment.now, logger: logger)
  }

  /// What the app does when it starts, before anything loads: the developer log says where
  /// the local copy and the journal are kept; a run that keeps them on files learns whose
  /// session it has (from the device, or else the backend); and that person's changes an
  /// earlier run left in the journal are sent, under their own keys.
  ///
  /// - Parameter sending: called before each change is sent, with its card as the local
  ///   copy last showed it, never when there is nothing to send: the moment to say
  ///   "Finishing your last change: removing Visa •••• 4242…".
  func beforeLoading(
    sending: @escaping @Sendable (PendingChange, PaymentCard?) async -> Void
  ) async -> Start {
    for note in storageNotes { logger.log(note.level, note.text) }
    guard keepsFiles else { return Start(person: runPerson, finished: nil) }
    // A scenario's person is known; a server is asked. (A scenario's `GET /me/status`
    // answers are its journeys' to play, and none is spent here.)
    let person: String?
    if let scenarioPerson {
      person = scenarioPerson
    } else {
      person = await signedInPersonWithinDeadline()
    }
    guard let person else {
      return Start(person: nil, finished: nil)
    }
    // An id the device cannot keep whole would be cut or shared: nothing is kept for it.
    guard canKeepFiles(of: person) else {
      logger.log(
        .warning,
        "the person's id is too long to name their files: nothing is kept or finished for "
          + "this session", metadata: ["bytes": "\(person.utf8.count)"])
      return Start(person: nil, finished: nil, personCannotBeKept: true)
    }
    let finished = await finishPendingChanges(for: person)?.execute(sending: sending)
    return Start(person: person, finished: finished)
  }

  /// What the start found.
  struct Start: Sendable {
    /// Whose session the run has; nil when it cannot be known.
    var person: String?
    /// What finishing that person's pending changes came to; nil for a run without a
    /// journal, or without a person.
    var finished: FinishedChanges?
    /// Whether the backend named a person whose id the device cannot keep whole: then the
    /// run keeps nothing, and says so once.
    var personCannotBeKept = false
  }

  /// Whether the device can keep `person`'s files under their whole id: a folder for
  /// their changes. (Their local copy's file is named the same way, and keeps nothing for
  /// an id too long to name it.)
  private func canKeepFiles(of person: String) -> Bool {
    (journal as? FilePendingChangeStore)?.folder(of: person) != nil || journal == nil
  }

  /// Finishing the person's pending changes: at the start, and again once they have signed
  /// in (a change whose session ended waits for that). Nil for a run without a journal.
  func finishPendingChanges(for person: String? = nil) -> FinishPendingChangesUseCase? {
    guard let pending = changesKeeper(for: person) else { return nil }
    let person = person ?? runPerson
    // Not through `JournaledCardWrites`: each change is in the journal already, with the
    // time it started, and is taken out by the use case once it is answered for good.
    let writes = CardWritesUpdatingLocalCopy(
      BackendCardsRepository(client: client), localCopy: keeper(for: person))
    return FinishPendingChangesUseCase(
      keeper: pending, writes: writes, localCopy: keeper(for: person), now: environment.now,
      budget: deadline, clock: environment.clock, logger: logger)
  }
}
