import Domain
import Foundation

/// A journal of pending changes kept in memory: what a test starts from, and what it reads
/// back. It can be told to fail, as a full disk would.
public actor InMemoryJournal: PendingChangeJournal {
  /// What it throws when told to fail.
  public struct Failure: Error, Equatable {}

  private var kept: [PendingChange]
  private let failsToWrite: Bool
  private let failsToRead: Bool

  public init(
    _ changes: [PendingChange] = [], failsToWrite: Bool = false, failsToRead: Bool = false
  ) {
    kept = changes
    self.failsToWrite = failsToWrite
    self.failsToRead = failsToRead
  }

  /// What is kept now, whether or not reading is set to fail.
  public var changes: [PendingChange] { kept }

  public func pendingChanges() async throws -> [PendingChange] {
    if failsToRead { throw Failure() }
    return kept
  }

  public func add(_ change: PendingChange) async throws {
    if failsToWrite { throw Failure() }
    kept = kept.filter { $0.idempotencyKey != change.idempotencyKey } + [change]
  }

  public func remove(idempotencyKey: String) async throws {
    if failsToWrite { throw Failure() }
    kept.removeAll { $0.idempotencyKey == idempotencyKey }
  }
}
