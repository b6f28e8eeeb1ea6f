import Domain
import Foundation

/// Where the CLI writes. The binary uses the process's stdout and stderr; tests record.
protocol Console: Sendable {
  func write(_ text: String)
  func writeError(_ text: String)
}

struct StandardConsole: Console {
  func write(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
  }

  func writeError(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
  }
}

/// The developer log of `--verbose`: one line per entry on stderr, metadata sorted by key,
/// such as `[info] user status is verified  source=wallet`.
struct ConsoleLog: DeveloperLog {
  let console: any Console

  func log(_ entry: LogEntry) {
    console.writeError(Self.line(for: entry) + "\n")
  }

  static func line(for entry: LogEntry) -> String {
    let metadata = entry.metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    let head = "[\(entry.level.rawValue)] \(entry.message)"
    return metadata.isEmpty ? head : head + "  " + metadata.joined(separator: " ")
  }
}
