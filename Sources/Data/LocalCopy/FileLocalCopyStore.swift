import Domain
import Foundation

/// The local copy of each signed-in person, one plain JSON file each in a directory the
/// app chooses (its caches, say): `LocalCopyFile`, written whole by `SmallFile` (atomic
/// replace, 1 MiB at most, on iOS readable only while the device is unlocked).
///
/// A file that is there but cannot be read (damaged, truncated, another format version,
/// too large, a directory in its place, no permission) is `LocalCopyUnreadable`, with the
/// reason; `LocalCopyKeeper` logs it and loads as if nothing was kept. The store itself logs
/// nothing. A save that fails (a read-only or full disk) throws, for the caller to log.
///
/// Any number of stores, in any number of processes, may share a directory: each save
/// renames a whole file into place, so a reader always finds one writer's list, whole.
public struct FileLocalCopyStore: LocalCopyStore {
  public let directory: URL

  public init(directory: URL) {
    self.directory = directory
  }

  public func load(person: String) async throws -> LocalCopy? {
    guard let file = file(person: person) else { return nil }
    do throws(SmallFile.Problem) {
      guard let data = try SmallFile(url: file).read() else { return nil }
      let records = try FileFormat.decode(
        LocalCopyFile.self, version: LocalCopyFile.currentVersion, from: data)
      return try records.localCopy()
    } catch {
      throw LocalCopyUnreadable(reason: error.reason)
    }
  }

  public func save(_ list: LocalCopy, person: String) async throws {
    guard let file = file(person: person) else {
      throw SmallFile.Problem(reason: "the person's id is too long for a file name")
    }
    let data = try FileFormat.encoder().encode(LocalCopyFile(list))
    try SmallFile(url: file).replace(with: data)
  }

  public func delete(person: String) async throws {
    guard let file = file(person: person) else { return }
    try SmallFile(url: file).remove()
  }

  /// Where the person's list is kept, for the developer log; nil for a person whose id
  /// is too long to be a file's (nothing is kept for it). The name is the person's,
  /// escaped (`SmallFile.namePart`): it never has a `/`, and no two people share it.
  public func file(person: String) -> URL? {
    guard let name = SmallFile.namePart(person) else { return nil }
    return directory.appendingPathComponent("saved-list-\(name).json", isDirectory: false)
  }
}
