import Domain
import Foundation

/// The journal of pending changes as a folder, `pending-changes/`, in the app's state (not
/// its caches, which may be cleared): a small JSON file per change, named by its key.
///
/// Why runs that overlap never lose a change, with no lock: no two changes share a file, a
/// file is only made whole by a rename and only removed by its key, and nothing is
/// remembered between calls. So no run writes over or removes what another wrote; two that
/// finish the same change send it under one key, and the backend applies it once. A file
/// that is not a change is dropped with a warning and removed.
public struct FilePendingChangeJournal: PendingChangeJournal {
  public static let folderName = "pending-changes"
  /// Where the journal was one file (before one run could lose another's change): its
  /// entries are moved into the folder when the journal is next read, then it is removed.
  static let earlierFileName = "pending-changes.json"

  /// The journal's folder, for the developer log.
  public let folder: URL
  private let earlierFile: URL
  private let logger: any DeveloperLog

  public init(directory: URL, logger: any DeveloperLog) {
    folder = directory.appendingPathComponent(Self.folderName, isDirectory: true)
    earlierFile = directory.appendingPathComponent(Self.earlierFileName, isDirectory: false)
    self.logger = logger
  }

  /// Every readable change in the folder, the oldest first.
  public func pendingChanges() async throws -> [PendingChange] {
    moveEarlierFile()
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    } catch {
      if (error as? CocoaError)?.code == .fileReadNoSuchFile { return [] }
      throw SmallFile.Problem(reason: "cannot be read: \(SmallFile.describe(error))")
    }
    // A name that starts with "." is a file Foundation is still writing, before its rename.
    let entries = names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }
    return entries.compactMap(read).sorted {
      ($0.startedAt, $0.idempotencyKey) < ($1.startedAt, $1.idempotencyKey)
    }
  }

  /// Throws when the change cannot be kept: one the journal could not read back (a
  /// malformed key, account or card id), or a file that cannot be written (a read-only or
  /// full disk).
  public func add(_ change: PendingChange) async throws {
    let record = PendingChangeRecord(change)
    _ = try record.change()
    try write(record)
  }

  private func write(_ record: PendingChangeRecord) throws {
    let data = try FileFormat.encoder().encode(JournalEntryFile(change: record))
    try SmallFile(url: try file(key: record.idempotencyKey)).replace(with: data)
  }

  public func remove(idempotencyKey: String) async throws {
    try SmallFile(url: try file(key: idempotencyKey)).remove()
  }

  /// The change's file: its key, escaped (`SmallFile.namePart`).
  private func file(key: String) throws(SmallFile.Problem) -> URL {
    guard let name = SmallFile.namePart(key) else {
      throw SmallFile.Problem(reason: "an idempotency key too long for a file name")
    }
    return folder.appendingPathComponent(name + ".json", isDirectory: false)
  }

  /// The change in the file named `name`, or nil, with a warning, for one that is not.
  private func read(_ name: String) -> PendingChange? {
    let file = folder.appendingPathComponent(name, isDirectory: false)
    do throws(SmallFile.Problem) {
      // Taken out since the folder was listed, by a run that finished it: not an entry.
      guard let data = try SmallFile(url: file).read() else { return nil }
      let entry = try FileFormat.decode(
        JournalEntryFile.self, version: JournalEntryFile.currentVersion, from: data)
      return try entry.change.change()
    } catch {
      logger.log(
        .warning, "dropped an entry of the journal of pending changes: \(error.reason)",
        metadata: ["file": file.path])
      try? SmallFile(url: file).remove()
      return nil
    }
  }

  /// Moves the entries of the journal's earlier file, if one is left, into the folder, and
  /// removes it. Two runs that move it at once write the same files, under the same keys.
  private func moveEarlierFile() {
    let earlier = SmallFile(url: earlierFile)
    let entries: [JournalFileReading.Lenient]
    do throws(SmallFile.Problem) {
      guard let data = try earlier.read() else { return }
      entries = try FileFormat.decode(
        JournalFileReading.self, version: JournalFileReading.version, from: data
      ).changes
    } catch {
      logger.log(
        .warning, "the journal's earlier file cannot be read; it is removed",
        metadata: [LogMetadataKey.error: error.reason, "file": earlierFile.path])
      try? earlier.remove()
      return
    }
    for (index, entry) in entries.enumerated() {
      guard let record = entry.record, (try? record.change()) != nil else {
        logger.log(
          .warning, "dropped an entry of the journal's earlier file: it is not a change",
          metadata: ["entry": "\(index)", "file": earlierFile.path])
        continue
      }
      do {
        try write(record)
      } catch {
        // Left where it is, to be moved at the next read: a change is never dropped here.
        logger.log(
          .warning, "an entry of the journal's earlier file could not be moved",
          metadata: [LogMetadataKey.error: "\(error)", "file": earlierFile.path])
        return
      }
    }
    try? earlier.remove()
  }
}
