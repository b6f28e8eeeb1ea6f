import Domain
import Foundation

/// The wallet, read from the payments backend. This is the one place where the backend's
/// answers about the wallet become `WalletRepositoryError`s.
public struct BackendWalletRepository: WalletRepository {
  private let backend: any PaymentsBackend

  public init(backend: any PaymentsBackend) {
    self.backend = backend
  }

  public func fetchWallet() async throws -> Wallet {
    let response: BackendResponse
    do {
      response = try await backend.send(.wallet)
    } catch is TransportError {
      throw WalletRepositoryError.unreachable
    }

    switch response.status {
    case 200..<300:
      let payload = try JSONDecoder().decode(WalletPayload.self, from: response.body)
      return Wallet(balance: payload.balance, currency: payload.currency)
    case 500..<600:
      throw WalletRepositoryError.unreachable
    default:
      throw try Self.error(for: response)
    }
  }

  /// The wallet states the backend reports as a status and a server code.
  private static func error(for response: BackendResponse) throws -> WalletRepositoryError {
    let payload = try? JSONDecoder().decode(ErrorPayload.self, from: response.body)
    switch (response.status, payload?.code) {
    case (404, ServerCode.walletNotFound):
      return .noWalletFound
    case (403, ServerCode.walletBanned):
      return .banned
    case (409, ServerCode.walletInReview):
      if let state = payload?.detail.flatMap(WalletReviewState.init(rawValue:)) {
        return .inReview(state)
      }
      throw UnexpectedBackendAnswer(endpoint: .wallet, status: response.status)
    default:
      throw UnexpectedBackendAnswer(endpoint: .wallet, status: response.status)
    }
  }
}

/// An answer this client has no mapping for. It is deliberately not a repository error:
/// the use cases treat it as unknown and log it, since it means client and server disagree.
public struct UnexpectedBackendAnswer: Error, Equatable, Sendable {
  public let endpoint: BackendEndpoint
  public let status: Int
}
