/// Where the user's wallet comes from.
///
/// `fetchWallet()` throws `WalletRepositoryError` for every answer the backend can give.
/// It is declared with plain `throws` because a source sits at the edge of the app, where
/// anything may still come up (a cancelled task, an SDK's own error); the use cases treat
/// whatever else arrives as an unknown error and keep it for the log.
public protocol WalletRepository: Sendable {
  func fetchWallet() async throws -> Wallet
}

/// What the wallet source can answer instead of a wallet.
public enum WalletRepositoryError: Error, Equatable, Sendable {
  /// The user has never created a wallet.
  case noWalletFound
  /// The wallet exists but has been suspended.
  case banned
  /// The wallet exists but is waiting for, or going through, a review.
  case inReview(WalletReviewState)
  /// The backend could not be reached, or could not answer.
  case unreachable
}

extension WalletRepositoryError: CustomStringConvertible {
  public var description: String {
    switch self {
    case .noWalletFound: "noWalletFound"
    case .banned: "banned"
    case .inReview(let state): "inReview(\(state.rawValue))"
    case .unreachable: "unreachable"
    }
  }
}
