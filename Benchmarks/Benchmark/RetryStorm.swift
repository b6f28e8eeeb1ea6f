import DataLayer
import Domain

/// A retry storm on a virtual clock, decided by the real `RetryPolicy`.
///
/// The model: 1,000 clients each have a request in flight when the backend goes down, so
/// all of them get a 503 at t = 0 (the moment a storm starts); the backend answers 503 for
/// 2 s and then recovers. Each client retries as the policy says (the wait it gives, under
/// its attempt cap and time budget), and a client whose load gave up loads again at once,
/// as a user tapping "Try again" would. Requests take no time. Counted: every request sent
/// from t = 0 on, in the busiest 100 ms window, with full jitter (seeded) and without.
enum RetryStorm {
  static let clients = 1000
  static let outage = Duration.seconds(2)
  static let window = Duration.milliseconds(100)

  struct Outcome {
    var peak: Int
    var lastSuccess: Duration
    var requests: Int
  }

  static func figures() -> [Figure] {
    var random = SplitMix64(seed: 11)
    let jittered = simulate { ceiling in
      // Full jitter: anywhere between zero and the backoff's ceiling.
      ceiling * Double.random(in: 0...1, using: &random)
    }
    let unjittered = simulate { $0 }
    return [
      Figure(
        section: "retry storm", name: "peak requests / 100 ms, full jitter",
        value: Double(jittered.peak), unit: "requests", floorName: "without jitter",
        floor: Double(unjittered.peak), goal: .atMost(0.35)),
      Figure(
        section: "retry storm", name: "last client succeeds, full jitter",
        value: jittered.lastSuccess.seconds * 1000, unit: "ms", floorName: "without jitter",
        floor: unjittered.lastSuccess.seconds * 1000, goal: .none),
      Figure(
        section: "retry storm", name: "requests sent, full jitter",
        value: Double(jittered.requests), unit: "requests", floorName: "without jitter",
        floor: Double(unjittered.requests), goal: .none),
    ]
  }

  static func simulate(jitter: (Duration) -> Duration) -> Outcome {
    let policy = RetryPolicy()
    let failure = RequestFailure(
      .serviceUnavailable, context: ErrorContext(operation: "GET /wallet", traceID: "storm"))
    // Per client: when its next request goes out, when its load began, and its attempt.
    var next: [Duration?] = []
    var loadStart = [Duration](repeating: .zero, count: clients)
    var attempt = [Int](repeating: 1, count: clients)
    var sent: [Duration] = []
    var lastSuccess = Duration.zero

    // Every first attempt failed at t = 0: each client asks the policy what to do.
    func afterFailure(_ client: Int, at now: Duration) -> Duration {
      let elapsed = now - loadStart[client]
      if let wait = policy.delay(
        after: failure, endpoint: .wallet, attempt: attempt[client], elapsed: elapsed,
        jitter: jitter)
      {
        attempt[client] += 1
        return now + wait
      }
      // The load gave up: the user loads again at once.
      loadStart[client] = now
      attempt[client] = 1
      return now
    }
    for client in 0..<clients { next.append(afterFailure(client, at: .zero)) }

    while let (client, time) = earliest(next) {
      sent.append(time)
      if time >= outage {
        lastSuccess = max(lastSuccess, time)
        next[client] = nil
      } else {
        next[client] = afterFailure(client, at: time)
      }
    }
    return Outcome(peak: peak(of: sent.sorted()), lastSuccess: lastSuccess, requests: sent.count)
  }

  private static func earliest(_ times: [Duration?]) -> (Int, Duration)? {
    var best: (Int, Duration)?
    for (index, time) in times.enumerated() {
      guard let time else { continue }
      if best.map({ time < $0.1 }) ?? true { best = (index, time) }
    }
    return best
  }

  /// The most requests in any half-open window [t, t + 100 ms), t being a request's time.
  private static func peak(of sorted: [Duration]) -> Int {
    var best = 0
    var end = 0
    for start in sorted.indices {
      while end < sorted.count, sorted[end] < sorted[start] + window { end += 1 }
      best = max(best, end - start)
    }
    return best
  }
}

/// A tiny seeded random generator (SplitMix64), so that every run simulates the same storm.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }
}
