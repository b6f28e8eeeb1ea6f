import Foundation

/// Keeps what calls from any task hand it, in the order they arrived.
public final class Recorder<Element: Sendable>: @unchecked Sendable {
  // Safe: `elements` is only touched while holding `lock`.
  private let lock = NSLock()
  private var elements: [Element] = []

  public init() {}

  public func record(_ element: Element) {
    lock.withLock { elements.append(element) }
  }

  public var all: [Element] { lock.withLock { elements } }
}
