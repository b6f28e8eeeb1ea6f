import DataLayer
import Domain
import Foundation

/// Reads a scenario from JSON (the format is in the README; `Examples/` has a sample).
///
/// Every mistake is reported with the key it is in and what was expected, and unknown keys
/// are refused rather than ignored, so a typo never silently turns into a default.
public enum ScenarioFile {
  public static func parse(_ data: Foundation.Data, name: String) throws(ScenarioFileError)
    -> Scenario
  {
    let root = try JSONValue.parse(Array(data))
    let reader = ScenarioFileReader(path: nil)
    let object = try reader.object(root)
    try reader.refuseUnknownKeys(
      object,
      allowed: [
        "wallet", "cards", "applePay", "session", "userStatus", "signIn", "addCard", "removeCard",
        "setDefault", "updateCard",
      ])

    var scenario = Scenario(name: name, summary: "Loaded from a scenario file.")
    if let wallet = object["wallet"] {
      scenario.wallet = try Self.wallet(wallet, reader.child("wallet"), default: scenario.wallet)
    }
    if let cards = object["cards"] {
      scenario.cards = try Self.cards(cards, reader.child("cards"), default: scenario.cards)
    }
    if let applePay = object["applePay"] {
      scenario.applePay = try Self.applePay(
        applePay, reader.child("applePay"), default: scenario.applePay)
    }
    if let addCard = object["addCard"] {
      let polls: SourceScript?
      (scenario.addCard, polls) = try Self.addCard(
        addCard, reader.child("addCard"), default: scenario.addCard)
      if let polls { scenario.cardSetup = polls }
    } else {
      scenario.addCard = SourceScript(addCardMeeting: scenario.cards)
    }
    scenario.removeCard =
      try object["removeCard"].map { value throws(ScenarioFileError) in
        try Self.write(value, reader.child("removeCard"), .removeCard)
      } ?? SourceScript(writeMeeting: scenario.cards, status: 204)
    scenario.setDefault =
      try object["setDefault"].map { value throws(ScenarioFileError) in
        try Self.write(value, reader.child("setDefault"), .setDefault)
      } ?? SourceScript(writeMeeting: scenario.cards, status: 200)
    scenario.updateCard =
      try object["updateCard"].map { value throws(ScenarioFileError) in
        try Self.write(value, reader.child("updateCard"), .updateCard)
      } ?? SourceScript(writeMeeting: scenario.cards, status: 200)
    if let session = object["session"] {
      let sessionReader = reader.child("session")
      let sessionObject = try sessionReader.object(session)
      try sessionReader.refuseUnknownKeys(sessionObject, allowed: ["refresh"])
      scenario.refresh = try sessionReader.oneOrMany(sessionObject, "refresh")
    }
    if object["userStatus"] != nil {
      scenario.userStatus = try reader.oneOrMany(object, "userStatus")
    }
    if object["signIn"] != nil {
      let outcome = try reader.string(
        object, "signIn", oneOf: SignInOutcome.allCases.map(\.rawValue))
      scenario.signIn = SignInOutcome(rawValue: outcome) ?? .succeeds
    }
    return scenario
  }

  // MARK: - Sources

