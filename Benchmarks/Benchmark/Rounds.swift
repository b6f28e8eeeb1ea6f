/// Runs a measurement several times and keeps the median, so that one round disturbed by
/// another process on the machine does not decide a figure.
///
/// Each helper runs on its caller's actor (`#isolation`), so that measuring adds no hop of
/// its own to what is measured.
enum Rounds {
  static let count = 7

  /// The median of `count` rounds of `measure`.
  static func median(
    _ count: Int = count, isolation: isolated (any Actor)? = #isolation,
    _ measure: () async throws -> Double
  ) async rethrows
    -> Double
  {
    var values: [Double] = []
    for _ in 0..<count { values.append(try await measure()) }
    return median(of: values)
  }

  static func median(of values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    let middle = sorted.count / 2
    return sorted.count.isMultiple(of: 2)
      ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
  }

  /// Operations per second: runs `operation` for about `span`, then divides.
  static func rate(
    for span: Duration = .milliseconds(250), isolation: isolated (any Actor)? = #isolation,
    _ operation: () async throws -> Void
  ) async rethrows -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    var done = 0
    var elapsed = Duration.zero
    repeat {
      // Batches of 64 keep reading the clock out of what is measured.
      for _ in 0..<64 { try await operation() }
      done += 64
      elapsed = start.duration(to: clock.now)
    } while elapsed < span
    return Double(done) / elapsed.seconds
  }

  /// How long `operation` took, in milliseconds.
  static func milliseconds(
    isolation: isolated (any Actor)? = #isolation, _ operation: () async throws -> Void
  ) async rethrows -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    try await operation()
    return start.duration(to: clock.now).seconds * 1000
  }
}

extension Duration {
  var seconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) + Double(attoseconds) / 1e18
  }
}
