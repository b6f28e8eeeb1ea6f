/// What the wallet screen has to show: the wallet, or why there is none to use.
public enum WalletStatus: Sendable, Equatable {
  case active(Wallet)
  case missing
  case banned
  case inReview(WalletReviewState)
}

/// The wallet screen's business errors: the wallet could not be loaded at all.
public enum WalletError: ClassifiedError, Sendable {
  /// The wallet's request failed; the screen says so and offers what helps.
  case couldNotLoad(SourceFailure)
  /// The failure sends the user elsewhere (an ended session, a locked account…).
  case needsJourney(SourceFailure)

  public var failure: SourceFailure {
    switch self {
    case .couldNotLoad(let failure), .needsJourney(let failure): failure
    }
  }

  public var recovery: Recovery { failure.recovery }

  public var journey: Journey? {
    guard case .needsJourney(let failure) = self else { return nil }
    return failure.journey
  }

  public var failedRequest: FailedRequest? { failure.failedRequest }

  public var underlyingError: (any Error)? { failure }

  public var summary: String {
    switch self {
    case .couldNotLoad: "WalletError.couldNotLoad"
    case .needsJourney: "WalletError.needsJourney"
    }
  }
}

/// Loads the wallet for the wallet screen.
///
/// The payment-methods use case skips a missing, banned or reviewed wallet; here the same
/// `WalletRepositoryError` cases are the point of the screen, so they become a
/// `WalletStatus` value. Only a real failure is thrown.
public struct WalletUseCase: Sendable {
  private let repository: any WalletRepository
  private let deadline: Deadline

  public init(
    repository: any WalletRepository,
    deadline: Duration = PaymentMethodsUseCase.defaultDeadline,
    clock: any Clock<Duration> = ContinuousClock()
  ) {
    self.repository = repository
    self.deadline = Deadline(deadline, clock: clock)
  }

  /// Throws `WalletError`, or `CancellationError` when the caller went away.
  public func execute() async throws -> WalletStatus {
    let repository = repository
    let result: Result<Wallet, any Error>
    do {
      result = .success(
        try await deadline.call { try await repository.fetchWallet() })
    } catch {
      result = .failure(error)
    }
    // A cancelled load is nobody's failure.
    try Task.checkCancellation()

    switch result {
    case .success(let wallet):
      return .active(wallet)
    case .failure(let error as WalletRepositoryError):
      // Every answer of the wallet's own is a status here, so a new one cannot slip by.
      switch error {
      case .noWalletFound: return .missing
      case .banned: return .banned
      case .inReview(let state, _): return .inReview(state)
      }
    case .failure(let error):
      let failure = SourceFailure(source: .wallet, error: error)
      throw failure.journey == nil
        ? WalletError.couldNotLoad(failure) : WalletError.needsJourney(failure)
    }
  }
}
