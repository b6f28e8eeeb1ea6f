import Domain
import Foundation

/// The user's saved cards, read from and added to the payments backend: each request through
/// the client, its answer through `CardsMapper`, which holds what each answer means (a card
/// its issuer declined, and each answer to adding a card the backend gives on purpose, stay
/// values).
public struct BackendCardsRepository: CardsRepository, CardSaving {
  let client: BackendClient

  public init(client: BackendClient) {
    self.client = client
  }

  public func fetchCards() async throws -> [PaymentCard] {
    // A failed request is thrown as the client made it: the cards add nothing to it.
    try CardsMapper.cards(from: await client.send(.cards))
  }

  /// `POST /cards`, under the submission's idempotency key, which the client keeps for
  /// every retry and for the replay after a token refresh; its answers:
  /// `CardsMapper.addCardOutcome(from:idempotencyKey:)`.
  public func save(_ card: NewCard, idempotencyKey: String) async throws -> AddCardOutcome {
    let payload = NewCardPayload(
      number: card.number, expiry: card.expiry.description, cvc: card.securityCode,
      name: card.name)
    // Encoding four strings cannot fail. Slashes unescaped: the expiry goes as "12/30".
    let encoder = JSONEncoder()
    encoder.outputFormatting = .withoutEscapingSlashes
    let body = (try? encoder.encode(payload)) ?? Foundation.Data()
    let answer = try await client.send(
      .addCard, body: BackendRequest.Body(body), idempotencyKey: idempotencyKey)
    return try CardsMapper.addCardOutcome(from: answer, idempotencyKey: idempotencyKey)
  }
}
