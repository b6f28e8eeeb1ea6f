import Domain
import Foundation

/// `GET /wallet`'s answer, read: the wallet, or what the backend said instead as a
/// `WalletRepositoryError`. A pure function of the answer, tested on bytes without a client;
/// the client has already turned every generic failure into a `RequestFailure`.
enum WalletMapper {
  static func wallet(from answer: BackendClient.ResponseInContext) throws -> Wallet {
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
      let detail = answer.refusal(ErrorPayload.self)?.detail
      guard let state = detail.flatMap(WalletReviewState.init(rawValue:)) else { fallthrough }
      throw WalletRepositoryError.inReview(state, context)
    default:
      throw RequestFailure(.unexpectedAnswer, context: context)
    }
  }
}
