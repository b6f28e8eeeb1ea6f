/// What the wallet screen has to show: the wallet, or why there is none to use.
public enum WalletStatus: Sendable, Equatable {
  case active(Wallet)
  case missing
  case banned
  case inReview(WalletReviewState)
}

/// The wallet screen's business error: the wallet could not be loaded at all.
public enum WalletError: ClassifiedError, Sendable {
  case couldNotLoad(SourceFailure)

  public var recovery: Recovery {
    switch self {
    case .couldNotLoad(let failure): failure.recovery
    }
  }

  public var underlyingError: (any Error)? {
    switch self {
    case .couldNotLoad(let failure): failure
    }
  }

  public var summary: String { "WalletError.couldNotLoad" }
}

/// Loads the wallet for the wallet screen.
///
/// The payment-methods use case skips a missing, banned or reviewed wallet; here the same
/// `WalletRepositoryError` cases are the point of the screen, so they become a
/// `WalletStatus` value. Only a real failure is thrown.
public struct WalletUseCase: Sendable {
  private let repository: any WalletRepository
  private let deadline: SourceDeadline
  private let logger: any DeveloperLog

  public init(
    repository: any WalletRepository,
    deadline: Duration = PaymentMethodsUseCase.defaultDeadline,
    clock: any Clock<Duration> = ContinuousClock(),
    logger: any DeveloperLog
  ) {
    self.repository = repository
    self.deadline = SourceDeadline(duration: deadline, clock: clock)
    self.logger = logger
  }

  /// Throws `WalletError.couldNotLoad`, or `CancellationError` when the caller went away.
  public func execute() async throws -> WalletStatus {
    let result = await deadline.run { [repository] in try await repository.fetchWallet() }
    try Task.checkCancellation()

    switch result {
    case .success(let wallet):
      return .active(wallet)
    case .failure(WalletRepositoryError.noWalletFound):
      return .missing
    case .failure(WalletRepositoryError.banned):
      return .banned
    case .failure(WalletRepositoryError.inReview(let state, _)):
      return .inReview(state)
    case .failure(let error):
      throw WalletError.couldNotLoad(SourceFailure(source: .wallet, error: error))
    }
  }
}
