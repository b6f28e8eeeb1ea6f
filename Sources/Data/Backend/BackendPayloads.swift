import Foundation

// The JSON bodies the backend sends. The stub encodes them; the client and the repositories
// decode them.

struct WalletPayload: Codable, Equatable {
  var balance: Decimal
  var currency: String
}

struct CardsPayload: Codable, Equatable {
  struct Card: Codable, Equatable {
    var id: String
    var brand: String
    var last4: String
    /// "MM/YY".
    var expiry: String
    /// "active" or "expired".
    var status: String
    /// Present when the issuer rejected the card: it stays in the list as a value.
    var rejection: Rejection?
  }

  struct Rejection: Codable, Equatable {
    /// "blocked" or "expired".
    var reason: String
    var message: String?
  }

  var cards: [Card]
}

struct UserStatusPayload: Codable, Equatable {
  /// "verified", "notVerified" or "locked".
  var status: String
}

struct SessionPayload: Codable, Equatable {
  var accessToken: String
}

/// The body of every answer that is not a 2xx.
struct ErrorPayload: Codable, Equatable {
  var code: String
  var message: String?
  /// Extra detail for some codes, such as the review state of a wallet in review.
  var detail: String?
}

/// The server codes the backend puts in `ErrorPayload.code`.
enum ServerCode {
  static let walletNotFound = "wallet_not_found"
  static let walletBanned = "wallet_banned"
  static let walletInReview = "wallet_in_review"
  static let tokenExpired = "token_expired"
  static let invalidGrant = "invalid_grant"
  static let userNotVerified = "user_not_verified"
  static let userLocked = "user_locked"
}
