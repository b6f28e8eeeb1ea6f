import Foundation

/// The JSON bodies the scripted backend sends, written from the server's side of the wire
/// contract. They are deliberately not the client's decoding types, and are written with
/// the backend's own JSON value (`JSONValue`) rather than `Codable`: a real backend shares
/// no code with the app, so the client's decoding is tested against bodies it did not
/// write.
enum WireBody {
  struct Wallet: WireWritable {
    var balance: Decimal
    var currency: String
    var isDefault: Bool?

    var json: JSONValue {
      .members([
        "balance": .number(balance), "currency": .string(currency),
        "isDefault": isDefault.map(JSONValue.bool),
      ])
    }
  }

  struct Cards: WireWritable {
    struct Card: WireWritable {
      var id: String
      var brand: String
      var last4: String
      var expiry: String
      var status: String
      var decline: Decline?
      var isDefault: Bool?

      /// The backend's word for an issuer's decline is `rejection`.
      var json: JSONValue {
        .members([
          "id": .string(id), "brand": .string(brand), "last4": .string(last4),
          "expiry": .string(expiry), "status": .string(status), "rejection": decline?.json,
          "isDefault": isDefault.map(JSONValue.bool),
        ])
      }

      init(
        id: String, brand: String, last4: String, expiry: String, status: String,
        decline: Decline? = nil, isDefault: Bool? = nil
      ) {
        (self.id, self.brand, self.last4, self.expiry) = (id, brand, last4, expiry)
        (self.status, self.decline, self.isDefault) = (status, decline, isDefault)
      }

      /// A card as a list the backend sent holds it; nil if a member it must have is
      /// missing or not a string.
      init?(_ json: JSONValue) {
        guard let id = json["id"]?.string, let brand = json["brand"]?.string,
          let last4 = json["last4"]?.string, let expiry = json["expiry"]?.string,
          let status = json["status"]?.string
        else { return nil }
        self.init(id: id, brand: brand, last4: last4, expiry: expiry, status: status)
        if let declined = json["rejection"], declined != .null {
          guard let reason = declined["reason"]?.string else { return nil }
          decline = Decline(reason: reason, message: declined["message"]?.string)
        }
        if case .bool(let isDefault)? = json["isDefault"] { self.isDefault = isDefault }
      }
    }

    struct Decline: WireWritable {
      var reason: String
      var message: String?

      var json: JSONValue {
        .members(["reason": .string(reason), "message": message.map(JSONValue.string)])
      }
    }

    var cards: [Card]

    var json: JSONValue { .object(["cards": .array(cards.map(\.json))]) }

    /// The cards of a `GET /cards` body; nil for a body that is not such a list, or whose
    /// list holds anything but cards.
    init?(body: String) {
      guard case .array(let items)? = JSONValue.read(body.utf8)?["cards"] else { return nil }
      let cards = items.compactMap(Card.init)
      guard cards.count == items.count else { return nil }
      self.cards = cards
    }

    init(cards: [Card]) {
      self.cards = cards
    }
  }

  struct UserStatus: WireWritable {
    var status: String

    var json: JSONValue { .object(["status": .string(status)]) }
  }

  /// The answer to a refresh; `refreshToken` only from a backend that rotates it.
  struct Tokens: WireWritable {
    var accessToken: String
    var refreshToken: String?

    var json: JSONValue {
      .members([
        "accessToken": .string(accessToken), "refreshToken": refreshToken.map(JSONValue.string),
      ])
    }
  }

  struct AlreadySaved: WireWritable {
    var code: String
    var card: Cards.Card

    var json: JSONValue { .object(["code": .string(code), "card": card.json]) }
  }

  struct Invalid: WireWritable {
    var code: String
    var fields: [String: [String]]

    var json: JSONValue {
      .object([
        "code": .string(code),
        "fields": .object(fields.mapValues { .array($0.map(JSONValue.string)) }),
      ])
    }
  }

  struct NewSession: WireWritable {
    var accessToken: String
    var refreshToken: String

    var json: JSONValue {
      .object(["accessToken": .string(accessToken), "refreshToken": .string(refreshToken)])
    }
  }

  /// `PUT /me/default-payment-method`'s body and answer.
  struct DefaultMethod: WireWritable {
    struct Method: Equatable {
      var kind: String
      var id: String?
    }

    var method: Method

    var json: JSONValue {
      let method = JSONValue.members([
        "kind": .string(method.kind), "id": method.id.map(JSONValue.string),
      ])
      return .object(["method": method])
    }

    /// The method a request's body names; nil for a body that names none.
    init?(body: Foundation.Data) {
      let method = JSONValue.read(body)?["method"]
      guard let kind = method?["kind"]?.string else { return nil }
      self.method = Method(kind: kind, id: method?["id"]?.string)
    }
  }

  struct Problem: WireWritable {
    var code: String
    var message: String?
    var detail: String?

    var json: JSONValue {
      .members([
        "code": .string(code), "message": message.map(JSONValue.string),
        "detail": detail.map(JSONValue.string),
      ])
    }
  }

  /// A 402's body: `{"code": "card_declined", "declineCode", "adviceCode" (or null),
  /// "message"}`.
  struct Declined: WireWritable {
    var code = Code.cardDeclined
    var declineCode: String
    var adviceCode: String?
    var message: String

    /// `adviceCode` is null when there is none, as the wire contract says.
    var json: JSONValue {
      .object([
        "code": .string(code), "declineCode": .string(declineCode),
        "adviceCode": adviceCode.map(JSONValue.string) ?? .null, "message": .string(message),
      ])
    }
  }

  /// `POST /cards` answering 202: the bank must approve the card. The player fills in the
  /// setup's id.
  struct SetupStarted: WireWritable {
    var message: String

    var json: JSONValue {
      .object([
        "status": .string("requires_action"), "setupId": .string(""),
        "nextAction": .object(["type": .string("authenticate"), "message": .string(message)]),
      ])
    }
  }

  /// `GET /cards/setups/{id}`'s answer: the setup's status, the card once it succeeded, the
  /// bank's reason once it failed.
  struct Setup: WireWritable {
    var status: String
    var card: Cards.Card?
    var reason: String?

    var json: JSONValue {
      .members([
        "status": .string(status), "card": card?.json, "reason": reason.map(JSONValue.string),
      ])
    }
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

  /// The JSON text of a body.
  static func text(_ body: some WireWritable) -> String {
    body.json.text
  }
}

/// A body the backend writes, as a JSON value.
protocol WireWritable {
  var json: JSONValue { get }
}

extension JSONValue {
  /// The JSON value of a body; nil for bytes that are not JSON.
  static func read(_ body: some Sequence<UInt8>) -> JSONValue? {
    try? parse(Array(body))
  }
}
