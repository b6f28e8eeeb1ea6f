import Domain
import Foundation

/// The wallet, read from the payments backend. This is the one place where the backend's
/// answers about the wallet become `WalletRepositoryError`s; the client has already
/// turned every generic failure into a `RequestFailure`.
public struct BackendWalletRepository: WalletRepository {
  private let client: BackendClient

  public init(client: BackendClient) {
    self.client = client
  }

  public func fetchWallet() async throws -> Wallet {
    // A failed request is thrown as the client made it; only the wallet's own answers
    // become `WalletRepositoryError`s.
    let answer = try await client.send(.wallet)

    let context = answer.context
    switch (answer.response.status, context.serverCode) {
    case (200..<300, _):
      let payload = try answer.decode(WalletPayload.self)
      return Wallet(
        balance: payload.balance, currency: payload.currency,
        isDefault: payload.isDefault ?? false)
    case (404, ServerCode.walletNotFound):
      throw WalletRepositoryError.noWalletFound(context)
    case (403, ServerCode.walletBanned):
      throw WalletRepositoryError.banned(context)
    case (409, ServerCode.walletInReview):
      let detail = (try? JSONDecoder().decode(ErrorPayload.self, from: answer.response.body))?
        .detail
      guard let state = detail.flatMap(WalletReviewState.init(rawValue:)) else { fallthrough }
      throw WalletRepositoryError.inReview(state, context)
    default:
      throw RequestFailure(.unexpectedAnswer, context: context)
    }
  }
}
