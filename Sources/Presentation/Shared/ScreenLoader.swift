import Domain

/// A loading screen's `State`, as far as the loader makes it: "loading", and an error as
/// the presenter decided it must be shown. A screen's own enum cases meet it
/// (`case loading`, `case failed(PresentationError)`…), so the loader makes the screen's
/// `State` itself and each view model only says what a loaded value shows.
protocol LoadingScreenState {
  static var loading: Self { get }
  static func failed(_ error: PresentationError) -> Self
  static func journey(_ decision: PresentedJourney) -> Self
  /// The state for a result the screen's use case throws though it is no failure (the
  /// payment-methods screen's empty list); nil for a failure, which the presenter words.
  static func nothingToShow(_ error: any Error, words: Phrasebook) -> Self?
}

extension LoadingScreenState {
  /// A screen whose use case throws only failures.
  static func nothingToShow(_ error: any Error, words: Phrasebook) -> Self? { nil }

  /// The state that shows `presented`: the one mapping from the presenter's decision to
  /// a screen.
  init(_ presented: ErrorPresenter.Presented) {
    self =
      switch presented {
      case .journey(let decision): .journey(decision)
      case .failed(let error): .failed(error)
      }
  }
}

/// What every loading screen does the same way, shared by the view models: load, "Sign in"
/// then load, "Check my status again" then load; the newest request owns the screen; and
/// an outcome is only made into the screen's `State` (a value by the view model's
/// `loaded`, an error by the presenter, presented and logged) when it will be shown.
@MainActor
final class ScreenLoader<Value: Sendable, State: LoadingScreenState> {
  /// What the user asked the screen for; each shows "loading", then its outcome.
  enum Request {
    case load
    /// "Sign in": a new session, then the load.
    case signIn
    /// "Check my status again": the user's status first, the load only once it no longer
    /// stands in the way.
    case checkStatusAgain
  }

  private let fetch: @Sendable () async throws -> Value
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
  /// - Parameters:
  ///   - loaded: the state that shows a loaded value.
  ///   - show: where the states go: the view model's `state`.
  func start(
    _ request: Request, loaded: @escaping @MainActor (Value) -> State,
    show: @escaping @MainActor (State) -> Void
  ) -> Task<Void, Never> {
    show(.loading)
    return switch request {
    case .load: load(loaded: loaded, show: show)
    case .signIn: signIn(loaded, show)
    case .checkStatusAgain: checkStatusAgain(loaded, show)
    }
  }

  /// Loads, with what is shown left as it is until the outcome comes, cancelling a load
  /// still running.
  ///
  /// - Parameters:
  ///   - fetch: another way to fetch for this load only, such as a refresh's.
  ///   - loaded, show: as for `start`.
  func load(
    fetch: (@Sendable () async throws -> Value)? = nil,
    loaded: @escaping @MainActor (Value) -> State,
    show: @escaping @MainActor (State) -> Void
  ) -> Task<Void, Never> {
    loads.start { await self.run(fetch ?? self.fetch, loaded, show) }
  }

  /// Starts a new session, then loads. A sign-in that fails is shown like any error: a
  /// refusal sends the user back to signing in, a network failure says so.
  private func signIn(
    _ loaded: @escaping @MainActor (Value) -> State, _ show: @escaping @MainActor (State) -> Void
  ) -> Task<Void, Never> {
    loads.signIn(
      startSession, presenter: presenter, orShow: { show(State($0)) },
      then: { await self.run(self.fetch, loaded, show) })
  }

  /// Re-reads the user's status first, and loads only once it no longer stands in the way.
  private func checkStatusAgain(
    _ loaded: @escaping @MainActor (Value) -> State, _ show: @escaping @MainActor (State) -> Void
  ) -> Task<Void, Never> {
    loads.start {
      switch await self.statusCheck.run() {
      case .ready: await self.run(self.fetch, loaded, show)
      case .blocked(let decision):
        if !Task.isCancelled { show(.journey(decision)) }
      case .failed(let error): self.publish(error, show)
      }
    }
  }

  private func run(
    _ fetch: @Sendable () async throws -> Value, _ loaded: @MainActor (Value) -> State,
    _ show: @MainActor (State) -> Void
  ) async {
    do {
      let value = try await fetch()
      if !Task.isCancelled { show(loaded(value)) }
    } catch {
      publish(error, show)
    }
  }

  /// The one cancellation rule: a load that was cancelled (superseded, or the screen went
  /// away) shows nothing. It asks whether the load was cancelled, not what the error was,
  /// so a `CancellationError` thrown below while nobody cancelled the load is shown like any
  /// failure instead of leaving the screen loading for ever.
  private func publish(_ error: any Error, _ show: @MainActor (State) -> Void) {
    guard !Task.isCancelled else { return }
    show(State.nothingToShow(error, words: presenter.words) ?? State(presenter.present(error)))
  }
}
