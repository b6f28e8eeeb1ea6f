import Foundation

/// A small file on the device, read and replaced whole: where the local copy and the
/// journal of pending changes are kept, and the terminal program's known sessions.
///
/// Anything but a plain file, or one over the size limit, is a `Problem` before a byte is
/// read. Replacing is atomic (`.atomic` writes a temporary file and renames it, on Linux
/// too), so a reader or a process killed mid-write sees the old file or the new one, never
/// half; of concurrent writers, the last rename wins. On iOS the file has complete file
/// protection. Its directory is made for its owner only, and the file is made readable by
/// its owner alone (0600) whatever the directory's mode.
public struct SmallFile: Sendable {
  /// 1 MiB: far more than a list of cards or a journal needs, small enough to read at once.
  static let sizeLimit = 1 << 20

  /// Why a file that is there cannot be read or removed, for the developer log.
  public struct Problem: Error, Equatable, CustomStringConvertible {
    public var reason: String
    public var description: String { reason }

    public init(reason: String) {
      self.reason = reason
    }
  }

  public let url: URL

  public init(url: URL) {
    self.url = url
  }

  /// The file's bytes, or nil when there is no file.
  public func read() throws(Problem) -> Data? {
    let attributes: [FileAttributeKey: Any]
    do {
      attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    } catch {
      if (error as? CocoaError)?.code == .fileReadNoSuchFile { return nil }
      throw Problem(reason: "cannot be looked at: \(Self.describe(error))")
    }
    let type = attributes[.type] as? FileAttributeType
    guard type == .typeRegular else {
      throw Problem(reason: "not a plain file: \(Self.name(type))")
    }
    let size = (attributes[.size] as? NSNumber)?.uint64Value ?? 0
    guard size <= UInt64(Self.sizeLimit) else { throw tooLarge("\(size) bytes") }
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw Problem(reason: "cannot be read: \(Self.describe(error))")
    }
    guard data.count <= Self.sizeLimit else { throw tooLarge("\(data.count) bytes") }
    return data
  }

  /// Replaces the file whole with `data`, making its directory when missing.
  public func replace(with data: Data) throws {
    guard data.count <= Self.sizeLimit else { throw tooLarge("\(data.count) bytes") }
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true,
      attributes: [.posixPermissions: 0o700])
    #if os(iOS)
      try data.write(to: url, options: [.atomic, .completeFileProtection])
    #else
      try data.write(to: url, options: .atomic)
    #endif
    // Foundation makes the new file with the process's umask (0644, often), and names its
    // temporary file itself, so the mode can only be set once the file is in place. The
    // terminal program closes that moment too: it runs with a umask of 077
    // (`PaymentMethodsCommand.main`). A file system without modes refuses it: the file is
    // written all the same, and saying it was not would be untrue.
    try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
  }

  /// `text` as part of a file's name, or nil when it would be too long for one: every byte
  /// but a lowercase letter, a digit, `-` and `_` is written `%XX`. So no name has a `/` or
  /// starts with a `.`, two texts never share a name, not even on a disk that ignores case
  /// ("Ada" is `%41da`), and the name reads back to the text. File names end at 255 bytes
  /// on the common file systems; 200 leaves room for a prefix and an extension.
  static func namePart(_ text: String) -> String? {
    var escaped = ""
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
        UInt8(ascii: "-"), UInt8(ascii: "_"):
        escaped.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let hex = String(byte, radix: 16, uppercase: true)
        escaped += byte < 16 ? "%0" + hex : "%" + hex
      }
    }
    return escaped.utf8.count <= 200 ? escaped : nil
  }

  /// Removes the file; no file is not an error. Anything but a plain file (or a link) is
  /// left alone and reported: removing a directory would take what is in it along.
  func remove() throws {
    let attributes: [FileAttributeKey: Any]
    do {
      attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    } catch {
      if (error as? CocoaError)?.code == .fileReadNoSuchFile { return }
      throw error
    }
    let type = attributes[.type] as? FileAttributeType
    guard type == .typeRegular || type == .typeSymbolicLink else {
      throw Problem(reason: "not a plain file: \(Self.name(type))")
    }
    try FileManager.default.removeItem(at: url)
  }

  private func tooLarge(_ size: String) -> Problem {
    Problem(reason: "\(size), over the limit of \(Self.sizeLimit) bytes")
  }

  private static func name(_ type: FileAttributeType?) -> String {
    switch type {
    case .typeDirectory?: "a directory"
    case .typeSymbolicLink?: "a symbolic link"
    case let other?: other.rawValue
    case nil: "of an unknown type"
    }
  }

  /// "Permission denied": the system's words for a failed file operation, without the
  /// wrapping Foundation adds around them.
  public static func describe(_ error: any Error) -> String {
    let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
    return (underlying ?? error as NSError).localizedDescription
  }
}
