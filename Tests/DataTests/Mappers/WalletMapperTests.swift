import Domain
import Foundation
import Testing

@testable import DataLayer

/// `GET /wallet`'s answers, read without a client: status and bytes in, a wallet or an error
/// out.
@Suite("Wallet mapper: GET /wallet's answer, read")
struct WalletMapperTests {
  private func wallet(_ status: Int, _ body: String) throws -> Wallet {
    try WalletMapper.wallet(from: response(status, body, to: .wallet))
  }

  @Test("a 200 with a wallet is that wallet, its balance exact to the cent")
  func wallet() throws {
    let read = try wallet(200, #"{"balance":1234.56,"currency":"GBP"}"#)

    #expect(read == Wallet(balance: Decimal(string: "1234.56")!, currency: "GBP"))
  }

  @Test("a 200 whose wallet says isDefault is the default way to pay")
  func defaultWallet() throws {
    let read = try wallet(200, #"{"balance":0,"currency":"EUR","isDefault":true}"#)

    #expect(read.isDefault)
  }

  @Test("a 404 wallet_not_found is no wallet found, with the answer's status and code")
  func notFound() throws {
    let error = try #require(throws: WalletRepositoryError.self) {
      try wallet(404, #"{"code":"wallet_not_found"}"#)
    }

    guard case .noWalletFound(let context) = error else {
      Issue.record("expected noWalletFound, got \(error)")
      return
    }
    #expect(context.status == 404)
    #expect(context.serverCode == "wallet_not_found")
  }

  @Test("a 403 wallet_banned is a banned wallet")
  func banned() throws {
    let error = try #require(throws: WalletRepositoryError.self) {
      try wallet(403, #"{"code":"wallet_banned"}"#)
    }

    guard case .banned = error else {
      Issue.record("expected banned, got \(error)")
      return
    }
  }

  @Test(
    "a wallet in review keeps its review state",
    arguments: WalletReviewState.allCases)
  func inReview(state: WalletReviewState) throws {
    let error = try #require(throws: WalletRepositoryError.self) {
      try wallet(409, #"{"code":"wallet_in_review","detail":"\#(state.rawValue)"}"#)
    }

    guard case .inReview(let found, _) = error else {
      Issue.record("expected inReview, got \(error)")
      return
    }
    #expect(found == state)
  }

  @Test(
    "answers the client has no mapping for are unexpected, not guessed",
    arguments: [
      (418, #"{"code":"teapot"}"#),
      (403, #"{"code":"something_new"}"#),
      (409, #"{"code":"wallet_in_review","detail":"lunch"}"#),
      (404, "not json"),
    ])
  func unexpected(status: Int, body: String) {
    let failure = #expect(throws: RequestFailure.self) { try wallet(status, body) }

    #expect(failure?.kind == .unexpectedAnswer)
    #expect(failure?.context.status == status)
  }

  @Test("a 200 whose body does not decode is a malformed response, the decoding error kept")
  func malformed() {
    let failure = #expect(throws: RequestFailure.self) {
      try wallet(200, #"{"balance":"lots","currency":"EUR"}"#)
    }

    #expect(failure?.kind == .malformedResponse)
    #expect(failure?.context.underlying is DecodingError)
  }
}
