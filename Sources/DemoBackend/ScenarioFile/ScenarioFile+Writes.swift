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
    _ value: JSONValue, _ reader: ScenarioFileReader
  ) throws(ScenarioFileError) -> (SourceScript, polls: SourceScript?) {
    var polls: SourceScript?
    let added = try script(
      value, reader,
      outcomes: [
        "ok", "invalid", "duplicate", "declined", "requiresAction", "offline", "unexpected",
      ],
      keys: [
        "invalid": ["fields"], "declined": ["message", "declineCode", "adviceCode"],
        "requiresAction": ["message", "polls"],
      ],
      success: AddCardOutcomeScript.ok.answer, defaultLatency: Scenario.writeLatency
    ) { name, object throws(ScenarioFileError) in
      let outcome: AddCardOutcomeScript
      switch name {
      case "invalid": outcome = .invalid(try fieldMessages(object, reader))
      case "duplicate": outcome = .duplicate
      case "declined": outcome = .declined(try decline(object, reader))
      case "requiresAction":
        let message = try reader.optionalString(object, "message")
        outcome = .requiresAction(message: message ?? "Approve the request in your bank's app.")
        polls = try bankAnswers(object, reader)
      case "offline": outcome = .offline
      case "unexpected": outcome = .unexpected
      default: outcome = .ok
      }
      return outcome.answer
    }
    return (added, polls)
  }

  /// `"polls"`: what the bank says at each poll of the setup, the last repeating:
  /// `waiting`, `approved`, `failed`, `canceled` or `tokenExpired`. Without it, the bank
  /// approves at the first poll.
  static func bankAnswers(_ object: [String: JSONValue], _ reader: ScenarioFileReader)
    throws(ScenarioFileError) -> SourceScript
  {
    let latency = Duration.milliseconds(250)
    guard object["polls"] != nil else {
      return SourceScript([BankAnswerScript.approved.answer], latency: latency)
    }
    let names = try reader.strings(
      object, "polls", oneOf: ["waiting", "approved", "failed", "canceled", "tokenExpired"],
      otherwise: "must be a non-empty list such as [\"waiting\", \"approved\"]")
    let answers = names.map { name in
      let answer: BankAnswerScript =
        switch name {
        case "waiting": .waiting
        case "failed": .failed(reason: "authentication_failed")
        case "canceled": .canceled
        case "tokenExpired": .tokenExpired
        default: .approved
        }
      return answer.answer
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
    let done = ScriptedAnswer.respond(status: endpoint == .removeCard ? 204 : 200, body: "")
    let names: [String] =
      switch endpoint {
      case .removeCard: ["ok", "alreadyGone", "lastMethod", "offline", "unexpected"]
      case .setDefault: ["ok", "gone", "offline", "unexpected"]
      default: ["ok", "invalid", "declined", "gone", "offline", "unexpected"]
      }
    return try script(
      value, reader, outcomes: names,
      keys: ["invalid": ["fields"], "declined": ["message", "declineCode", "adviceCode"]],
      success: done, defaultLatency: Scenario.writeLatency
    ) { name, object throws(ScenarioFileError) in
      switch name {
      case "gone" where endpoint == .setDefault:
        return .error(404, code: WireBody.Code.methodNotFound)
      case "alreadyGone", "gone":
        return .error(404, code: WireBody.Code.cardNotFound)
      case "lastMethod":
        return .error(409, code: WireBody.Code.lastPaymentMethod)
      case "invalid":
        let fields = try fieldMessages(object, reader)
        guard Set(fields.keys) == ["expiry"] else {
          throw reader.error("fields", "names the expiry only: it is all an update sends")
        }
        return AddCardOutcomeScript.invalid(fields).answer
      case "declined":
        return AddCardOutcomeScript.declined(try decline(object, reader)).answer
      case "offline": return .transport(.offline)
      case "unexpected": return .fault
      default: return done
      }
    }
  }

  /// A decline's optional `"declineCode"` (a generic decline without one), `"adviceCode"`
  /// (none without one) and `"message"`.
  static func decline(_ object: [String: JSONValue], _ reader: ScenarioFileReader)
    throws(ScenarioFileError) -> ScriptedDecline
  {
    var decline = ScriptedDecline()
    decline.declineCode = try reader.optionalString(object, "declineCode") ?? decline.declineCode
    decline.adviceCode = try reader.optionalString(object, "adviceCode")
    decline.message = try reader.optionalString(object, "message") ?? decline.message
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
    for key in fields.keys {
      messages[key] = try fieldsReader.strings(
        fields, key, otherwise: "must be a non-empty list of messages")
    }
    guard !messages.isEmpty else { throw reader.error("fields", "must name at least one field") }
    return messages
  }
}
