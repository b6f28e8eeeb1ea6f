import Domain
import Foundation

/// The user's saved cards, read from the payments backend. A card its issuer rejected
/// comes back inside a successful answer and stays a value: a card that cannot pay, with
/// the reason.
public struct BackendCardsRepository: CardsRepository {
  private let client: BackendClient

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

  private static func card(_ card: CardsPayload.Card, _ context: ErrorContext)
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
    let rejection = try card.rejection.map { rejection throws(RequestFailure) in
      guard let reason = IssuerRejection.Reason(rawValue: rejection.reason) else {
        var context = context
        context.serverMessage = "card \(card.id) has an unknown rejection reason"
        throw RequestFailure(.malformedResponse, context: context)
      }
      return IssuerRejection(reason: reason, message: rejection.message)
    }
    return PaymentCard(
      id: card.id, brand: card.brand, lastFour: card.last4, expiry: expiry, status: status,
      rejection: rejection)
  }
}
