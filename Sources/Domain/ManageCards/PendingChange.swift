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
  /// ever sent again for the account that made it, never under someone else's session.
  public var account: String
  /// When the change was first sent: the backend forgets its keys after a day.
  public var startedAt: Date

  public init(_ kind: Kind, idempotencyKey: String, account: String, startedAt: Date) {
    self.kind = kind
    self.idempotencyKey = idempotencyKey
    self.account = account
    self.startedAt = startedAt
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

  public var subject: Subject {
    switch kind {
    case .remove(let cardID): .removal(cardID: cardID)
    case .makeDefault: .defaultMethod
    case .updateExpiry(let cardID, _): .expiry(cardID: cardID)
    }
  }

  /// Whether this change was made before `other`: by when it started, then by its key, so
  /// that any two changes compare the same way in every run.
  public func isOlder(than other: PendingChange) -> Bool {
    (startedAt, idempotencyKey) < (other.startedAt, other.idempotencyKey)
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

/// Where pending changes are kept between runs. The Data layer keeps them in a small file
/// beside the app's state; tests keep them in memory.
public protocol PendingChangeJournal: Sendable {
  /// The pending changes of every account, in the order they were written down. An entry
  /// that cannot be read (an unknown kind, a malformed key) is dropped and logged by the
  /// journal, never returned.
  func pendingChanges() async throws -> [PendingChange]
  /// Writes the change down, replacing one with the same key; returns once it is kept.
  func add(_ change: PendingChange) async throws
  /// Takes the change with this key out; a key not kept is not an error.
  func remove(idempotencyKey: String) async throws
}

extension PendingChange {
  /// Whether a write that failed with `error` was answered for good
  /// (`RequestFailure.Kind.answersAWriteForGood`), so that sending it again under its key
  /// would only get the same answer. Every outcome a write returns is one too; an
  /// unclassified error is not. docs/ERRORS.md tells the whole story.
  static func isAnsweredForGood(by error: any Error) -> Bool {
    (error as? RequestFailure)?.kind.answersAWriteForGood ?? false
  }

  /// Whether no attempt of a write that failed with `error` can have reached the backend
  /// (`RequestFailure.neverReachedTheBackend`): the change was not made, and the person was
  /// told so. One attempt that may have arrived is enough to keep the change.
  static func neverReachedTheBackend(_ error: any Error) -> Bool {
    (error as? RequestFailure)?.neverReachedTheBackend ?? false
  }
}
