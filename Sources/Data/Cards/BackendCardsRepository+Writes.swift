import Domain
import Foundation

/// The writes to a saved card: each answer the backend gives on purpose becomes its
/// outcome; anything else is a request failure, as for the reads.
extension BackendCardsRepository: SavedCardWrites {
  /// `DELETE /cards/{id}` under the change's idempotency key, the same on every attempt and
  /// on a replay: 204 removed; 404 `card_not_found`, gone already; 409 `last_payment_method`,
  /// kept. With the key, an answer lost on the way is found again, not the card gone.
  public func remove(cardID: String, idempotencyKey: String) async throws -> RemoveCardOutcome {
    let answer = try await client.send(
      .removeCard, idempotencyKey: idempotencyKey, resourceID: cardID)
    switch (answer.response.status, answer.context.serverCode) {
    case (200..<300, _): return .removed
    case (404, ServerCode.cardNotFound): return .alreadyRemoved
    case (409, ServerCode.lastPaymentMethod): return .refusedLastMethod
    default: throw RequestFailure(.unexpectedAnswer, context: answer.context)
    }
  }

  /// `PUT /me/default-payment-method` under the change's idempotency key, the same on every
  /// attempt and on a replay: 200 with the method now the default; 404 `method_not_found`, gone.
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
    switch (answer.response.status, answer.context.serverCode) {
    case (200..<300, _):
      let made = try answer.decode(DefaultMethodBody.self).method
      switch (made.kind, made.id) {
      case ("card", let id?): return .madeDefault(.card(id: id))
      case ("wallet", nil): return .madeDefault(.wallet)
      default:
        var context = answer.context
        context.serverMessage = "the default method is neither a card with an id nor the wallet"
        throw RequestFailure(.malformedResponse, context: context)
      }
    case (404, ServerCode.methodNotFound): return .methodGone
    default: throw RequestFailure(.unexpectedAnswer, context: answer.context)
    }
  }

  /// `PATCH /cards/{id}` under the submission's idempotency key: 200 the updated card; 422
  /// `validation_failed` with the expiry's problems; 402 `card_declined`; 404
  /// `card_not_found`, gone.
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
    let status = answer.response.status
    if (200..<300).contains(status) {
      return .updated(try Self.card(answer.decode(CardsPayload.Card.self), answer.context))
    }
    let problem = try? JSONDecoder().decode(AddCardProblemPayload.self, from: answer.response.body)
    switch (status, problem?.code) {
    case (422, ServerCode.validationFailed):
      // Only the expiry is sent: a problem with any other field is none the user can fix.
      guard let fields = problem?.fields, Set(fields.keys) == ["expiry"],
        let messages = fields["expiry"], !messages.isEmpty
      else { break }
      return .invalid([.expiry: messages.map(CardProblem.described)])
    case (402, ServerCode.cardDeclined):
      return .declined(problem?.decline ?? CardDecline(code: nil, adviceCode: nil))
    case (404, ServerCode.cardNotFound):
      return .cardGone
    default:
      break
    }
    throw RequestFailure(.unexpectedAnswer, context: answer.context)
  }
}
