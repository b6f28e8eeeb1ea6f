/// Where the Domain reports what it decided, above all the errors it chose to swallow.
///
/// A deliberately small stand-in for swift-log or os.Logger: the app decides where entries
/// go (the CLI prints them on stderr with `--verbose`; tests record them).
public protocol DeveloperLog: Sendable {
  func log(_ entry: LogEntry)
}

public enum LogLevel: String, Sendable, Equatable, Comparable, CaseIterable {
  case debug
  case info
  case warning
  case error

  public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool {
    lhs.severity < rhs.severity
  }

  private var severity: Int {
    switch self {
    case .debug: 0
    case .info: 1
    case .warning: 2
    case .error: 3
    }
  }
}

/// One logged event: what happened, how much it matters, and structured context.
public struct LogEntry: Sendable, Equatable {
  public var level: LogLevel
  public var message: String
  /// Context such as `["source": "wallet", "error": "banned"]`; see `LogMetadataKey`.
  public var metadata: [String: String]

  public init(level: LogLevel, message: String, metadata: [String: String] = [:]) {
    self.level = level
    self.message = message
    self.metadata = metadata
  }
}

/// The metadata keys the layers agree on.
public enum LogMetadataKey {
  public static let source = "source"
  public static let error = "error"
  public static let traceID = "traceId"
  public static let recovery = "recovery"
  /// The other failures of a load whose screen talks about one of them.
  public static let alsoFailed = "alsoFailed"
  /// What a backend, a card's issuer or a bank said in its own words: kept in the log even
  /// where the screen says the app's words instead.
  public static let theirWords = "theirWords"
}

extension DeveloperLog {
  public func log(_ level: LogLevel, _ message: String, metadata: [String: String] = [:]) {
    log(LogEntry(level: level, message: message, metadata: metadata))
  }
}

/// A logger that drops everything, for callers that do not care.
public struct SilentLog: DeveloperLog {
  public init() {}
  public func log(_ entry: LogEntry) {}
}

/// How durations are written in log lines and developer messages.
public enum LogFormat {
  /// "3000 ms": whole milliseconds. Saturates instead of trapping, because durations from
  /// outside (a server's Retry-After) can be as long as they like.
  public static func milliseconds(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1000)
    guard !overflow else { return seconds < 0 ? "-∞ ms" : "∞ ms" }
    let (total, overflowAgain) = whole.addingReportingOverflow(attoseconds / 1_000_000_000_000_000)
    return overflowAgain ? "∞ ms" : "\(total) ms"
  }
}
