import Foundation
import Testing

/// Compares text with a golden file under Tests/CLITests/Golden. Golden files change only on
/// purpose: run the tests with RECORD_GOLDEN=1 to write them, read the diff, commit it.
/// A recording run fails, so it can never pass CI by accident.
enum GoldenFile {
  static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Golden")

  /// Whether this run records golden files instead of comparing with them.
  static let isRecording = ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1"

  static func check(
    _ actual: String, against name: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let url = directory.appendingPathComponent(name)
    if isRecording {
      do {
        try FileManager.default.createDirectory(
          at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Foundation.Data(actual.utf8).write(to: url)
        Issue.record(
          "recorded \(name); run again without RECORD_GOLDEN=1", sourceLocation: sourceLocation)
      } catch {
        Issue.record("could not record \(name): \(error)", sourceLocation: sourceLocation)
      }
      return
    }
    guard let data = try? Foundation.Data(contentsOf: url) else {
      Issue.record(
        "no golden file \(name); record it with RECORD_GOLDEN=1 swift test",
        sourceLocation: sourceLocation)
      return
    }
    #expect(
      actual == String(decoding: data, as: UTF8.self), "differs from \(name)",
      sourceLocation: sourceLocation)
  }
}
