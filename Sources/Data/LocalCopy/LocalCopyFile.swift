import Domain
import Foundation

/// The local copy as its file holds it: the Data layer's own records, not the Domain's
/// entities, so that the file changes shape only on purpose, and its version with it.
///
/// Only what the screen shows: never a card number (at most four of its digits), a
/// security code, a token or a trace id. A balance is a decimal string ("125.5"), so that
/// no digit is lost to a binary number.
struct LocalCopyFile: Codable, Equatable {
  static let currentVersion = 1

  var version: Int
  var wallet: WalletPart?
  var cards: CardsPart?

  struct WalletPart: Codable, Equatable {
    var loadedAt: Date
    /// Absent: the answer was "no wallet the user can pay with".
    var wallet: WalletRecord?

    // The file's word for the time, from before the local copy had its name.
    enum CodingKeys: String, CodingKey {
      case loadedAt = "savedAt"
      case wallet
    }
  }

  struct WalletRecord: Codable, Equatable {
    var balance: String
    var currency: String
    var isDefault: Bool
  }

  struct CardsPart: Codable, Equatable {
    var loadedAt: Date
    var cards: [CardRecord]

    enum CodingKeys: String, CodingKey {
      case loadedAt = "savedAt"
      case cards
    }
  }

  struct CardRecord: Codable, Equatable {
    var id: String
    var brand: String
    var lastFour: String
    /// "MM/YY".
    var expiry: String
    /// "active" or "expired".
    var status: String
    var isDefault: Bool
    var decline: DeclineRecord?
  }

  struct DeclineRecord: Codable, Equatable {
    /// "blocked" or "expired".
    var reason: String
    var message: String?
  }
}

extension LocalCopyFile {
  init(_ list: LocalCopy) {
    version = Self.currentVersion
    wallet = list.wallet.map { part in
      WalletPart(
        loadedAt: part.loadedAt,
        wallet: part.value.map {
          WalletRecord(balance: "\($0.balance)", currency: $0.currency, isDefault: $0.isDefault)
        })
    }
    cards = list.cards.map { part in
      CardsPart(loadedAt: part.loadedAt, cards: part.value.map(CardRecord.init))
    }
  }

  /// The local copy, or why the file's records are not one: a list is read whole or not at
  /// all, never in part.
  func localCopy() throws(SmallFile.Problem) -> LocalCopy {
    var list = LocalCopy()
    if let wallet {
      list.wallet = LocalCopy.Part(try wallet.wallet?.wallet(), loadedAt: wallet.loadedAt)
    }
    if let cards {
      var read: [PaymentCard] = []
      for (index, card) in cards.cards.enumerated() {
        read.append(try card.card(at: index))
      }
      list.cards = LocalCopy.Part(read, loadedAt: cards.loadedAt)
    }
    return list
  }
}

extension LocalCopyFile.WalletRecord {
  func wallet() throws(SmallFile.Problem) -> Wallet {
    // Written as `Decimal` writes itself, so read back only when it says the same again:
    // "12abc", or digits past what `Decimal` holds, are not a balance.
    let posix = Locale(identifier: "en_US_POSIX")
    guard let amount = Decimal(string: balance, locale: posix), "\(amount)" == balance else {
      throw SmallFile.Problem(reason: "the wallet's balance is not a decimal number")
    }
    return Wallet(balance: amount, currency: currency, isDefault: isDefault)
  }
}

extension LocalCopyFile.CardRecord {
  init(_ card: PaymentCard) {
    id = card.id
    brand = card.brand
    // Four characters at most, whatever the backend sent as the last four.
    lastFour = String(card.lastFour.suffix(4))
    expiry = card.expiry.description
    status = card.status.rawValue
    isDefault = card.isDefault
    decline = card.decline.map { decline in
      // The issuer's words are kept, unless they hold what may be a card number.
      LocalCopyFile.DeclineRecord(
        reason: decline.reason.rawValue,
        message: decline.message.flatMap { Self.mayHoldCardNumber($0) ? nil : $0 })
    }
  }

  func card(at index: Int) throws(SmallFile.Problem) -> PaymentCard {
    let problem = { (what: String) in SmallFile.Problem(reason: "card [\(index)] has \(what)") }
    guard lastFour.count <= 4 else { throw problem("more than four last digits") }
    guard let expiry = CardExpiry(expiry) else { throw problem("an unreadable expiry") }
    guard let status = PaymentCard.Status(rawValue: status) else {
      throw problem("an unknown status")
    }
    var issuerDecline: IssuerDecline?
    if let decline {
      guard let reason = IssuerDecline.Reason(rawValue: decline.reason) else {
        throw problem("an unknown decline reason")
      }
      issuerDecline = IssuerDecline(reason: reason, message: decline.message)
    }
    return PaymentCard(
      id: id, brand: brand, lastFour: lastFour, expiry: expiry, status: status,
      decline: issuerDecline, isDefault: isDefault)
  }

  /// Thirteen digits or more in a row, spaces and dashes between them allowed: what a card
  /// number looks like when someone writes it out.
  static func mayHoldCardNumber(_ text: String) -> Bool {
    var digits = 0
    for character in text {
      if character.isASCII, character.isNumber {
        digits += 1
        if digits >= 13 { return true }
      } else if character != " ", character != "-" {
        digits = 0
      }
    }
    return false
  }
}
