/// Where the user's saved cards come from.
///
/// `fetchCards()` returns an empty list when the user has no cards and throws
/// `CardsRepositoryError` when the cards could not be had. Anything else it throws is
/// treated as unknown by the use cases (see `WalletRepository` for why `throws` is untyped).
public protocol CardsRepository: Sendable {
  func fetchCards() async throws -> [PaymentCard]
}

public enum CardsRepositoryError: Error, Equatable, Sendable {
  /// The backend could not be reached, or could not answer.
  case unreachable
}
