import Foundation

/// A change to a saved card that was written down before its request was sent, and is kept
/// until the backend has answered it for good (done, refused, gone). One left behind by an
/// app that was killed, or by a request that got no answer, is sent again under the same
/// idempotency key when the app next starts, so the backend applies it once.
///
/// Adding a card is never a pending change: its number is never written down.
public struct PendingChange: Sendable, Equatable {
  public enum Kind: Sendable, Equatable {
    case remove(cardID: String)
    case makeDefault(DefaultMethod)
    case updateExpiry(cardID: String, CardExpiry)
  }

  public var kind: Kind
  public var idempotencyKey: String
  /// Whose change it is, as the local copy names the signed-in person: a change is only
  /// ever sent again for the person that made it, never under someone else's session.
  public var person: String
  /// When the change was first sent: the backend forgets its keys after a day. It says how
  /// old the change is, never which change came first: a clock can be set back or ahead.
  public var startedAt: Date
  /// The change's place in the order its person made their changes, given by the device
  /// when the change is written down (`PendingChangeStore.add`): after every change of
  /// theirs kept then, the same in every run, whatever the clock says. Zero until then.
  public var place: Int

  public init(
    _ kind: Kind, idempotencyKey: String, person: String, startedAt: Date, place: Int = 0
  ) {
    self.kind = kind
    self.idempotencyKey = idempotencyKey
    self.person = person
    self.startedAt = startedAt
    self.place = place
  }

  /// What a change changes. Two changes to the same subject are two choices of the person,
  /// and only the newer one may be sent: finishing the older would undo it.
  public enum Subject: Hashable, Sendable {
    /// Which method is the default way to pay.
    case defaultMethod
    /// One card's expiry.
    case expiry(cardID: String)
    /// Whether one card is kept.
    case removal(cardID: String)
  }

  public var subject: Subject { Self.subject(of: kind) }

  /// What a change of `kind` changes.
  public static func subject(of kind: Kind) -> Subject {
    switch kind {
    case .remove(let cardID): .removal(cardID: cardID)
    case .makeDefault: .defaultMethod
    case .updateExpiry(let cardID, _): .expiry(cardID: cardID)
    }
  }

  /// Whether this change was made before `other`, by their places: the device's order,
  /// never the clock's.
  public func isOlder(than other: PendingChange) -> Bool {
    place < other.place
  }

  /// Why a change may not be sent, found before any request.
  public enum DropReason: Sendable, Equatable {
    /// Made `FreshnessPolicy.maximumAge` ago or more: the backend has forgotten its key,
    /// and sent without it the change could undo one made since.
    case tooOld
    /// Dated further ahead than `clockTolerance`: its age cannot be known.
    case fromTheFuture
    /// The person has made a newer choice about the same subject since.
    case newerChoice
  }

  /// How far ahead of the clock a change may be dated and still be sent: two devices' clocks,
  /// or one set back a little, differ by seconds, not by minutes.
  public static let clockTolerance = Duration.seconds(5 * 60)

  /// Whether the change is too old, or too far in the future, to be sent `now`
  /// (`FreshnessPolicy`); nil when it may be sent.
  public func dropReason(now: Date) -> DropReason? {
    switch FreshnessPolicy.age(of: startedAt, now: now, tolerance: Self.clockTolerance) {
    case .fresh: nil
    case .tooOld: .tooOld
    case .fromTheFuture: .fromTheFuture
    }
  }
}

/// Where a person's pending changes are kept between runs: the Data layer keeps each in a
/// small file of its own, tests keep them in memory. A store keeps entries and knows no
/// rule: which change comes first, which one an answer takes out, and what is too old to
/// send are `PendingChangesKeeper`'s, its one caller.
public protocol PendingChangeStore: Sendable {
  /// The changes kept for `person` (compared byte for byte), in no promised order. An
  /// entry the store cannot read (another version's, a damaged one) is left as it is,
  /// logged by the store, and not returned.
  func changes(of person: String) async throws -> [PendingChange]
  /// Keeps `change` for its person at a place after every change of theirs kept now, and
  /// returns it with that place (`PendingChange.place`), once it is kept.
  func add(_ change: PendingChange) async throws -> PendingChange
  /// Whether `change` is still kept: another run may have taken it out since it was read.
  func contains(_ change: PendingChange) async throws -> Bool
  /// Takes `change` out; one no longer kept is not an error, and an entry that took its
  /// place since is left alone.
  func remove(_ change: PendingChange) async throws
}

extension PendingChange {
  /// What an answer does to a change once it is written down: the one rule, for a change
  /// the person makes now and for one finished at a later start alike. docs/ERRORS.md
  /// tells the whole story.
  public enum Fate: Sendable, Equatable {
    /// No answer for good yet (a timeout, a lost connection, a 5xx, an ended session, a
    /// caller that left): kept, and sent again under its key.
    case kept
    /// Not made, and the person was told so: no attempt can have reached the backend, now
    /// or before. Taken out; an older choice to the same subject still stands.
    case takenOut
    /// Answered for good (any outcome, or `RequestFailure.Kind.answersAWriteForGood`):
    /// taken out, with the person's older choices to the same subject, which sent later
    /// would undo it.
    case settled
  }

  /// What a write came to, as the rule reads it.
  public enum Answer: Sendable {
    /// The backend answered on purpose (an outcome, whichever).
    case outcome
    /// The request failed.
    case failure(any Error)
  }

  /// The change's fate after `answer`.
  ///
  /// - Parameter mayHaveArrivedBefore: whether an earlier run may have sent the change
  ///   already (true for one finished at a start): then a request that cannot reach the
  ///   backend now says nothing of whether it was made, and the change is kept.
  public static func fate(after answer: Answer, mayHaveArrivedBefore: Bool) -> Fate {
    switch answer {
    case .outcome: return .settled
    case .failure(let error):
      if error is CancellationError { return .kept }
      guard let failure = error as? RequestFailure else { return .kept }
      if failure.kind.answersAWriteForGood { return .settled }
      if failure.neverReachedTheBackend, !mayHaveArrivedBefore { return .takenOut }
      return .kept
    }
  }
}
