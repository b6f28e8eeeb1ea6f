import Domain
import Foundation

/// The saved list of each signed-in person, one plain JSON file each in a directory the
/// app chooses (its caches, say): `SavedListFile`, written whole by `SmallFile` (atomic
/// replace, 1 MiB at most, on iOS readable only while the device is unlocked).
///
/// A file that is there but cannot be read (damaged, truncated, another format version,
/// too large, a directory in its place, no permission) is `SavedListUnreadable`, with the
/// reason; the use case logs it and loads as if nothing was kept. The store itself logs
/// nothing. A save that fails (a read-only or full disk) throws, for the caller to log.
///
/// Any number of stores, in any number of processes, may share a directory: each save
/// renames a whole file into place, so a reader always finds one writer's list, whole.
public struct FileSavedListStore: SavedListStore {
  public let directory: URL

  public init(directory: URL) {
    self.directory = directory
  }

  public func load(account: String) async throws -> SavedList? {
    guard let file = file(account: account) else { return nil }
    do throws(SmallFile.Problem) {
      guard let data = try SmallFile(url: file).read() else { return nil }
      let records = try FileFormat.decode(
        SavedListFile.self, version: SavedListFile.currentVersion, from: data)
      return try records.savedList()
    } catch {
      throw SavedListUnreadable(reason: error.reason)
    }
  }

  public func save(_ list: SavedList, account: String) async throws {
    guard let file = file(account: account) else {
      throw SmallFile.Problem(reason: "the account's name is too long for a file name")
    }
    let data = try FileFormat.encoder().encode(SavedListFile(list))
    try SmallFile(url: file).replace(with: data)
  }

  public func delete(account: String) async throws {
    guard let file = file(account: account) else { return }
    try SmallFile(url: file).remove()
  }

  /// Where the account's list is kept, for the developer log; nil for an account whose name
  /// is too long to be a file's (nothing is kept for it).
  ///
  /// The name is the account's, escaped: every byte but a lowercase letter, a digit, `-`
  /// and `_` is written `%XX`. So no name has a `/` or starts with a `.`, two accounts
  /// never share a file, not even on a disk that ignores case ("Ada" is `%41da`), and the
  /// name reads back to the account.
  public func file(account: String) -> URL? {
    var escaped = ""
    for byte in account.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
        UInt8(ascii: "-"), UInt8(ascii: "_"):
        escaped.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let hex = String(byte, radix: 16, uppercase: true)
        escaped += byte < 16 ? "%0" + hex : "%" + hex
      }
    }
    // File names end at 255 bytes on the common file systems; the escaped name stays short
    // of that, with the prefix and the extension.
    guard escaped.utf8.count <= 200 else { return nil }
    return directory.appendingPathComponent("saved-list-\(escaped).json", isDirectory: false)
  }
}
