import DataLayer
import Domain
import Foundation

/// The `"responses"` form every source and write takes besides its `"outcome"` form.
extension ScenarioFile {
  /// The `"responses"` form: answers in order, the last one repeating.
  static func responses(
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
  static func answer(
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
}
