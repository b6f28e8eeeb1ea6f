import Foundation

/// The JSON bodies the scripted backend sends, written from the server's side of the wire
/// contract. They are deliberately not the client's decoding types: a real backend shares
/// no code with the app, so the client's decoding is tested against bodies it did not write.
enum WireBody {
  struct Wallet: Codable {
    var balance: Decimal
    var currency: String
    var isDefault: Bool?
  }

  struct Cards: Codable {
    struct Card: Codable {
      var id: String
      var brand: String
      var last4: String
      var expiry: String
      var status: String
      var decline: Decline?
      var isDefault: Bool?

      /// The backend's word for an issuer's decline is `rejection`.
      enum CodingKeys: String, CodingKey {
        case id, brand, last4, expiry, status, isDefault
        case decline = "rejection"
      }
    }

    struct Decline: Codable {
      var reason: String
      var message: String?
    }

    var cards: [Card]
  }

  struct UserStatus: Encodable {
    var status: String
  }

  /// The answer to a refresh; `refreshToken` only from a backend that rotates it.
  struct Tokens: Codable {
    var accessToken: String
    var refreshToken: String?
  }

  struct AlreadySaved: Encodable {
    var code: String
    var card: Cards.Card
  }

  struct Invalid: Encodable {
    var code: String
    var fields: [String: [String]]
  }

  struct NewSession: Encodable {
    var accessToken: String
    var refreshToken: String
  }

  /// `PUT /me/default-payment-method`'s body and answer.
  struct DefaultMethod: Codable {
    struct Method: Codable {
      var kind: String
      var id: String?
    }

    var method: Method
  }

  struct Problem: Encodable {
    var code: String
    var message: String?
    var detail: String?
  }

  /// A 402's body: `{"code": "card_declined", "declineCode", "adviceCode" (or null),
  /// "message"}`.
  struct Declined: Encodable {
    var code = Code.cardDeclined
    var declineCode: String
    var adviceCode: String?
    var message: String

    enum CodingKeys: String, CodingKey {
      case code, declineCode, adviceCode, message
    }

    /// Writes `adviceCode` as null when there is none, as the wire contract says.
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(code, forKey: .code)
      try container.encode(declineCode, forKey: .declineCode)
      try container.encode(adviceCode, forKey: .adviceCode)
      try container.encode(message, forKey: .message)
    }
  }

  /// `POST /cards` answering 202: the bank must approve the card. The player fills in the
  /// setup's id.
  struct SetupStarted: Encodable {
    struct NextAction: Encodable {
      var type = "authenticate"
      var message: String
    }

    var status = "requires_action"
    var setupId = ""
    var nextAction: NextAction
  }

  /// `GET /cards/setups/{id}`'s answer: the setup's status, the card once it succeeded, the
  /// bank's reason once it failed.
  struct Setup: Encodable {
    var status: String
    var card: Cards.Card?
    var reason: String?
  }

  /// The server codes of the wire contract.
  enum Code {
    static let walletNotFound = "wallet_not_found"
    static let walletBanned = "wallet_banned"
    static let walletInReview = "wallet_in_review"
    static let tokenExpired = "token_expired"
    static let invalidGrant = "invalid_grant"
    static let invalidCredentials = "invalid_credentials"
    static let cardAlreadySaved = "card_already_saved"
    static let validationFailed = "validation_failed"
    static let cardDeclined = "card_declined"
    static let userNotVerified = "user_not_verified"
    static let userLocked = "user_locked"
    static let cardNotFound = "card_not_found"
    static let methodNotFound = "method_not_found"
    static let lastPaymentMethod = "last_payment_method"
    static let setupNotFound = "setup_not_found"
  }

  /// The JSON text of a body. Encoding these plain structs of strings and numbers cannot
  /// fail, so the empty fallback is never used.
  static func text(_ body: some Encodable) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return (try? encoder.encode(body)).map { String(decoding: $0, as: UTF8.self) } ?? ""
  }
}
