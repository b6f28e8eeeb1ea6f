import Domain

/// The one place that decides whether a failed request is sent again, and when.
///
/// Only idempotent reads, and writes that carry an idempotency key, are retried; a write
/// without one never is, since the backend may have done it already. And only for failures
/// that may pass (a timeout, a dropped connection, a 5xx, a 429 that says when to come
/// back). Attempts and total time are capped. The wait is exponential backoff with full
/// jitter, unless the backend sent `Retry-After`, which is honoured when it fits the time
/// budget and otherwise ends the retries: hammering a backend that asked for time is worse
/// than failing.
public struct RetryPolicy: Sendable, Equatable {
  public var maxAttempts: Int
  /// The most time retries may add, waits included.
  public var budget: Duration
  /// The most time a write's retries may add (`BackendEndpoint.isWrite`); nil: `budget`.
  /// Over HTTP one attempt of a write may take half its use case's deadline (a server
  /// makes the change before it answers), so there the budget is that deadline: a write
  /// that timed out once is sent again within it, as in process.
  public var writeBudget: Duration?
  public var baseDelay: Duration
  public var maxDelay: Duration

  public init(
    maxAttempts: Int = 3, budget: Duration = .seconds(2), baseDelay: Duration = .milliseconds(400),
    maxDelay: Duration = .seconds(1), writeBudget: Duration? = nil
  ) {
    self.maxAttempts = maxAttempts
    self.budget = budget
    self.writeBudget = writeBudget
    self.baseDelay = baseDelay
    self.maxDelay = maxDelay
  }

  /// How long to wait before sending the request again, or nil to give up and throw.
  ///
  /// - Parameters:
  ///   - idempotencyKey: the write's key, if it has one: with it, the backend does the
  ///     write at most once, so even a request that is not idempotent may be sent again.
  ///   - attempt: how many times the request has been sent so far (1 after the first).
  ///   - elapsed: the time spent since the first attempt.
  ///   - jitter: picks a duration between zero and the value given (full jitter).
  public func delay(
    after failure: RequestFailure, endpoint: BackendEndpoint, idempotencyKey: String? = nil,
    attempt: Int, elapsed: Duration, jitter: (Duration) -> Duration
  ) -> Duration? {
    guard endpoint.isIdempotent || idempotencyKey != nil, attempt < maxAttempts,
      failure.kind.mayPassIfSentAgain
    else {
      return nil
    }
    let wait: Duration
    if let retryAfter = failure.context.retryAfter {
      wait = retryAfter
    } else if failure.kind == .rateLimited {
      // Asked to slow down without being told for how long: do not guess.
      return nil
    } else {
      wait = jitter(min(maxDelay, baseDelay * (1 << min(attempt - 1, 16))))
    }
    let budget = endpoint.isWrite ? writeBudget ?? self.budget : self.budget
    return elapsed + wait <= budget ? wait : nil
  }
}
