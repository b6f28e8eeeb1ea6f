/// Where the user's wallet comes from.
///
/// `fetchWallet()` throws `WalletRepositoryError` for every answer the backend can give.
/// It is declared with plain `throws` because a source sits at the edge of the app, where
/// anything may still come up (a cancelled task, an SDK's own error); the use cases treat
/// whatever else arrives as an unknown error and keep it for the log.
public protocol WalletRepository: Sendable {
  func fetchWallet() async throws -> Wallet
}

/// What the wallet source can answer instead of a wallet. Every case carries the context
/// of the request that produced it.
public enum WalletRepositoryError: ClassifiedError, ContextualError, Sendable {
  /// The user has never created a wallet.
  case noWalletFound(ErrorContext)
  /// The wallet exists but has been suspended.
  case banned(ErrorContext)
  /// The wallet exists but is waiting for, or going through, a review.
  case inReview(WalletReviewState, ErrorContext)
  /// The request itself failed: no network, a server error, an expired session…
  case requestFailed(RequestFailure)

  public var context: ErrorContext {
    switch self {
    case .noWalletFound(let context), .banned(let context), .inReview(_, let context): context
    case .requestFailed(let failure): failure.context
    }
  }

  public var recovery: Recovery {
    switch self {
    case .noWalletFound: .retryWhenUserActs(.addPaymentMethod)
    case .banned: .notRecoverable(.contactSupport)
    case .inReview: .retryWhenUserActs(.waitForReview)
    case .requestFailed(let failure): failure.recovery
    }
  }

  public var underlyingError: (any Error)? {
    if case .requestFailed(let failure) = self { return failure }
    return nil
  }

  public var summary: String {
    switch self {
    case .noWalletFound: "WalletRepositoryError.noWalletFound(\(context))"
    case .banned: "WalletRepositoryError.banned(\(context))"
    case .inReview(let state, _): "WalletRepositoryError.inReview(\(state.rawValue), \(context))"
    case .requestFailed: "WalletRepositoryError.requestFailed"
    }
  }
}
