import Domain
import Foundation

/// The user's saved cards, read from and added to the payments backend. A card its issuer
/// declined comes back inside a successful answer and stays a value: a card that cannot
/// pay, with the reason. So do the answers to adding a card that the backend gives on
/// purpose (already saved, invalid fields, declined, waiting for the bank's approval).
public struct BackendCardsRepository: CardsRepository, CardSaving {
  let client: BackendClient

  public init(client: BackendClient) {
    self.client = client
  }

  public func fetchCards() async throws -> [PaymentCard] {
    // A failed request is thrown as the client made it: the cards add nothing to it.
    let answer = try await client.send(.cards)
    guard (200..<300).contains(answer.response.status) else {
      throw RequestFailure(.unexpectedAnswer, context: answer.context)
    }
    return try answer.decode(CardsPayload.self).cards.map { card throws(RequestFailure) in
      try Self.card(card, answer.context)
    }
  }

  /// `POST /cards`, under the submission's idempotency key, which the client keeps for
  /// every retry and for the replay after a token refresh.
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
    let status = answer.response.status
    if status == 202 {
      return .needsBankApproval(try Self.setup(answer, idempotencyKey: idempotencyKey))
    }
    if (200..<300).contains(status) {
      return .saved(try Self.card(answer.decode(CardsPayload.Card.self), answer.context))
    }
    let problem = try? JSONDecoder().decode(AddCardProblemPayload.self, from: answer.response.body)
    switch (status, problem?.code) {
    case (409, ServerCode.cardAlreadySaved):
      guard let existing = problem?.card else { break }
      return .alreadySaved(try Self.card(existing, answer.context))
    case (422, ServerCode.validationFailed):
      var errors: CardFieldErrors = [:]
      for (key, messages) in problem?.fields ?? [:] {
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
      return .declined(problem?.decline ?? CardDecline(code: nil, adviceCode: nil))
    default:
      break
    }
    throw RequestFailure(.unexpectedAnswer, context: answer.context)
  }

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