  private static func wallet(
    _ value: JSONValue, _ reader: ScenarioFileReader, default fallback: SourceScript
  ) throws(ScenarioFileError) -> SourceScript {
    let object = try reader.object(value)
    try reader.refuseUnknownKeys(
      object, allowed: ["outcome", "latencyMs", "balance", "currency", "review", "responses"])
    if object["responses"] != nil {
      return try responses(
        object, reader, success: WalletOutcome.defaultWallet.answer, default: fallback)
    }
    let outcomeName = try reader.string(
      object, "outcome", oneOf: ["ok", "notFound", "banned", "inReview", "offline", "unexpected"])
    let outcome: WalletOutcome
    var allowed: Set<String> = ["outcome", "latencyMs"]
    switch outcomeName {
    case "ok" where object["balance"] == nil && object["currency"] == nil:
      // Like a missing "wallet" key: the default wallet.
      allowed.formUnion(["balance", "currency"])
      outcome = WalletOutcome.defaultWallet
    case "ok":
      allowed.formUnion(["balance", "currency"])
      let balance = try reader.number(object, "balance")
      guard balance >= 0 else {
        throw reader.error("balance", "must be 0 or more, got \(balance)")
      }
      let currency = try reader.string(object, "currency")
      guard currency.count == 3, currency.allSatisfy({ $0.isASCII && $0.isUppercase }) else {
        throw reader.error("currency", "must be a three-letter ISO 4217 code such as \"EUR\"")
      }
      outcome = .ok(Wallet(balance: balance, currency: currency))
    case "notFound": outcome = .notFound
    case "banned": outcome = .banned
    case "inReview":
      allowed.insert("review")
      let review = try reader.string(
        object, "review", oneOf: WalletReviewState.allCases.map(\.rawValue))
      outcome = .inReview(WalletReviewState(rawValue: review) ?? .pending)
    case "offline": outcome = .offline
    default: outcome = .unexpected
    }
    try reader.refuseKeys(object, allowed: allowed, "with \"outcome\": \"\(outcomeName)\"")
    return SourceScript(
      wallet: outcome, latency: try reader.latency(object, default: fallback.latency))
  }

  /// `addCard`: an `"outcome"` (`ok`, `invalid` with `"fields"`, `duplicate`, `declined`
  /// with optional `"declineCode"`, `"adviceCode"` and `"message"`, `requiresAction` with
  /// an optional `"message"` and `"polls"`, `offline`, `unexpected`), or `"responses"`,
  /// where a 2xx without a body saves the card sent. With `requiresAction`, also what the
  /// setup's polls answer.
  private static func addCard(
    _ value: JSONValue, _ reader: ScenarioFileReader, default fallback: SourceScript
  ) throws(ScenarioFileError) -> (SourceScript, polls: SourceScript?) {
    let object = try reader.object(value)
    try reader.refuseUnknownKeys(
      object,
      allowed: [
        "outcome", "latencyMs", "fields", "message", "declineCode", "adviceCode", "responses",
        "polls",
      ])
    if object["responses"] != nil {
      let script = try responses(
        object, reader, success: AddCardOutcomeScript.ok.answer, default: fallback)
      return (script, nil)
    }
    let outcomeName = try reader.string(
      object, "outcome",
      oneOf: ["ok", "invalid", "duplicate", "declined", "requiresAction", "offline", "unexpected"])
    var allowed: Set<String> = ["outcome", "latencyMs"]
    let outcome: AddCardOutcomeScript
    var polls: SourceScript?
    switch outcomeName {
    case "invalid":
      allowed.insert("fields")
      outcome = .invalid(try fieldMessages(object, reader))
    case "duplicate": outcome = .duplicate
    case "declined":
      allowed.formUnion(["message", "declineCode", "adviceCode"])
      outcome = .declined(try decline(object, reader))
    case "requiresAction":
      allowed.formUnion(["message", "polls"])
      let message =
        object["message"] != nil
        ? try reader.string(object, "message") : "Approve the request in your bank's app."
      outcome = .requiresAction(message: message)
      polls = try bankAnswers(object, reader)
    case "offline": outcome = .offline
    case "unexpected": outcome = .unexpected
    default: outcome = .ok
    }
    try reader.refuseKeys(object, allowed: allowed, "with \"outcome\": \"\(outcomeName)\"")
    let script = SourceScript(
      addCard: outcome, latency: try reader.latency(object, default: fallback.latency))
    return (script, polls)
  }

