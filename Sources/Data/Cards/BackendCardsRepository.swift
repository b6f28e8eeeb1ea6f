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
    let answer: BackendClient.Answer
    do {
      answer = try await client.send(.cards)
    } catch let failure as RequestFailure {
      throw CardsRepositoryError.requestFailed(failure)
    }
    guard (200..<300).contains(answer.response.status) else {
      throw CardsRepositoryError.requestFailed(
        RequestFailure(.unexpectedAnswer, context: answer.context))
    }
    do throws(RequestFailure) {
      var cards: [PaymentCard] = []
      for card in try answer.decode(CardsPayload.self).cards {
        cards.append(try Self.card(card, answer.context))
      }
      return cards
    } catch {
      throw CardsRepositoryError.requestFailed(error)
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
