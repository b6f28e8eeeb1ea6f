import Domain
import Foundation

/// The user's saved cards, read from the payments backend.
public struct BackendCardsRepository: CardsRepository {
  private let backend: any PaymentsBackend

  public init(backend: any PaymentsBackend) {
    self.backend = backend
  }

  public func fetchCards() async throws -> [PaymentCard] {
    let response: BackendResponse
    do {
      response = try await backend.send(.cards)
    } catch is TransportError {
      throw CardsRepositoryError.unreachable
    }

    switch response.status {
    case 200..<300:
      let payload = try JSONDecoder().decode(CardsPayload.self, from: response.body)
      return try payload.cards.map(Self.card)
    case 500..<600:
      throw CardsRepositoryError.unreachable
    default:
      throw UnexpectedBackendAnswer(endpoint: .cards, status: response.status)
    }
  }

  private static func card(_ card: CardsPayload.Card) throws -> PaymentCard {
    guard let expiry = CardExpiry(card.expiry),
      let status = PaymentCard.Status(rawValue: card.status)
    else {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: [], debugDescription: "card \(card.id) has an unreadable expiry or status")
      )
    }
    return PaymentCard(
      id: card.id, brand: card.brand, lastFour: card.last4, expiry: expiry, status: status)
  }
}