  /// `"polls"`: what the bank says at each poll of the setup, the last repeating:
  /// `waiting`, `approved`, `failed`, `canceled` or `tokenExpired`. Without it, the bank
  /// approves at the first poll.
  private static func bankAnswers(_ object: [String: JSONValue], _ reader: ScenarioFileReader)
    throws(ScenarioFileError) -> SourceScript
  {
    let latency = Duration.milliseconds(250)
    guard let value = object["polls"] else {
      return SourceScript([BankAnswerScript.approved.answer], latency: latency)
    }
    guard case .array(let items) = value, !items.isEmpty else {
      throw reader.error("polls", "must be a non-empty list such as [\"waiting\", \"approved\"]")
    }
    let names = ["waiting", "approved", "failed", "canceled", "tokenExpired"]
    var answers: [ScriptedAnswer] = []
    for (index, item) in items.enumerated() {
      let key = "polls[\(index)]"
      let name = try reader.string([key: item], key, oneOf: names)
      let answer: BankAnswerScript =
        switch name {
        case "waiting": .waiting
        case "failed": .failed(reason: "authentication_failed")
        case "canceled": .canceled
        case "tokenExpired": .tokenExpired
        default: .approved
        }
      answers.append(answer.answer)
    }
    return SourceScript(answers, latency: latency)
  }

  /// The writes to a saved card, each a `"outcome"` or `"responses"` (where a 2xx without
  /// a body does the write):
  /// - `removeCard`: `ok`, `alreadyGone` (404), `lastMethod` (409), `offline`, `unexpected`;
  /// - `setDefault`: `ok`, `gone` (404), `offline`, `unexpected`;
  /// - `updateCard`: `ok`, `invalid` with `"fields"` (the expiry's), `declined` with an
  ///   optional `"message"`, `gone` (404), `offline`, `unexpected`.
  private static func write(
    _ value: JSONValue, _ reader: ScenarioFileReader, _ endpoint: BackendEndpoint
  ) throws(ScenarioFileError) -> SourceScript {
    let latency = Duration.milliseconds(150)
    let done = ScriptedAnswer.respond(status: endpoint == .removeCard ? 204 : 200, body: "")
    let fallback = SourceScript([done], latency: latency)
    let object = try reader.object(value)
    try reader.refuseUnknownKeys(
      object,
      allowed: [
        "outcome", "latencyMs", "fields", "message", "declineCode", "adviceCode", "responses",
      ])
    if object["responses"] != nil {
      return try responses(object, reader, success: done, default: fallback)
    }
    let names: [String] =
      switch endpoint {
      case .removeCard: ["ok", "alreadyGone", "lastMethod", "offline", "unexpected"]
      case .setDefault: ["ok", "gone", "offline", "unexpected"]
      default: ["ok", "invalid", "declined", "gone", "offline", "unexpected"]
      }
    let outcomeName = try reader.string(object, "outcome", oneOf: names)
    var allowed: Set<String> = ["outcome", "latencyMs"]
    let answer: ScriptedAnswer
    switch outcomeName {
    case "gone" where endpoint == .setDefault:
      answer = .error(404, code: WireBody.Code.methodNotFound)
    case "alreadyGone", "gone":
      answer = .error(404, code: WireBody.Code.cardNotFound)
    case "lastMethod":
      answer = .error(409, code: WireBody.Code.lastPaymentMethod)
    case "invalid":
      allowed.insert("fields")
      let fields = try fieldMessages(object, reader)
      guard Set(fields.keys) == ["expiry"] else {
        throw reader.error("fields", "names the expiry only: it is all an update sends")
      }
      answer = AddCardOutcomeScript.invalid(fields).answer
    case "declined":
      allowed.formUnion(["message", "declineCode", "adviceCode"])
      answer = AddCardOutcomeScript.declined(try decline(object, reader)).answer
    case "offline": answer = .transport(.offline)
    case "unexpected": answer = .fault
    default: answer = done
    }
    try reader.refuseKeys(object, allowed: allowed, "with \"outcome\": \"\(outcomeName)\"")
    return SourceScript([answer], latency: try reader.latency(object, default: latency))
  }

  /// A decline's optional `"declineCode"` (a generic decline without one), `"adviceCode"`
  /// (none without one) and `"message"`.
  private static func decline(_ object: [String: JSONValue], _ reader: ScenarioFileReader)
    throws(ScenarioFileError) -> ScriptedDecline
  {
    var decline = ScriptedDecline()
    if object["declineCode"] != nil {
      decline.declineCode = try reader.string(object, "declineCode")
    }
    if object["adviceCode"] != nil { decline.adviceCode = try reader.string(object, "adviceCode") }
    if object["message"] != nil { decline.message = try reader.string(object, "message") }
    return decline
  }

