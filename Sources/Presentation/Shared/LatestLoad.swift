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

  /// "Sign in", then what the person asked for `again`, as the newest request: the one
  /// way every screen and form does it. A sign-in that failed is shown unless it was
  /// cancelled (`ErrorPresenter.presentFailedSignIn`), and nothing is asked again.
  func signIn(
    _ startSession: @escaping @Sendable () async throws -> Void, presenter: ErrorPresenter,
    orShow show: @escaping @MainActor (ErrorPresenter.Presented) -> Void,
    then again: @escaping @MainActor () async -> Void
  ) -> Task<Void, Never> {
    start {
      do {
        try await startSession()
      } catch {
        if !Task.isCancelled { show(presenter.presentFailedSignIn(error)) }
        return
      }
      await again()
    }
  }

  /// Cancels the operation still running, if any, and returns it: it ends once it has
  /// given up.
  @discardableResult
  func cancel() -> Task<Void, Never>? {
    current?.cancel()
    return current
  }
}
