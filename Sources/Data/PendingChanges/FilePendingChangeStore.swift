import Domain
import Foundation

/// Pending changes on files, in the app's state: `pending-changes/<person>/<place>.json`,
/// a folder per person (their id escaped byte for byte, `SmallFile.namePart`) and a file
/// per change, named by its place in the person's order. It keeps bytes and knows no rule
/// (those are `PendingChangesKeeper`'s); a file it cannot read is left as it is, and
/// logged once a run.
///
/// Runs at once, with no lock: a place is claimed by making its file exclusively, made
/// whole by a rename, and never given twice (a change taken out leaves `<place>.done`
/// until a later place is claimed), so a file only ever holds the change it was made for.
public struct FilePendingChangeStore: PendingChangeStore {
  public static let folderName = "pending-changes"

  /// The journal's folder, for the developer log.
  public let folder: URL
  private let logger: any DeveloperLog
  private let warned = WarnedFiles()

  public init(directory: URL, logger: any DeveloperLog) {
    folder = directory.appendingPathComponent(Self.folderName, isDirectory: true)
    self.logger = logger
  }

  /// The folder of `person`'s changes; nil for an id too long to name a folder: nothing
  /// can be kept for it.
  public func folder(of person: String) -> URL? {
    SmallFile.namePart(person).map { folder.appendingPathComponent($0, isDirectory: true) }
  }

  public func changes(of person: String) async throws -> [PendingChange] {
    guard let folder = folder(of: person) else { return [] }
    var changes: [PendingChange] = []
    for (place, name) in try places(in: folder) {
      if let change = await read(name, place: place, in: folder, of: person) {
        changes.append(change)
      }
    }
    return changes
  }

  /// Throws when the change cannot be kept: one the store could not read back (a
  /// malformed key, person or card id), an id too long for a folder's name, or a file
  /// that cannot be written (a read-only or full disk).
  public func add(_ change: PendingChange) async throws -> PendingChange {
    let record = PendingChangeRecord(change)
    _ = try record.change(place: 0)
    guard let folder = folder(of: change.person) else {
      throw SmallFile.Problem(reason: "a person's id too long for a folder's name")
    }
    let data = try FileFormat.encoder().encode(JournalEntryFile(change: record))
    let place = try claimPlace(in: folder)
    do {
      try SmallFile(url: Self.file(place, in: folder)).replace(with: data)
    } catch {
      try? retire(place, in: folder)
      throw error
    }
    var kept = change
    kept.place = place
    return kept
  }

  public func contains(_ change: PendingChange) async throws -> Bool {
    guard let folder = folder(of: change.person) else { return false }
    return try key(at: change.place, in: folder) == change.idempotencyKey
  }

  public func remove(_ change: PendingChange) async throws {
    guard let folder = folder(of: change.person),
      try key(at: change.place, in: folder) == change.idempotencyKey
    else { return }
    try retire(change.place, in: folder)
  }

  /// Takes the change at `place` out, leaving its marker, so that the place is never given
  /// again: a later change always gets a later place, whatever was taken out meanwhile.
  private func retire(_ place: Int, in folder: URL) throws {
    let marker = Self.marker(place, in: folder)
    do {
      try FileManager.default.moveItem(at: Self.file(place, in: folder), to: marker)
    } catch CocoaError.fileNoSuchFile, CocoaError.fileReadNoSuchFile {
      return  // Taken out already.
    }
  }

  /// The places kept in `folder`, with their files' names; none when it is missing. A
  /// name that is no place (a file Foundation is still writing starts with ".") is no entry
  /// of this version's, and is left alone.
  private func places(in folder: URL) throws -> [(Int, String)] {
    try names(in: folder).compactMap { name in Self.place(named: name).map { ($0, name) } }
  }

