import Foundation

/// The JSON bodies the scripted backend sends, written from the server's side of the wire
/// contract. They are deliberately not the client's decoding types, nor `Codable`: the
/// backend reads and writes its bodies with its own JSON value (`JSONValue`, which also
/// reads scenario files). A real backend shares no code with the app, so the client's
/// decoding is tested against bodies it did not write.
enum WireBody {
  struct Wallet: WireWritable {
    var balance: Decimal
    var currency: String
    var isDefault: Bool?

    var json: JSONValue {
      .object(omittingNils: [
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

      var json: JSONValue { .object(members) }

      /// The card's members; the backend's word for an issuer's decline is `"rejection"`.
      var members: [String: JSONValue] {
        let members: [String: JSONValue?] = [
          "id": .string(id), "brand": .string(brand), "last4": .string(last4),
          "expiry": .string(expiry), "status": .string(status), "rejection": decline?.json,
          "isDefault": isDefault.map(JSONValue.bool),
        ]
        return members.compactMapValues { $0 }
      }

    }

    struct Decline: WireWritable {
      var reason: String
      var message: String?

      var json: JSONValue {
        .object(omittingNils: ["reason": .string(reason), "message": message.map(JSONValue.string)])
      }
    }

    var cards: [Card]

    var json: JSONValue { .object(["cards": .array(cards.map(\.json))]) }
  }

  /// `GET /me/status`'s answer: the status, and whose session asked.
  struct UserStatus: WireWritable {
    var status: String
    var userId = ScenarioBackend.demoUserID

    var json: JSONValue { .object(["status": .string(status), "userId": .string(userId)]) }
  }

  /// The answer to a refresh; `refreshToken` only from a backend that rotates it.
  struct Tokens: WireWritable {
    var accessToken: String
    var refreshToken: String?

    var json: JSONValue {
      .object(omittingNils: [
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

  /// `POST /session`'s answer: the new session's tokens, and the person signed in.
  struct NewSession: WireWritable {
    var accessToken: String
    var refreshToken: String
    var userId = ScenarioBackend.demoUserID

    var json: JSONValue {
      .object([
        "accessToken": .string(accessToken), "refreshToken": .string(refreshToken),
        "userId": .string(userId),
      ])
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
      let method = JSONValue.object(omittingNils: [
        "kind": .string(method.kind), "id": method.id.map(JSONValue.string),
      ])
      return .object(["method": method])
    }
  }

  struct Problem: WireWritable {
    var code: String
    var message: String?
    var detail: String?

    var json: JSONValue {
      .object(omittingNils: [
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
      .object(omittingNils: [
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

/// The bodies the backend reads back: the cards a list it was scripted to send holds, and
/// the method a client's request names. Read as strictly as the client reads them, so that
/// a list the client refuses holds no card for a write to meet.
extension WireBody.Cards {
  /// The cards of a `GET /cards` body; nil for a body that is not such a list, or whose
  /// list holds anything but cards.
  init?(body: some Sequence<UInt8>) {
    guard case .array(let items)? = JSONValue.read(body)?["cards"] else { return nil }
    let cards = items.compactMap { Card($0) }
    guard cards.count == items.count else { return nil }
    self.init(cards: cards)
  }
}

extension WireBody.Cards.Card {
  /// A card as a list holds it; nil if a member it must have is missing, or a member is
  /// not of its kind.
  init?(_ json: JSONValue) {
    guard let id = json["id"]?.string, let brand = json["brand"]?.string,
      let last4 = json["last4"]?.string, let expiry = json["expiry"]?.string,
      let status = json["status"]?.string
    else { return nil }
    self.init(id: id, brand: brand, last4: last4, expiry: expiry, status: status)
    switch json["rejection"] {
    case nil, .null?: break
    case let declined?:
      guard let reason = declined["reason"]?.string else { return nil }
      switch declined["message"] {
      case nil, .null?: decline = WireBody.Cards.Decline(reason: reason)
      case .string(let message)?:
        decline = WireBody.Cards.Decline(reason: reason, message: message)
      default: return nil
      }
    }
    switch json["isDefault"] {
    case nil, .null?: break
    case .bool(let isDefault)?: self.isDefault = isDefault
    default: return nil
    }
  }
}

extension WireBody.DefaultMethod {
  /// The method a request's body names; nil for a body that names none.
  init?(body: some Sequence<UInt8>) {
    let method = JSONValue.read(body)?["method"]
    guard let kind = method?["kind"]?.string else { return nil }
    self.init(method: Method(kind: kind, id: method?["id"]?.string))
  }
}
