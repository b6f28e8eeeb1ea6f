import DataLayer
import Domain
import Foundation

/// The two forms every source and write takes: an `"outcome"` by name, or the
/// `"responses"` it answers, in order.
extension ScenarioFile {
  /// A source's or a write's script, in either form: `"responses"`, its answers in order;
  /// or an `"outcome"` out of `outcomes`, the answer `answer` makes of it. Beside
  /// `"outcome"` and `"latencyMs"`, each outcome takes the keys `keys` names for it: a key
  /// no outcome takes is unknown, and one another outcome takes is not of this form.
  static func script(
    _ value: JSONValue, _ reader: ScenarioFileReader, outcomes: [String],
    keys: [String: Set<String>] = [:], success: @autoclosure () -> ScriptedAnswer,
    defaultLatency: Duration,
    answer: (_ outcome: String, _ object: [String: JSONValue]) throws(ScenarioFileError) ->
      ScriptedAnswer
  ) throws(ScenarioFileError) -> SourceScript {
    let object = try reader.object(value)
    let everyOutcomesKeys = keys.values.reduce(into: Set<String>()) { $0.formUnion($1) }
    try reader.refuseUnknownKeys(
      object, allowed: everyOutcomesKeys.union(["outcome", "latencyMs", "responses"]))
    if object["responses"] != nil {
      return try responses(object, reader, success: success(), defaultLatency: defaultLatency)
    }
    let outcome = try reader.string(object, "outcome", oneOf: outcomes)
    let scripted = try answer(outcome, object)
    try reader.refuseKeys(
      object, allowed: (keys[outcome] ?? []).union(["outcome", "latencyMs"]),
      "with \"outcome\": \"\(outcome)\"")
    return SourceScript([scripted], latency: try reader.latency(object, default: defaultLatency))
  }

  /// The `"responses"` form: answers in order, the last one repeating.
  static func responses(
    _ object: [String: JSONValue], _ reader: ScenarioFileReader,
    success: @autoclosure () -> ScriptedAnswer, defaultLatency: Duration
  ) throws(ScenarioFileError) -> SourceScript {
    try reader.refuseKeys(object, allowed: ["responses", "latencyMs"], "beside \"responses\"")
    guard case .array(let items)? = object["responses"], !items.isEmpty else {
      throw reader.error("responses", "must be a non-empty list of answers")
    }
    var answers: [ScriptedAnswer] = []
    for (index, item) in items.enumerated() {
      answers.append(try answer(item, reader.child("responses[\(index)]"), success: success()))
    }
    return SourceScript(answers, latency: try reader.latency(object, default: defaultLatency))
  }

  /// One answer: `{"transport": "offline"}`, or `{"status": 503, "retryAfter": 1, "code": …,
  /// "message": …, "body": …}`. A 2xx without a body carries the source's default data.
  static func answer(
    _ value: JSONValue, _ reader: ScenarioFileReader, success: @autoclosure () -> ScriptedAnswer
  )
    throws(ScenarioFileError) -> ScriptedAnswer
  {
    let object = try reader.object(value)
    try reader.refuseUnknownKeys(
      object, allowed: ["transport", "status", "retryAfter", "code", "message", "body"])
    if object["transport"] != nil {
      try reader.refuseKeys(object, allowed: ["transport"], "beside \"transport\"")
      let name = try reader.string(
        object, "transport", oneOf: TransportError.allCases.map(\.scenarioName))
      return .transport(TransportError.allCases.first { $0.scenarioName == name } ?? .offline)
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
    if (200..<300).contains(status), case .respond(_, _, let body) = success() {
      return .respond(status: status, headers: headers, body: body)
    }
    return .error(
      status, code: try reader.optionalString(object, "code") ?? "http_\(status)",
      message: try reader.optionalString(object, "message"), headers: headers)
  }
}
