/// Where the user's wallet comes from.
///
/// `fetchWallet()` throws `WalletRepositoryError` for the answers only the wallet has, and
/// the `RequestFailure` as it is when the request itself failed. It is declared with plain
/// `throws` because a source sits at the edge of the app, where anything may still come
/// up (an SDK's own error); the use cases treat whatever else arrives as an unknown error
/// and keep it for the log.
public protocol WalletRepository: Sendable {
  func fetchWallet() async throws -> Wallet
}

/// What the wallet source can answer instead of a wallet. Each case is an answer the
/// backend gave on purpose, with the context of the request that produced it; whether it
/// matters is for each use case to decide.
public enum WalletRepositoryError: ClassifiedError, ContextualError, Sendable {
  /// The user has never created a wallet.
  case noWalletFound(ErrorContext)
  /// The wallet exists but has been suspended.
  case banned(ErrorContext)
  /// The wallet exists but is waiting for, or going through, a review.
  case inReview(WalletReviewState, ErrorContext)

  public var context: ErrorContext {
    switch self {
    case .noWalletFound(let context), .banned(let context), .inReview(_, let context): context
    }
  }

  public var recovery: Recovery {
    switch self {
    case .noWalletFound: .retryWhenUserActs(.addPaymentMethod)
    case .banned: .notRecoverable(.contactSupport)
    case .inReview: .retryWhenUserActs(.waitForReview)
    }
  }

  /// A suspended wallet is the wallet's problem, not the account's: the user can still
  /// pay another way, so nobody is sent anywhere.
  public var journey: Journey? { nil }

  /// The wallet's own answer: its request did not fail, but support finds it by its id.
  public var failedRequest: FailedRequest? { FailedRequest(kind: nil, traceID: context.traceID) }

  public var underlyingError: (any Error)? { nil }

  public var summary: String {
    switch self {
    case .noWalletFound: "WalletRepositoryError.noWalletFound(\(context))"
    case .banned: "WalletRepositoryError.banned(\(context))"
    case .inReview(let state, _): "WalletRepositoryError.inReview(\(state.rawValue), \(context))"
    }
  }
}
