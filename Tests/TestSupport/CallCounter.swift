import Foundation

/// Counts calls made from any task, for spies that must prove a call did or did not happen.
public final class CallCounter: @unchecked Sendable {
  // Safe: `value` is only touched while holding `lock`.
  private let lock = NSLock()
  private var value = 0

  public init() {}

  public func increment() {
    lock.withLock { value += 1 }
  }

  public var count: Int { lock.withLock { value } }
}
