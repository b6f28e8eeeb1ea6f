import Foundation

/// Trace ids "wallet-1", "wallet-2", "cards-1"… for requests such as "GET /wallet": unique,
/// and the same on every run, whatever order concurrent requests go out in.
public final class SequentialTraceIDs: @unchecked Sendable {
  // Safe: `counts` is only touched while holding `lock`.
  private let lock = NSLock()
  private var counts: [String: Int] = [:]
  private var given: [String] = []

  public init() {}

  /// Every trace id handed out so far, in order.
  public var issued: [String] { lock.withLock { given } }

  public func next(_ operation: String) -> String {
    let name = operation.split(separator: "/").last.map(String.init) ?? "request"
    return lock.withLock {
      counts[name, default: 0] += 1
      let id = "\(name)-\(counts[name, default: 0])"
      given.append(id)
      return id
    }
  }
}
