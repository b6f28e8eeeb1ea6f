import Foundation

/// Prints the figures as they are measured, as a table, or at the end as one JSON object.
final class BenchmarkReport {
  private let json: Bool
  private var figures: [Figure] = []
  private var skipped: [String: String] = [:]

  init(json: Bool) {
    self.json = json
  }

  func begin() {
    guard !json else { return }
    print("payment-methods-bench: each figure with its floor from this run, median of rounds")
  }

  func add(_ new: [Figure]) {
    figures += new
    guard !json else { return }
    if let section = new.first?.section { print("\n\(section)") }
    for figure in new { print(line(figure)) }
  }

  func skip(_ section: String, because reason: String) {
    skipped[section] = reason
    guard !json else { return }
    print("\n\(section)\n  not measured: \(reason)")
  }

  func end() {
    if json {
      print(jsonText())
      return
    }
    let judged = figures.compactMap(\.verdict)
    let passed = judged.filter { $0 }.count
    print("\ngoals met: \(passed) of \(judged.count)")
  }

  private func line(_ figure: Figure) -> String {
    var text =
      "  \(figure.name): \(Format.number(figure.value)) \(figure.unit)"
      + "  | floor (\(figure.floorName)): \(Format.number(figure.floor))"
    if let ratio = figure.ratio { text += "  | ratio \(Format.number(ratio))" }
    text += "  | goal \(figure.goalDescription)"
    if let verdict = figure.verdict { text += verdict ? "  PASS" : "  MISS" }
    return text
  }

  private func jsonText() -> String {
    let entries: [[String: Any]] = figures.map { figure in
      // JSON has no NaN: a figure that could not be computed is null.
      func number(_ value: Double?) -> Any { value.flatMap { $0.isFinite ? $0 : nil } ?? NSNull() }
      var entry: [String: Any] = [
        "section": figure.section, "name": figure.name, "value": number(figure.value),
        "unit": figure.unit, "floorName": figure.floorName, "floor": number(figure.floor),
        "goal": figure.goalDescription,
      ]
      entry["ratio"] = number(figure.ratio)
      entry["pass"] = figure.verdict ?? NSNull()
      return entry
    }
    let object: [String: Any] = ["figures": entries, "notMeasured": skipped]
    guard
      let data = try? JSONSerialization.data(
        withJSONObject: object, options: [.prettyPrinted, .sortedKeys]),
      let text = String(data: data, encoding: .utf8)
    else { return "{}" }
    return text
  }
}
