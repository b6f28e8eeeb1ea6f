import Domain
import Foundation

/// The writes to a saved card, each answer read by `SavedCardWritesMapper`, which holds what
/// each status means: each answer the backend gives on purpose becomes its outcome; anything
/// else is a request failure, as for the reads.
extension BackendCardsRepository: SavedCardWrites {
  /// `DELETE /cards/{id}` under the change's idempotency key, the same on every attempt and
  /// on a replay; its answers: `SavedCardWritesMapper.removeOutcome(from:)`. With the key, an
  /// answer lost on the way is found again, not the card gone.
  public func remove(cardID: String, idempotencyKey: String) async throws -> RemoveCardOutcome {
    let answer = try await client.send(
      .removeCard, idempotencyKey: idempotencyKey, resourceID: cardID)
    return try SavedCardWritesMapper.removeOutcome(from: answer)
  }

  /// `PUT /me/default-payment-method` under the change's idempotency key, the same on every
  /// attempt and on a replay; its answers:
  /// `SavedCardWritesMapper.makeDefaultOutcome(from:requested:)`.
  public func makeDefault(_ method: DefaultMethod, idempotencyKey: String) async throws
    -> MakeDefaultOutcome
  {
    let payload =
      switch method {
      case .card(let id): DefaultMethodPayload(kind: "card", id: id)
      case .wallet: DefaultMethodPayload(kind: "wallet", id: nil)
      }
    // Encoding two strings cannot fail.
    let body = (try? JSONEncoder().encode(DefaultMethodBody(method: payload))) ?? Foundation.Data()
    let answer = try await client.send(
      .setDefault, body: BackendRequest.Body(body),
      idempotencyKey: idempotencyKey)
    return try SavedCardWritesMapper.makeDefaultOutcome(from: answer, requested: method)
  }

  /// `PATCH /cards/{id}` under the submission's idempotency key; its answers:
  /// `SavedCardWritesMapper.updateOutcome(from:cardID:expiry:)`.
  public func updateExpiry(cardID: String, to expiry: CardExpiry, idempotencyKey: String)
    async throws -> UpdateCardOutcome
  {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .withoutEscapingSlashes
    // Encoding one string cannot fail. Slashes unescaped: the expiry goes as "12/30".
    let body =
      (try? encoder.encode(CardExpiryPayload(expiry: expiry.description))) ?? Foundation.Data()
    let answer = try await client.send(
      .updateCard, body: BackendRequest.Body(body), idempotencyKey: idempotencyKey,
      resourceID: cardID)
    return try SavedCardWritesMapper.updateOutcome(from: answer, cardID: cardID, expiry: expiry)
  }
}
