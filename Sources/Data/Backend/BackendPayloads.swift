import Domain
import Foundation

// The JSON bodies of the wire contract, as the client and the repositories decode them.

struct WalletPayload: Decodable, Equatable {
  var balance: Decimal
  var currency: String
  /// True when the wallet is the user's default way to pay; absent means false.
  var isDefault: Bool?
}

struct CardsPayload: Decodable, Equatable {
  struct Card: Decodable, Equatable {
    var id: String
    var brand: String
    var last4: String
    /// "MM/YY".
    var expiry: String
    /// "active" or "expired".
    var status: String
    /// Present when the issuer declined the card: it stays in the list as a value. The
    /// backend calls it `"rejection"`.
    var decline: Decline?
    /// True for the user's default way to pay; absent means false.
    var isDefault: Bool?

    enum CodingKeys: String, CodingKey {
      case id, brand, last4, expiry, status, isDefault
      case decline = "rejection"
    }
  }

  struct Decline: Decodable, Equatable {
    /// "blocked" or "expired".
    var reason: String
    var message: String?
  }

  var cards: [Card]
}

struct UserStatusPayload: Decodable, Equatable {
  /// "verified", "notVerified" or "locked".
  var status: String
  /// The person whose session asked: the backend's id for them.
  var userId: String?
}

/// The answer to a refresh: a new access token, and a new refresh token from a backend that
/// rotates them (absent or null: the old one stays valid).
struct SessionPayload: Decodable, Equatable {
  var accessToken: String
  var refreshToken: String?
  /// Whose session the new tokens are, where the backend says; one that is not a string says
  /// nothing (the answer's tokens are still good).
  var userId: String?

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    accessToken = try container.decode(String.self, forKey: .accessToken)
    refreshToken = try container.decodeIfPresent(String.self, forKey: .refreshToken)
    userId = try? container.decodeIfPresent(String.self, forKey: .userId)
  }

  private enum CodingKeys: String, CodingKey {
    case accessToken, refreshToken, userId
  }
}

/// The answer to a sign-in: a whole new session.
struct SignInPayload: Decodable, Equatable {
  var accessToken: String
  var refreshToken: String
  /// The person signed in: the backend's id for them.
  var userId: String?
}

/// The body of every answer that is not a 2xx.
struct ErrorPayload: Decodable, Equatable {
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
  static let userNotVerified = "user_not_verified"
  static let userLocked = "user_locked"
  static let cardAlreadySaved = "card_already_saved"
  static let validationFailed = "validation_failed"
  static let cardDeclined = "card_declined"
  static let cardNotFound = "card_not_found"
  static let lastPaymentMethod = "last_payment_method"
  static let methodNotFound = "method_not_found"
}

/// The body of `POST /cards`: the one place a full card number and security code are
/// written, straight into the request's redacted body.
struct NewCardPayload: Encodable {
  var number: String
  var expiry: String
  var cvc: String
  var name: String
}

/// What a refusal of a card write (`POST /cards`, `PATCH /cards/{id}`) says beside its code,
/// which the client has read into the context: with a 409 `card_already_saved` the card,
/// with a 422 `validation_failed` each field's messages, with a 402 `card_declined` the
/// issuer's reason and advice.
struct CardRefusalPayload: Decodable {
  var card: CardsPayload.Card?
  var fields: [String: [String]]?
  /// With a 402 `card_declined`: the issuer's reason and advice.
  var declineCode: String?
  var adviceCode: String?

  /// A 402's decline, as the Domain knows it.
  var decline: CardDecline { CardDecline(code: declineCode, adviceCode: adviceCode) }
}

/// A method as `PUT /me/default-payment-method` sends and answers it:
/// `{"kind": "card", "id": "…"}` or `{"kind": "wallet"}`.
struct DefaultMethodPayload: Codable, Equatable {
  var kind: String
  var id: String?
}

/// The body, and the answer, of `PUT /me/default-payment-method`.
struct DefaultMethodBody: Codable, Equatable {
  var method: DefaultMethodPayload
}

/// `POST /cards` answering 202: the bank has to approve the card first.
/// `{"status": "requires_action", "setupId": "…", "nextAction": {"type": "authenticate",
/// "message": "…"}}`.
struct CardSetupStartedPayload: Decodable {
  struct NextAction: Decodable {
    var type: String
    var message: String?
  }

  var status: String
  var setupId: String
  var nextAction: NextAction
}

/// `GET /cards/setups/{id}`: `{"status": "requires_action" | "processing" | "succeeded" |
/// "failed" | "canceled", "card": {…} (when succeeded), "reason": "…" (when failed)}`.
struct CardSetupPayload: Decodable {
  var status: String
  var card: CardsPayload.Card?
  var reason: String?
}

/// The body of `PATCH /cards/{id}`.
struct CardExpiryPayload: Encodable {
  /// "MM/YY".
  var expiry: String
}
