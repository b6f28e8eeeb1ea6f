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
  /// When the change was first sent: the backend forgets its keys after a day.
  public var startedAt: Date

  public init(_ kind: Kind, idempotencyKey: String, startedAt: Date) {
    self.kind = kind
    self.idempotencyKey = idempotencyKey
    self.startedAt = startedAt
  }
}

/// Where pending changes are kept between runs. The Data layer keeps them in a small file
/// beside the app's state; tests keep them in memory.
public protocol PendingChangeJournal: Sendable {
  /// The pending changes, oldest first. An entry that cannot be read (an unknown kind, a
  /// malformed key) is dropped and logged by the journal, never returned.
  func pendingChanges() async throws -> [PendingChange]
  /// Writes the change down; returns once it is kept.
  func add(_ change: PendingChange) async throws
  /// Takes the change with this key out; a key not kept is not an error.
  func remove(idempotencyKey: String) async throws
}
