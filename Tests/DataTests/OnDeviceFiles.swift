import Foundation

/// A directory of one test's own, removed with everything in it when the test ends (when
/// the suite's instance goes away), read-only parts included.
final class TemporaryDirectory: Sendable {
  let url: URL

  init() {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("payment-methods-\(UUID().uuidString)", isDirectory: true)
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    let walker = FileManager.default.enumerator(atPath: url.path)
    for case let path as String in walker?.allObjects ?? [] {
      try? FileManager.default.setAttributes(
        [.posixPermissions: 0o700], ofItemAtPath: url.appendingPathComponent(path).path)
    }
    try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: url.path)
    try? FileManager.default.removeItem(at: url)
  }

  func appending(_ path: String) -> URL {
    url.appendingPathComponent(path)
  }
}

enum OnDeviceFiles {
  /// Root reads and writes whatever the permissions say: a read-only directory is one only
  /// to anyone else.
  static var isRoot: Bool { getuid() == 0 }

  /// A file of `size` bytes that takes no room on disk: its bytes are never written.
  static func sparseFile(at url: URL, size: UInt64) throws {
    guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
      throw CocoaError(.fileWriteUnknown)
    }
    let handle = try FileHandle(forWritingTo: url)
    try handle.truncate(atOffset: size)
    try handle.close()
  }

  /// What in a file's bytes could be a secret: a run of 13 to 19 digits or more (a card
  /// number), or a word that names one.
  static func secrets(in data: Data) -> [String] {
    let text = String(decoding: data, as: UTF8.self)
    var found: [String] = []
    var run = ""
    for character in text + " " {
      if character.isASCII, character.isNumber {
        run.append(character)
      } else {
        if run.count >= 13 { found.append(run) }
        run = ""
      }
    }
    let words = ["token", "trace", "cvc", "security", "number", "password", "secret"]
    found += words.filter { text.lowercased().contains($0) }
    return found
  }
}