  /// `"fields": {"number": ["…"], "expiry": ["…"]}`: the form's fields, each with at least
  /// one message.
  private static func fieldMessages(_ object: [String: JSONValue], _ reader: ScenarioFileReader)
    throws(ScenarioFileError) -> [String: [String]]
  {
    let fieldsReader = reader.child("fields")
    guard let value = object["fields"] else { throw reader.error("fields", "is missing") }
    let fields = try fieldsReader.object(value)
    try fieldsReader.refuseUnknownKeys(fields, allowed: Set(CardField.allCases.map(\.rawValue)))
    var messages: [String: [String]] = [:]
    for (key, list) in fields {
      guard case .array(let items) = list, !items.isEmpty else {
        throw fieldsReader.error(key, "must be a non-empty list of messages")
      }
      var texts: [String] = []
      for (index, item) in items.enumerated() {
        texts.append(try fieldsReader.child(key).string(["[\(index)]": item], "[\(index)]"))
      }
      messages[key] = texts
    }
    guard !messages.isEmpty else { throw reader.error("fields", "must name at least one field") }
    return messages
  }

  private static func cards(
    _ value: JSONValue, _ reader: ScenarioFileReader, default fallback: SourceScript
  ) throws(ScenarioFileError) -> SourceScript {
    let object = try reader.object(value)
    try reader.refuseUnknownKeys(object, allowed: ["outcome", "latencyMs", "cards", "responses"])
    if object["responses"] != nil {
      return try responses(
        object, reader, success: CardsOutcome.defaultCards.answer, default: fallback)
    }
    let outcomeName = try reader.string(object, "outcome", oneOf: ["ok", "offline", "unexpected"])
    let outcome: CardsOutcome
    var allowed: Set<String> = ["outcome", "latencyMs"]
    switch outcomeName {
    case "ok" where object["cards"] == nil:
      // Like a missing "cards" key: the default cards.
      allowed.insert("cards")
      outcome = CardsOutcome.defaultCards
    case "ok":
      allowed.insert("cards")
      guard let list = object["cards"] else { throw reader.error("cards", "is missing") }
      guard case .array(let items) = list else {
        throw reader.error("cards", "must be a list of cards, got \(list.kindDescription)")
      }
      var cards: [ScenarioCard] = []
      for (index, item) in items.enumerated() {
        cards.append(try card(item, reader.child("cards[\(index)]")))
      }
      outcome = .ok(cards)
    case "offline": outcome = .offline
    default: outcome = .unexpected
    }
    try reader.refuseKeys(object, allowed: allowed, "with \"outcome\": \"\(outcomeName)\"")
    return SourceScript(
      cards: outcome, latency: try reader.latency(object, default: fallback.latency))
  }

  /// The `"responses"` form: answers in order, the last one repeating.
  private static func responses(
    _ object: [String: JSONValue], _ reader: ScenarioFileReader, success: ScriptedAnswer,
    default fallback: SourceScript
  ) throws(ScenarioFileError) -> SourceScript {
    try reader.refuseKeys(object, allowed: ["responses", "latencyMs"], "beside \"responses\"")
    guard case .array(let items)? = object["responses"], !items.isEmpty else {
      throw reader.error("responses", "must be a non-empty list of answers")
    }
    var answers: [ScriptedAnswer] = []
    for (index, item) in items.enumerated() {
      answers.append(try answer(item, reader.child("responses[\(index)]"), success: success))
    }
    return SourceScript(answers, latency: try reader.latency(object, default: fallback.latency))
  }