  /// The names in `folder`; none when it is missing.
  private func names(in folder: URL) throws -> [String] {
    do {
      return try FileManager.default.contentsOfDirectory(atPath: folder.path)
    } catch {
      if (error as? CocoaError)?.code == .fileReadNoSuchFile { return [] }
      throw SmallFile.Problem(reason: "cannot be read: \(SmallFile.describe(error))")
    }
  }

  /// Removes markers below the highest place: only the highest keeps places from being
  /// given again. One another run removed first is no matter.
  private func tidy(_ markers: [Int], in folder: URL) {
    for place in markers { try? FileManager.default.removeItem(at: Self.marker(place, in: folder)) }
  }

  /// Claims the first free place after every one in `folder` by making its file, empty,
  /// exclusively: a run that claims the same place at the same moment gets the next one.
  private func claimPlace(in folder: URL) throws -> Int {
    try FileManager.default.createDirectory(
      at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    let names = try names(in: folder)
    let markers = names.compactMap { Self.place(named: $0, suffix: ".done") }
    let highest = (names.compactMap { Self.place(named: $0) } + markers).max() ?? 0
    defer { tidy(markers.filter { $0 < highest }, in: folder) }
    var place = highest
    for _ in 0..<64 {
      // A name from the disk may be the largest number there is: no place after it.
      let (next, overflows) = place.addingReportingOverflow(1)
      guard !overflows else { break }
      place = next
      do {
        try Data().write(to: Self.file(place, in: folder), options: .withoutOverwriting)
        return place
      } catch CocoaError.fileWriteFileExists {
        continue
      }
    }
    throw SmallFile.Problem(reason: "no free place in the journal")
  }

  /// The key of the change at `place`, or nil for none (or one being written).
  private func key(at place: Int, in folder: URL) throws -> String? {
    guard let data = try SmallFile(url: Self.file(place, in: folder)).read(), !data.isEmpty
    else { return nil }
    return try FileFormat.decode(
      JournalEntryFile.self, version: JournalEntryFile.currentVersion, from: data
    ).change.idempotencyKey
  }

  /// The change in the file named `name`, or nil for one being written, or, logged once,
  /// for one that is not a change of `person`'s this version can read.
  private func read(_ name: String, place: Int, in folder: URL, of person: String) async
    -> PendingChange?
  {
    let file = folder.appendingPathComponent(name, isDirectory: false)
    do throws(SmallFile.Problem) {
      // Taken out since the folder was listed, or claimed and not yet written.
      guard let data = try SmallFile(url: file).read(), !data.isEmpty else { return nil }
      let entry = try FileFormat.decode(
        JournalEntryFile.self, version: JournalEntryFile.currentVersion, from: data)
      let change = try entry.change.change(place: place)
      guard change.person.utf8.elementsEqual(person.utf8) else {
        throw SmallFile.Problem(reason: "another person's change in this person's folder")
      }
      return change
    } catch {
      if await warned.isFirst(file.path) {
        logger.log(
          .warning,
          "an entry of the journal of pending changes cannot be read; it is left as it is: "
            + error.reason, metadata: ["file": file.path])
      }
      return nil
    }
  }

  /// A place's file is named by its number, with no leading zero: one name per place.
  private static func file(_ place: Int, in folder: URL) -> URL {
    folder.appendingPathComponent("\(place).json", isDirectory: false)
  }

  /// The marker a place taken out leaves.
  private static func marker(_ place: Int, in folder: URL) -> URL {
    folder.appendingPathComponent("\(place).done", isDirectory: false)
  }

  /// The place a file's name says, or nil for a name that is not one.
  private static func place(named name: String, suffix: String = ".json") -> Int? {
    guard name.hasSuffix(suffix) else { return nil }
    let digits = name.dropLast(suffix.count)
    guard digits.first != "0", digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
      return nil
    }
    return Int(digits).flatMap { $0 > 0 ? $0 : nil }
  }
}

/// The files a store has warned about this run: each is said once.
private actor WarnedFiles {
  private var paths: Set<String> = []

  func isFirst(_ path: String) -> Bool {
    paths.insert(path).inserted
  }
}
