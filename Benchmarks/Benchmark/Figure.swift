import Foundation

/// One measured figure, printed next to its floor (the same work without the layers, or
/// the goal's yardstick, measured in the same run) and, where the issue sets one, its goal.
struct Figure: Sendable {
  enum Goal: Sendable {
    /// The figure must be at most `ratio` × the floor (times and peaks: lower is better).
    case atMost(Double)
    /// The figure must be at most `limit` above the floor, in the figure's unit.
    case withinAbove(Double)
    /// The figure must equal the floor exactly.
    case equal
    /// Reported only.
    case none
  }

  let section: String
  let name: String
  let value: Double
  let unit: String
  let floorName: String
  let floor: Double
  let goal: Goal

  /// The figure over its floor; nil when the floor is zero.
  var ratio: Double? { floor == 0 ? nil : value / floor }

  /// PASS or MISS against the goal; nil when there is none.
  var verdict: Bool? {
    switch goal {
    case .atMost(let ratio): value <= ratio * floor
    case .withinAbove(let limit): value - floor <= limit
    case .equal: value == floor
    case .none: nil
    }
  }

  var goalDescription: String {
    switch goal {
    case .atMost(let ratio): "≤ \(Format.number(ratio)) × floor"
    case .withinAbove(let limit): "≤ floor + \(Format.number(limit)) \(unit)"
    case .equal: "= floor"
    case .none: "reported"
    }
  }
}

enum Format {
  /// Three significant digits at most, without exponent: easy to read in a table.
  static func number(_ value: Double) -> String {
    guard value.isFinite else { return "\(value)" }
    let magnitude = abs(value)
    let decimals = magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : magnitude >= 1 ? 2 : 3
    return String(format: "%.\(decimals)f", value)
  }
}