  /// One answer: `{"transport": "offline"}`, or `{"status": 503, "retryAfter": 1, "code": …,
  /// "message": …, "body": …}`. A 2xx without a body carries the source's default data.
  private static func answer(
    _ value: JSONValue, _ reader: ScenarioFileReader, success: ScriptedAnswer
  )
    throws(ScenarioFileError) -> ScriptedAnswer
  {
    let object = try reader.object(value)
    try reader.refuseUnknownKeys(
      object, allowed: ["transport", "status", "retryAfter", "code", "message", "body"])
    if object["transport"] != nil {
      try reader.refuseKeys(object, allowed: ["transport"], "beside \"transport\"")
      let name = try reader.string(
        object, "transport", oneOf: TransportError.allCases.map(\.rawValue))
      return .transport(TransportError(rawValue: name) ?? .offline)
    }
    try reader.refuseKeys(
      object, allowed: ["status", "retryAfter", "code", "message", "body"], "beside \"status\"")
    guard case .number(let number)? = object["status"], number >= 100, number <= 599,
      number == number.rounded()
    else {
      throw reader.error(
        "status", "must be an HTTP status from 100 to 599, or use \"transport\" instead")
    }
    let status = NSDecimalNumber(decimal: number).intValue
    var headers: [String: String] = [:]
    switch object["retryAfter"] {
    case nil: break
    case .number(let seconds)? where seconds >= 0 && seconds == seconds.rounded():
      headers["retry-after"] = "\(seconds)"
    case .string(let date)? where RetryAfter.parse(date, now: Date()) != nil:
      headers["retry-after"] = date
    case let other?:
      throw reader.error(
        "retryAfter",
        "must be whole seconds, 0 or more, or an HTTP date such as "
          + "\"Wed, 21 Oct 2026 07:28:00 GMT\", got \(other.summary)")
    }
    if object["body"] != nil {
      return .respond(status: status, headers: headers, body: try reader.string(object, "body"))
    }
    if (200..<300).contains(status), case .respond(_, _, let body) = success {
      return .respond(status: status, headers: headers, body: body)
    }
    let code = object["code"] != nil ? try reader.string(object, "code") : "http_\(status)"
    let message = object["message"] != nil ? try reader.string(object, "message") : nil
    return .error(status, code: code, message: message, headers: headers)
  }

  private static func card(_ value: JSONValue, _ reader: ScenarioFileReader)
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
    var rejection: IssuerRejection?
    if let value = object["rejection"] {
      let rejectionReader = reader.child("rejection")
      let rejectionObject = try rejectionReader.object(value)
      try rejectionReader.refuseUnknownKeys(rejectionObject, allowed: ["reason", "message"])
      let reason = try rejectionReader.string(
        rejectionObject, "reason", oneOf: IssuerRejection.Reason.allCases.map(\.rawValue))
      let message =
        rejectionObject["message"] != nil
        ? try rejectionReader.string(rejectionObject, "message") : nil
      rejection = IssuerRejection(
        reason: IssuerRejection.Reason(rawValue: reason) ?? .blocked, message: message)
    }
    return ScenarioCard(
      brand: brand, lastFour: lastFour, expiry: expiry,
      status: status == "active" ? .active : .expired, rejection: rejection)
  }

  private static func applePay(
    _ value: JSONValue, _ reader: ScenarioFileReader, default fallback: Scripted<ApplePayOutcome>
  ) throws(ScenarioFileError) -> Scripted<ApplePayOutcome> {
    let names = ApplePayOutcome.allCases.map(\.rawValue)
    // A bare name is short for {"outcome": name}, as `userStatus` takes one.
    if case .string(let name) = value {
      guard let outcome = ApplePayOutcome(rawValue: name) else {
        let list = names.map { "\"\($0)\"" }.joined(separator: ", ")
        throw reader.error(
          nil, "must be one of \(list), or an object with \"outcome\", got \"\(name)\"")
      }
      return Scripted(outcome, latency: fallback.latency)
    }
    let object = try reader.object(value)
    try reader.refuseUnknownKeys(object, allowed: ["outcome", "latencyMs"])
    let outcomeName = try reader.string(object, "outcome", oneOf: names)
    let outcome = ApplePayOutcome(rawValue: outcomeName) ?? .available
    return Scripted(outcome, latency: try reader.latency(object, default: fallback.latency))
  }
}
