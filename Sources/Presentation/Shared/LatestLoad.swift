/// Runs a view model's loads one at a time: starting a load cancels the one still running,
/// so the newest request owns the screen. A cancelled load must not touch the state; each
/// view model checks `Task.isCancelled` before it publishes.
@MainActor
final class LatestLoad {
  private var current: Task<Void, Never>?

  /// The returned task ends when `operation` has finished or given up after cancellation.
  func start(_ operation: @escaping @MainActor () async -> Void) -> Task<Void, Never> {
    current?.cancel()
    let load = Task { await operation() }
    current = load
    return load
  }

  /// Cancels the operation still running, if any, and returns it: it ends once it has
  /// given up.
  @discardableResult
  func cancel() -> Task<Void, Never>? {
    current?.cancel()
    return current
  }
}
