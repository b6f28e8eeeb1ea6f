import Domain
import Foundation

/// Records every log entry, for tests that check what was swallowed and how loudly.
public final class LogSpy: DeveloperLog, @unchecked Sendable {
  // Safe: `recorded` is only touched while holding `lock`.
  private let lock = NSLock()
  private var recorded: [LogEntry] = []

  public init() {}

  public func log(_ entry: LogEntry) {
    lock.withLock { recorded.append(entry) }
  }

  public var entries: [LogEntry] { lock.withLock { recorded } }

  /// The entries about one source, in the order they were logged.
  public func entries(source: String) -> [LogEntry] {
    entries.filter { $0.metadata[LogMetadataKey.source] == source }
  }
}
