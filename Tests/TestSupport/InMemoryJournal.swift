import Domain
import Foundation

/// Pending changes kept in memory: what a test starts from, and what it reads back. It
/// gives places as the file store does, after every change of the person's kept now, and
/// compares people byte for byte. It can be told to fail, as a full disk would.
public actor InMemoryJournal: PendingChangeStore {
  /// What it throws when told to fail.
  public struct Failure: Error, Equatable {}

  private var kept: [PendingChange]
  /// The last place given: never given again, as on files.
  private var lastPlace: Int
  private let failsToWrite: Bool
  private let failsToRead: Bool

  /// - Parameter changes: kept from the start, at the places they name; a change whose
  ///   place is 0 gets the next one, in the order given.
  public init(
    _ changes: [PendingChange] = [], failsToWrite: Bool = false, failsToRead: Bool = false
  ) {
    var placed: [PendingChange] = []
    for var change in changes {
      if change.place == 0 { change.place = (placed.map(\.place).max() ?? 0) + 1 }
      placed.append(change)
    }
    kept = placed
    lastPlace = placed.map(\.place).max() ?? 0
    self.failsToWrite = failsToWrite
    self.failsToRead = failsToRead
  }

  /// Everyone's changes kept now, in their places' order, whether or not reading is set
  /// to fail.
  public var changes: [PendingChange] { kept.sorted { $0.place < $1.place } }

  public func changes(of person: String) async throws -> [PendingChange] {
    if failsToRead { throw Failure() }
    return kept.filter { $0.person.utf8.elementsEqual(person.utf8) }
  }

  public func add(_ change: PendingChange) async throws -> PendingChange {
    if failsToWrite { throw Failure() }
    var placed = change
    lastPlace = max(lastPlace, kept.map(\.place).max() ?? 0) + 1
    placed.place = lastPlace
    kept.append(placed)
    return placed
  }

  public func contains(_ change: PendingChange) async throws -> Bool {
    if failsToRead { throw Failure() }
    return kept.contains { $0.place == change.place && $0.idempotencyKey == change.idempotencyKey }
  }

  public func remove(_ change: PendingChange) async throws {
    if failsToWrite { throw Failure() }
    kept.removeAll { $0.place == change.place && $0.idempotencyKey == change.idempotencyKey }
  }
}
