import Domain
import Foundation

/// The answers to the writes to a saved card, read: each answer the backend gives on purpose
/// becomes its outcome; anything else is a request failure, as for the reads. Pure functions
/// of the answer, tested on bytes without a client.
enum SavedCardWritesMapper {
  /// `DELETE /cards/{id}`: 204 removed; 404 `card_not_found`, gone already; 409
  /// `last_payment_method`, kept.
  static func removeOutcome(from answer: BackendClient.ResponseInContext)
    throws(RequestFailure) -> RemoveCardOutcome
  {
    switch (answer.response.status, answer.context.serverCode) {
    case (200..<300, _): return .removed
    case (404, ServerCode.cardNotFound): return .alreadyRemoved
    case (409, ServerCode.lastPaymentMethod): return .refusedLastMethod
    default: throw RequestFailure(.unexpectedAnswer, context: answer.context)
    }
  }

  /// `PUT /me/default-payment-method`: 200 with the method now the default; 404
  /// `method_not_found`, gone. A 2xx whose body cannot be read (cut off, not the shape) is
  /// the change made all the same: `requested` is the default now.
  static func makeDefaultOutcome(
    from answer: BackendClient.ResponseInContext, requested: DefaultMethod
  ) throws(RequestFailure) -> MakeDefaultOutcome {
    switch (answer.response.status, answer.context.serverCode) {
    case (200..<300, _):
      let made = try? answer.decode(DefaultMethodBody.self).method
      switch (made?.kind, made?.id) {
      case ("card", let id?): return .madeDefault(.card(id: id))
      case ("wallet", nil): return .madeDefault(.wallet)
      default: return .madeDefault(requested)
      }
    case (404, ServerCode.methodNotFound): return .methodGone
    default: throw RequestFailure(.unexpectedAnswer, context: answer.context)
    }
  }

  /// `PATCH /cards/{id}`: 200 the updated card; 422 `validation_failed` with the expiry's
  /// problems; 402 `card_declined`; 404 `card_not_found`, gone. A 2xx whose card cannot be
  /// read (cut off, not the shape) is the change made all the same: `updatedUnread`, and
  /// the list loads again to show the card.
  static func updateOutcome(
    from answer: BackendClient.ResponseInContext, cardID: String, expiry: CardExpiry
  ) throws(RequestFailure) -> UpdateCardOutcome {
    let status = answer.response.status
    if (200..<300).contains(status) {
      guard
        let card = try? CardsMapper.card(answer.decode(CardsPayload.Card.self), answer.context)
      else { return .updatedUnread(cardID: cardID, expiry: expiry) }
      return .updated(card)
    }
    guard let refusal = answer.refusal(CardRefusalPayload.self) else {
      throw RequestFailure(.unexpectedAnswer, context: answer.context)
    }
    switch (status, answer.context.serverCode) {
    case (422, ServerCode.validationFailed):
      // Only the expiry is sent: a problem with any other field is none the user can fix.
      guard let fields = refusal.fields, Set(fields.keys) == ["expiry"],
        let messages = fields["expiry"], !messages.isEmpty
      else { break }
      return .invalid([.expiry: messages.map(CardProblem.described)])
    case (402, ServerCode.cardDeclined):
      return .declined(refusal.decline)
    case (404, ServerCode.cardNotFound):
      return .cardGone
    default:
      break
    }
    throw RequestFailure(.unexpectedAnswer, context: answer.context)
  }
}
