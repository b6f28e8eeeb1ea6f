import Domain
import Foundation

/// `GET /cards` and `POST /cards` answers, read: the cards, or the outcome of adding one.
/// Pure functions of the answer, tested on bytes without a client. A card its issuer
/// declined comes back inside a successful answer and stays a value; so do the answers to
/// adding a card that the backend gives on purpose.
enum CardsMapper {
  /// `GET /cards`: 200 with the list. Any card the app cannot read makes the whole answer
  /// malformed, never a silent drop.
  static func cards(from answer: BackendClient.ResponseInContext) throws(RequestFailure)
    -> [PaymentCard]
  {
    try answer.requireSuccess()
    return try answer.decode(CardsPayload.self).cards.map { card throws(RequestFailure) in
      try Self.card(card, answer.context)
    }
  }

  /// `POST /cards`: 201 the card saved; 202 a setup waiting for the bank's approval; 409
  /// `card_already_saved` with the card; 422 `validation_failed` with each field's
  /// messages; 402 `card_declined` with the issuer's reason and advice.
  static func addCardOutcome(
    from answer: BackendClient.ResponseInContext, idempotencyKey: String
  ) throws(RequestFailure) -> AddCardOutcome {
    let status = answer.response.status
    if status == 202 {
      return .needsBankApproval(
        try CardSetupsMapper.setup(from: answer, idempotencyKey: idempotencyKey))
    }
    if (200..<300).contains(status) {
      return .saved(try card(answer.decode(CardsPayload.Card.self), answer.context))
    }
    guard let refusal = answer.refusal(CardRefusalPayload.self) else {
      throw RequestFailure(.unexpectedAnswer, context: answer.context)
    }
    switch (status, answer.context.serverCode) {
    case (409, ServerCode.cardAlreadySaved):
      guard let existing = refusal.card else { break }
      return .alreadySaved(try card(existing, answer.context))
    case (422, ServerCode.validationFailed):
      var errors: CardFieldErrors = [:]
      for (key, messages) in refusal.fields ?? [:] {
        // A field this app has no input for is no field the user can fix: it stays
        // unexpected rather than being dropped.
        guard let field = CardField(rawValue: key), !messages.isEmpty else {
          throw RequestFailure(.unexpectedAnswer, context: answer.context)
        }
        errors[field] = messages.map(CardProblem.described)
      }
      guard !errors.isEmpty else { break }
      return .invalid(errors)
    case (402, ServerCode.cardDeclined):
      return .declined(refusal.decline)
    default:
      break
    }
    throw RequestFailure(.unexpectedAnswer, context: answer.context)
  }

  /// One card of an answer, as the Domain knows it; an expiry, status or decline reason the
  /// app cannot read makes the answer malformed.
  static func card(_ card: CardsPayload.Card, _ context: ErrorContext)
    throws(RequestFailure)
    -> PaymentCard
  {
    guard let expiry = CardExpiry(card.expiry),
      let status = PaymentCard.Status(rawValue: card.status)
    else {
      var context = context
      context.serverMessage = "card \(card.id) has an unreadable expiry or status"
      throw RequestFailure(.malformedResponse, context: context)
    }
    let decline = try card.decline.map { decline throws(RequestFailure) in
      guard let reason = IssuerDecline.Reason(rawValue: decline.reason) else {
        var context = context
        context.serverMessage = "card \(card.id) has an unknown decline reason"
        throw RequestFailure(.malformedResponse, context: context)
      }
      return IssuerDecline(reason: reason, message: decline.message)
    }
    return PaymentCard(
      id: card.id, brand: card.brand, lastFour: card.last4, expiry: expiry, status: status,
      decline: decline, isDefault: card.isDefault ?? false)
  }
}
