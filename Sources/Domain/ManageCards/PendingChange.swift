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
  /// Whose change it is, as the saved list names the signed-in person: a change is only
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
}

/// Where pending changes are kept between runs. The Data layer keeps them in a small file
/// beside the app's state; tests keep them in memory.
public protocol PendingChangeJournal: Sendable {
  /// The pending changes of every account, in the order they were written down. An entry that cannot be read (an
  /// unknown kind, a malformed key) is dropped and logged by the journal, never returned.
  func pendingChanges() async throws -> [PendingChange]
  /// Writes the change down, replacing one with the same key; returns once it is kept.
  func add(_ change: PendingChange) async throws
  /// Takes the change with this key out; a key not kept is not an error.
  func remove(idempotencyKey: String) async throws
}

extension PendingChange {
  /// Whether a write that failed with `error` was answered for good: the backend's answer
  /// settles the change, and sending it again under its key would only get that answer
  /// again. Every outcome a write returns (done, refused, gone, invalid, declined) is one;
  /// of the failures, these are:
  ///
  /// - an ended session, an account not verified or locked, an outdated app: the backend
  ///   refused the request itself and did nothing; the person decides anew once they can;
  /// - `unexpectedAnswer`: a status the backend meant (a 400, a 409 with a code this app
  ///   has no name for);
  /// - `malformedResponse`, `responseTooLarge`: the backend answered, and its key would
  ///   replay the same unreadable answer.
  ///
  /// The rest got no answer that settles anything, so the change is kept and sent again at
  /// the next start: a transport failure or a timeout (the request may have reached the
  /// backend, and its answer was lost), a 429 or a 5xx (not now: the change is not done),
  /// the deadline passed or the caller cancelled (the answer was not waited for), and any
  /// error nobody classified (whether the request went out is not known). Sending any of
  /// them again is safe: the key makes the backend apply a change once.
  static func isAnsweredForGood(by error: any Error) -> Bool {
    guard let failure = error as? RequestFailure else { return false }
    switch failure.kind {
    case .sessionEnded, .userNotVerified, .userLocked, .appOutdated, .unexpectedAnswer,
      .malformedResponse, .responseTooLarge:
      return true
    case .offline, .timedOut, .connectionLost, .serverUnreachable, .insecureConnection,
      .cancelledBelow, .rateLimited, .serviceUnavailable:
      return false
    }
  }
}
