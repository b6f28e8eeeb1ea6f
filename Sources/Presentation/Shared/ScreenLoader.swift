import Domain

/// What every loading screen does the same way, shared by the view models: load, "Sign in"
/// then load, "Check my status again" then load; the newest request owns the screen; and
/// an outcome is only made into what the screen shows (an error only presented and logged)
/// when it will be shown. Each view model maps `Shown` to its own `State`.
@MainActor
final class ScreenLoader<Value: Sendable> {
  enum Shown {
    case loaded(Value)
    /// An error, as the presenter decided it must be shown.
    case presented(ErrorPresenter.Presented)
  }

  let fetch: @Sendable () async throws -> Value
  let presenter: ErrorPresenter
  private let statusCheck: UserStatusCheck
  private let startSession: @Sendable () async throws -> Void
  private let loads = LatestLoad()

  init(
    fetch: @escaping @Sendable () async throws -> Value, presenter: ErrorPresenter,
    checkUserStatus: @escaping @Sendable () async throws -> UserStatus,
    signIn: @escaping @Sendable () async throws -> Void
  ) {
    self.fetch = fetch
    self.presenter = presenter
    self.statusCheck = UserStatusCheck(
      read: checkUserStatus, flowHandlers: presenter.flowHandlers, logger: presenter.logger,
      words: presenter.words)
    self.startSession = signIn
  }

  /// Starts loading, cancelling a load still running. The task ends when this load has
  /// shown its outcome (or was superseded).
  ///
  /// - Parameter fetch: another way to fetch for this load only, such as a refresh's.
  func load(
    fetch: (@Sendable () async throws -> Value)? = nil, show: @escaping @MainActor (Shown) -> Void
  ) -> Task<Void, Never> {
    loads.start { await self.run(fetch ?? self.fetch, show) }
  }

  /// Starts a new session, then loads. A sign-in that fails is shown like any error: a
  /// refusal sends the user back to signing in, a network failure says so.
  func signIn(show: @escaping @MainActor (Shown) -> Void) -> Task<Void, Never> {
    loads.start {
      do {
        try await self.startSession()
      } catch {
        self.publish(error, show)
        return
      }
      await self.run(self.fetch, show)
    }
  }

  /// Re-reads the user's status first, and loads only once it no longer stands in the way.
  func checkStatusAgain(show: @escaping @MainActor (Shown) -> Void) -> Task<Void, Never> {
    loads.start {
      switch await self.statusCheck.run() {
      case .ready: await self.run(self.fetch, show)
      case .blocked(let decision):
        if !Task.isCancelled { show(.presented(.journey(decision))) }
      case .failed(let error): self.publish(error, show)
      }
    }
  }

  private func run(
    _ fetch: @Sendable () async throws -> Value, _ show: @MainActor (Shown) -> Void
  ) async {
    do {
      let value = try await fetch()
      if !Task.isCancelled { show(.loaded(value)) }
    } catch {
      publish(error, show)
    }
  }

  /// The one cancellation rule: a load that was cancelled (superseded, or the screen went
  /// away) shows nothing. It asks whether the load was cancelled, not what the error was,
  /// so a `CancellationError` thrown below while nobody cancelled the load is shown like any
  /// failure instead of leaving the screen loading for ever.
  private func publish(_ error: any Error, _ show: @MainActor (Shown) -> Void) {
    guard !Task.isCancelled else { return }
    show(.presented(presenter.present(error)))
  }
}
