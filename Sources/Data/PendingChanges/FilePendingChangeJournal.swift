import Domain
import Foundation

/// The journal of pending changes in one small JSON file, `pending-changes.json`, in a
/// directory the app chooses (its state, not its caches: a cache may be cleared, and a
/// change with it). The file is written whole by `SmallFile`: atomic replace, 1 MiB at most.
///
/// An actor: calls from any task are taken one at a time. The file is read at the first
/// call, and every change is written through at once. An entry that cannot be read (an
/// unknown kind, a malformed key) is dropped with a warning and the others kept; a file
/// that cannot be read at all counts as empty, with one warning. Either is gone from the
/// file at the next write.
///
/// Make one for the app and share it: what it read is its own, so two journals on the same
/// file, in one process or two, could each write over the other's entries. The worst that
/// does is a change not finished at the next start, never one applied twice, since every
/// entry carries its key.
public actor FilePendingChangeJournal: PendingChangeJournal {
  public static let fileName = "pending-changes.json"

  /// The journal's file, for the developer log.
  public nonisolated let file: URL
  private let logger: any DeveloperLog
  /// Nil until the file is read.
  private var changes: [PendingChange]?

  public init(directory: URL, logger: any DeveloperLog) {
    file = directory.appendingPathComponent(Self.fileName, isDirectory: false)
    self.logger = logger
  }

  public func pendingChanges() async throws -> [PendingChange] {
    loaded()
  }

  /// Throws when the change cannot be kept: one the journal could not read back (a
  /// malformed key, account or card id), or a file that cannot be written (a read-only or
  /// full disk, or the journal at its size limit).
  public func add(_ change: PendingChange) async throws {
    _ = try PendingChangeRecord(change).change()
    try write(loaded().filter { $0.idempotencyKey != change.idempotencyKey } + [change])
  }

  public func remove(idempotencyKey: String) async throws {
    let kept = loaded()
    guard kept.contains(where: { $0.idempotencyKey == idempotencyKey }) else { return }
    try write(kept.filter { $0.idempotencyKey != idempotencyKey })
  }

  /// Replaces the file, and then what is remembered of it: a write that fails changes
  /// neither.
  private func write(_ changes: [PendingChange]) throws {
    let records = JournalFile(changes: changes.map(PendingChangeRecord.init))
    try SmallFile(url: file).replace(with: try FileFormat.encoder().encode(records))
    self.changes = changes
  }

  private func loaded() -> [PendingChange] {
    if let changes { return changes }
    let read = readFile()
    changes = read
    return read
  }

  private func readFile() -> [PendingChange] {
    let entries: [JournalFileReading.Lenient]
    do throws(SmallFile.Problem) {
      guard let data = try SmallFile(url: file).read() else { return [] }
      entries = try FileFormat.decode(
        JournalFileReading.self, version: JournalFile.currentVersion, from: data
      ).changes
    } catch {
      logger.log(
        .warning, "the journal of pending changes cannot be read; it counts as empty",
        metadata: [LogMetadataKey.error: error.reason, "file": file.path])
      return []
    }
    var changes: [PendingChange] = []
    for (index, entry) in entries.enumerated() {
      do throws(SmallFile.Problem) {
        guard let record = entry.record else {
          throw SmallFile.Problem(reason: entry.problem ?? "not a change")
        }
        changes.append(try record.change())
      } catch {
        logger.log(
          .warning, "dropped an entry of the journal of pending changes: \(error.reason)",
          metadata: ["entry": "\(index)", "file": file.path])
      }
    }
    return changes
  }
}
