/// Where the user's saved cards come from.
///
/// `fetchCards()` returns an empty list when the user has no cards, and cards an issuer
/// declined among the others (a decline is an answer, not an error). When the cards
/// could not be had it throws the `RequestFailure` as it is: the cards have no answers of
/// their own to add, so there is nothing to wrap. Anything else it throws is treated as
/// unknown by the use cases (see `WalletRepository` for why `throws` is untyped).
public protocol CardsRepository: Sendable {
  func fetchCards() async throws -> [PaymentCard]
}
