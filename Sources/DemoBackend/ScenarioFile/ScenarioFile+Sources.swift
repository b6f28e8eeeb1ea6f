import DataLayer
import Domain
import Foundation

/// The sources the screens load: the wallet, the cards and the Apple Pay device.
extension ScenarioFile {
  /// `wallet`: an `"outcome"` (`ok`, with `"balance"` and `"currency"` or, without them, the
  /// default wallet; `notFound`, `banned`, `inReview` with `"review"`, `offline`,
  /// `unexpected`), or `"responses"`.
  static func wallet(
    _ value: JSONValue, _ reader: ScenarioFileReader
  ) throws(ScenarioFileError) -> SourceScript {
    try script(
      value, reader, outcomes: ["ok", "notFound", "banned", "inReview", "offline", "unexpected"],
      keys: ["ok": ["balance", "currency"], "inReview": ["review"]],
      success: WalletOutcome.defaultWallet.answer, defaultLatency: Scenario.walletLatency
    ) { name, object throws(ScenarioFileError) in
      let outcome: WalletOutcome
      switch name {
      case "ok" where object["balance"] == nil && object["currency"] == nil:
        // Like a missing "wallet" key: the default wallet.
        outcome = WalletOutcome.defaultWallet
      case "ok": outcome = .ok(try walletValue(object, reader))
      case "notFound": outcome = .notFound
      case "banned": outcome = .banned
      case "inReview":
        let review = try reader.string(
          object, "review", oneOf: WalletReviewState.allCases.map(\.rawValue))
        outcome = .inReview(WalletReviewState(rawValue: review) ?? .pending)
      case "offline": outcome = .offline
      default: outcome = .unexpected
      }
      return outcome.answer
    }
  }

  /// `cards`: an `"outcome"` (`ok`, with `"cards"` or, without them, the default cards;
  /// `offline`, `unexpected`), or `"responses"`.
  static func cards(
    _ value: JSONValue, _ reader: ScenarioFileReader
  ) throws(ScenarioFileError) -> SourceScript {
    try script(
      value, reader, outcomes: ["ok", "offline", "unexpected"], keys: ["ok": ["cards"]],
      success: CardsOutcome.defaultCards.answer, defaultLatency: Scenario.cardsLatency
    ) { name, object throws(ScenarioFileError) in
      let outcome: CardsOutcome
      switch name {
      case "ok" where object["cards"] == nil:
        // Like a missing "cards" key: the default cards.
        outcome = CardsOutcome.defaultCards
      case "ok": outcome = .ok(try cardList(object, reader))
      case "offline": outcome = .offline
      default: outcome = .unexpected
      }
      return outcome.answer
    }
  }

  /// A wallet's `"balance"` (0 or more) and `"currency"` (ISO 4217), in `object`.
  static func walletValue(_ object: [String: JSONValue], _ reader: ScenarioFileReader)
    throws(ScenarioFileError) -> Wallet
  {
    let balance = try reader.number(object, "balance")
    guard balance >= 0 else {
      throw reader.error("balance", "must be 0 or more, got \(balance)")
    }
    let currency = try reader.string(object, "currency")
    guard currency.count == 3, currency.allSatisfy({ $0.isASCII && $0.isUppercase }) else {
      throw reader.error("currency", "must be a three-letter ISO 4217 code such as \"EUR\"")
    }
    return Wallet(balance: balance, currency: currency)
  }

  /// The list of cards under `object`'s `"cards"`.
  static func cardList(_ object: [String: JSONValue], _ reader: ScenarioFileReader)
    throws(ScenarioFileError) -> [ScenarioCard]
  {
    guard let list = object["cards"] else { throw reader.error("cards", "is missing") }
    guard case .array(let items) = list else {
      throw reader.error("cards", "must be a list of cards, got \(list.kindDescription)")
    }
    var cards: [ScenarioCard] = []
    for (index, item) in items.enumerated() {
      cards.append(try card(item, reader.child("cards[\(index)]")))
    }
    return cards
  }

  static func card(_ value: JSONValue, _ reader: ScenarioFileReader)
    throws(ScenarioFileError)
    -> ScenarioCard
  {
    let object = try reader.object(value)
    try reader.refuseUnknownKeys(
      object, allowed: ["brand", "last4", "expiry", "status", "rejection"])
    let brand = try reader.string(object, "brand")
    guard !brand.allSatisfy(\.isWhitespace) else {
      throw reader.error("brand", "must not be empty")
    }
    let lastFour = try reader.string(object, "last4")
    guard lastFour.count == 4, lastFour.allSatisfy({ $0.isASCII && $0.isNumber }) else {
      throw reader.error("last4", "must be exactly four digits, got \"\(lastFour)\"")
    }
    let expiry = try reader.string(object, "expiry")
    guard CardExpiry(expiry) != nil else {
      throw reader.error("expiry", "must be MM/YY with a month from 01 to 12, got \"\(expiry)\"")
    }
    let status = try reader.string(object, "status", oneOf: ["active", "expired"])
    var decline: IssuerDecline?
    if let value = object["rejection"] {
      let declineReader = reader.child("rejection")
      let declineObject = try declineReader.object(value)
      try declineReader.refuseUnknownKeys(declineObject, allowed: ["reason", "message"])
      let reason = try declineReader.string(
        declineObject, "reason", oneOf: IssuerDecline.Reason.allCases.map(\.rawValue))
      decline = IssuerDecline(
        reason: IssuerDecline.Reason(rawValue: reason) ?? .blocked,
        message: try declineReader.optionalString(declineObject, "message"))
    }
    return ScenarioCard(
      brand: brand, lastFour: lastFour, expiry: expiry,
      status: status == "active" ? .active : .expired, decline: decline)
  }

  static func applePay(
    _ value: JSONValue, _ reader: ScenarioFileReader
  ) throws(ScenarioFileError) -> Scripted<ApplePayOutcome> {
    let names = ApplePayOutcome.allCases.map(\.rawValue)
    // A bare name is short for {"outcome": name}, as `userStatus` takes one.
    if case .string(let name) = value {
      guard let outcome = ApplePayOutcome(rawValue: name) else {
        let list = names.map { "\"\($0)\"" }.joined(separator: ", ")
        throw reader.error(
          nil, "must be one of \(list), or an object with \"outcome\", got \"\(name)\"")
      }
      return Scripted(outcome, latency: Scenario.applePayLatency)
    }
    let object = try reader.object(value)
    try reader.refuseUnknownKeys(object, allowed: ["outcome", "latencyMs"])
    let outcomeName = try reader.string(object, "outcome", oneOf: names)
    let outcome = ApplePayOutcome(rawValue: outcomeName) ?? .available
    return Scripted(
      outcome, latency: try reader.latency(object, default: Scenario.applePayLatency))
  }
}
