import Domain
import Foundation

/// A card waiting for its bank's approval (3-D Secure): the two requests that follow the 202
/// that starts the wait, each answer read by `CardSetupsMapper`.
extension BackendCardsRepository: CardSetups {
  /// `GET /cards/setups/{id}`.
  public func status(ofSetup id: String) async throws -> CardSetupStatus {
    try CardSetupsMapper.setupStatus(from: await client.send(.cardSetup, resourceID: id))
  }

  /// `POST /cards/setups/{id}/cancel`.
  public func cancelSetup(_ id: String) async throws {
    try CardSetupsMapper.cancellation(from: await client.send(.cancelCardSetup, resourceID: id))
  }
}
