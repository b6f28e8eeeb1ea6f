import Domain

/// What every loading screen does the same way, shared by the view models: load, "Sign in"
/// then load, "Check my status again" then load; the newest request owns the screen; and
/// an outcome is only made into what the screen shows (an error only presented and logged)
/// when it will be shown. Each view model maps `Shown` to its own `State`, in `show`.
@MainActor
final class ScreenLoader<Value: Sendable> {
  enum Shown {
    case loading
    case loaded(Value)
    /// An error, as the presenter decided it must be shown.
    case presented(ErrorPresenter.Presented)
  }

  /// What the user asked the screen for; each shows "loading", then its outcome.
  enum Request {
    case load
    /// "Sign in": a new session, then the load.
    case signIn
    /// "Check my status again": the user's status first, the load only once it no longer
    /// stands in the way.
    case checkStatusAgain
  }

  let fetch: @Sendable () async throws -> Value
  let presenter: ErrorPresenter
  private let statusCheck: UserStatusCheck
  private let startSession: @Sendable () async throws -> Void
  private let loads = LatestLoad()

  /// - Parameter objectKey: the key of what the screen loads, such as "object.wallet", for
  ///   its errors' words.
  init(
    fetch: @escaping @Sendable () async throws -> Value, objectKey: String,
    checkUserStatus: @escaping @Sendable () async throws -> UserStatus,
    signIn: @escaping @Sendable () async throws -> Void, journeyHandlers: JourneyHandlers,
    logger: any DeveloperLog, words: Phrasebook
  ) {
    self.fetch = fetch
    self.presenter = ErrorPresenter(
      activity: .loading(objectKey), journeyHandlers: journeyHandlers, logger: logger, words: words)
    self.statusCheck = UserStatusCheck(
      read: checkUserStatus, journeyHandlers: journeyHandlers, logger: logger, words: words)
    self.startSession = signIn
  }

  /// Shows "loading" and starts what the user asked for, cancelling a load still running.
  /// The task ends when it has shown its outcome (or was superseded).
  ///
  /// - Parameter show: where the outcomes go: the view model's `State`.
  func start(_ request: Request, show: @escaping @MainActor (Shown) -> Void)
    -> Task<Void, Never>
  {
    show(.loading)
    return switch request {
    case .load: load(show: show)
    case .signIn: signIn(show: show)
    case .checkStatusAgain: checkStatusAgain(show: show)
    }
  }

  /// Loads, with what is shown left as it is until the outcome comes, cancelling a load
  /// still running.
  ///
  /// - Parameters:
  ///   - fetch: another way to fetch for this load only, such as a refresh's.
  ///   - show: where the outcome goes.
  func load(
    fetch: (@Sendable () async throws -> Value)? = nil,
    show: @escaping @MainActor (Shown) -> Void
  ) -> Task<Void, Never> {
    loads.start { await self.run(fetch ?? self.fetch, show) }
  }

  /// Starts a new session, then loads. A sign-in that fails is shown like any error: a
  /// refusal sends the user back to signing in, a network failure says so.
  private func signIn(show: @escaping @MainActor (Shown) -> Void) -> Task<Void, Never> {
    loads.start {
      do {
        try await self.startSession()
      } catch {
        guard !Task.isCancelled else { return }
        show(.presented(self.presenter.presentFailedSignIn(error)))
        return
      }
      await self.run(self.fetch, show)
    }
  }

  /// Re-reads the user's status first, and loads only once it no longer stands in the way.
  private func checkStatusAgain(show: @escaping @MainActor (Shown) -> Void)
    -> Task<Void, Never>
  {
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
