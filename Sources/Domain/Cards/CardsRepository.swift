/// Where the user's saved cards come from.
///
/// `fetchCards()` returns an empty list when the user has no cards, cards an issuer
/// rejected among the others (a rejection is an answer, not an error), and throws
/// `CardsRepositoryError` when the cards could not be had. Anything else it throws is
/// treated as unknown by the use cases (see `WalletRepository` for why `throws` is untyped).
public protocol CardsRepository: Sendable {
  func fetchCards() async throws -> [PaymentCard]
}

public enum CardsRepositoryError: ClassifiedError, ContextualError, Sendable {
  /// The request itself failed: no network, a server error, an expired session…
  case requestFailed(RequestFailure)

  public var context: ErrorContext {
    switch self {
    case .requestFailed(let failure): failure.context
    }
  }

  public var recovery: Recovery {
    switch self {
    case .requestFailed(let failure): failure.recovery
    }
  }

  public var underlyingError: (any Error)? {
    switch self {
    case .requestFailed(let failure): failure
    }
  }

  public var summary: String { "CardsRepositoryError.requestFailed" }
}
