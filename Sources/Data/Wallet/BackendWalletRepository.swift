import Domain
import Foundation

/// The wallet, read from the payments backend: the request through the client, its answer
/// through `WalletMapper`, the one place where the backend's answers about the wallet become
/// `WalletRepositoryError`s.
public struct BackendWalletRepository: WalletRepository {
  private let client: BackendClient

  public init(client: BackendClient) {
    self.client = client
  }

  public func fetchWallet() async throws -> Wallet {
    // A failed request is thrown as the client made it; only the wallet's own answers
    // become `WalletRepositoryError`s.
    try WalletMapper.wallet(from: await client.send(.wallet))
  }
}
