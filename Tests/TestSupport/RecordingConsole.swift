import Foundation

/// Records what a command wrote to stdout and stderr.
public final class RecordingConsoleStorage: @unchecked Sendable {
  // Safe: both buffers are only touched while holding `lock`.
  private let lock = NSLock()
  private var out = ""
  private var err = ""

  public init() {}

  public func appendOutput(_ text: String) { lock.withLock { out += text } }
  public func appendError(_ text: String) { lock.withLock { err += text } }

  public var output: String { lock.withLock { out } }
  public var errors: String { lock.withLock { err } }
}
