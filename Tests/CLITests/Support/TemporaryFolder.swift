import Foundation

/// A folder of one test's own, removed when the test lets go of it: where a run keeps its
/// local copy and journal (`--cache-dir`), or where `HOME` and the XDG folders point.
final class TemporaryFolder {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("saved-list-test-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }

  var path: String { url.path }

  /// Every plain file under the folder, however deep.
  func files() -> [URL] {
    let walker = FileManager.default.enumerator(
      at: url, includingPropertiesForKeys: [.isRegularFileKey])
    return (walker?.allObjects as? [URL] ?? []).filter {
      (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
    }
  }

  /// Everything under the folder, folders too.
  func entries() -> [String] {
    (FileManager.default.enumerator(atPath: url.path)?.allObjects as? [String] ?? []).sorted()
  }
}
