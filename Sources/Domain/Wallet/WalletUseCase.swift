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
  case flowInterrupted(SourceFailure)

  public var failure: SourceFailure {
    switch self {
    case .couldNotLoad(let failure), .flowInterrupted(let failure): failure
    }
  }

  public var recovery: Recovery { failure.recovery }

  public var interruption: FlowInterruption? {
    guard case .flowInterrupted(let failure) = self else { return nil }
    return failure.interruption
  }

  public var underlyingError: (any Error)? { failure }

  public var summary: String {
    switch self {
    case .couldNotLoad: "WalletError.couldNotLoad"
    case .flowInterrupted: "WalletError.flowInterrupted"
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
  private let calls: SourceCalls

  public init(
    repository: any WalletRepository,
    deadline: Duration = PaymentMethodsUseCase.defaultDeadline,
    clock: any Clock<Duration> = ContinuousClock()
  ) {
    self.repository = repository
    self.calls = SourceCalls(deadline: deadline, clock: clock)
  }

  /// Throws `WalletError`, or `CancellationError` when the caller went away.
  public func execute() async throws -> WalletStatus {
    let repository = repository
    var outcome: Result<Wallet, any Error> = .failure(CancellationError())
    let call: SourceCalls.Call<Wallet> = (.wallet, { try await repository.fetchWallet() })
    await calls.run([call]) { _, answer in
      outcome = answer
      return true
    }
    try Task.checkCancellation()

    switch outcome {
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
      throw failure.interruption == nil
        ? WalletError.couldNotLoad(failure) : WalletError.flowInterrupted(failure)
    }
  }
}
