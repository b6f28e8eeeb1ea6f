import Foundation
import Testing

/// The HTTP transport is the module an app copies unchanged: the compiler, not a comment,
/// must vouch for its concurrency.
@Suite("URLSession backend: the compiler checks all of its concurrency")
struct URLSessionBackendSourceTests {
  @Test("no source of the backend's module opts out of the compiler's data-race checks")
  func noUncheckedConcurrency() throws {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Sources/URLSessionBackend")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".swift") }
    try #require(!files.isEmpty)
    for file in files {
      let text = try String(
        contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      for escape in ["@unchecked Sendable", "nonisolated(unsafe)", "@preconcurrency"] {
        #expect(!text.contains(escape), "Sources/URLSessionBackend/\(file) uses \(escape)")
      }
    }
  }
}
