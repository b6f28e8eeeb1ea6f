import DataLayer
import Domain
import Foundation

/// The writes: adding a card (and its bank's approval), removing one, making one the
/// default, and updating one.
extension ScenarioFile {
  /// `addCard`: an `"outcome"` (`ok`, `invalid` with `"fields"`, `duplicate`, `declined`
  /// with optional `"declineCode"`, `"adviceCode"` and `"message"`, `requiresAction` with
  /// an optional `"message"` and `"polls"`, `offline`, `unexpected`), or `"responses"`,
  /// where a 2xx without a body saves the card sent. With `requiresAction`, also what the
  /// setup's polls answer.
  static func addCard(
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
  static func bankAnswers(_ object: [String: JSONValue], _ reader: ScenarioFileReader)
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
  static func write(
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
  static func decline(_ object: [String: JSONValue], _ reader: ScenarioFileReader)
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
  static func fieldMessages(_ object: [String: JSONValue], _ reader: ScenarioFileReader)
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
}
