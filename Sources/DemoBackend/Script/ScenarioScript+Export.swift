import DataLayer
import Domain
import Foundation

/// A script as `--export-scenario` prints it, for `scripts/scenario-server` to play.
extension ScenarioScript {
  /// The script as `--export-scenario` prints it: JSON with sorted keys, latencies in
  /// milliseconds, every key of a step written. Its format is docs/HTTP.md's.
  public var exported: String {
    let object: [String: Any] = [
      "format": 1,
      "scenario": name,
      "summary": summary,
      "endpoints": Self.objects(endpoints),
      "wayOut": wayOut.map { Self.objects($0.endpoints) },
      "device": [
        "applePay": applePay.outcome.rawValue,
        "latencyMs": Self.milliseconds(applePay.latency),
        "saved": saved?.jsonObject ?? NSNull(),
      ],
      "cardBrands": Self.cardBrands,
    ]
    // Plain strings, numbers, booleans, nulls, arrays and dictionaries: always valid JSON.
    let data = try? JSONSerialization.data(
      withJSONObject: object, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])
    return data.map { String(decoding: $0, as: UTF8.self) + "\n" } ?? "{}\n"
  }

  /// The brand of a card number by its first four digits, as ranges, for a player that
  /// saves the card a request sends. Read off `CardValidation.brand(of:)` itself, so the
  /// app's rule stays the only one.
  static var cardBrands: [[String: Any]] {
    var ranges: [(brand: String, from: Int, to: Int)] = []
    for prefix in 1000...9999 {
      guard let brand = CardValidation.brand(of: "\(prefix)000000000000")?.rawValue else {
        continue
      }
      if let last = ranges.last, last.brand == brand, last.to == prefix - 1 {
        ranges[ranges.count - 1].to = prefix
      } else {
        ranges.append((brand, prefix, prefix))
      }
    }
    return ranges.map { ["brand": $0.brand, "fromPrefix": $0.from, "toPrefix": $0.to] }
  }

  private static func objects(_ endpoints: [BackendEndpoint: [Step]]) -> [String: Any] {
    var objects: [String: Any] = [:]
    for (endpoint, steps) in endpoints {
      objects[endpoint.rawValue] = steps.map(Self.object)
    }
    return objects
  }

  private static func object(_ step: Step) -> [String: Any] {
    var fault: Any = NSNull()
    var bodyMs: Any = NSNull()
    if let stepFault = step.fault {
      fault = stepFault.name
      if case .slowBody(let duration) = stepFault { bodyMs = milliseconds(duration) }
    }
    return [
      "latencyMs": milliseconds(step.latency),
      "status": step.status == 0 ? NSNull() : step.status,
      "headers": step.headers,
      "body": step.body,
      "fault": fault,
      "bodyMs": bodyMs,
      "settles": step.settles,
      "card": step.card?.rawValue ?? NSNull(),
      "requiresBody": step.requiresBody ?? NSNull(),
      "otherwise": step.otherwise.map { ["status": $0.status, "body": $0.body] } ?? NSNull(),
      "rotatesRefreshToken": step.rotatesRefreshToken,
    ]
  }

  /// Whole milliseconds, saturating rather than trapping on a duration too long for them.
  private static func milliseconds(_ duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1000)
    guard !overflow else { return seconds < 0 ? Int(Int64.min) : Int(Int64.max) }
    let (total, overflowAgain) = whole.addingReportingOverflow(attoseconds / 1_000_000_000_000_000)
    return overflowAgain ? Int(Int64.max) : Int(total)
  }
}
