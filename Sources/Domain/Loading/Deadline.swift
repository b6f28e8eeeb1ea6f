/// How long a load or a write may take, measured on an injected clock (tests pass one they
/// control), and the one way the use cases run their calls under it.
public struct Deadline: Sendable {
  public let duration: Duration
  public let clock: any Clock<Duration>

  public init(_ duration: Duration, clock: any Clock<Duration> = ContinuousClock()) {
    self.duration = duration
    self.clock = clock
  }

  /// Runs `calls` side by side under the deadline, and hands each result to `onResult` in
  /// the order the calls end. `onResult` returns false to cancel the calls still running: a
  /// failure that sends the user elsewhere makes waiting for the others pointless.
  ///
  /// A plain task group: one child per call, and one more that sleeps until the deadline and
  /// then cancels the rest. A call cancelled by the deadline reports `DeadlineExceeded`; one
  /// cancelled by `onResult` reports nothing. A call that answers although it was cancelled
  /// keeps its answer. Calls must honour cancellation: one that ignores it holds the caller.
  ///
  /// Public so that an app's own screens can load their sources the same way.
  public func callSideBySide<Key: Sendable, Value: Sendable>(
    _ calls: [(key: Key, call: @Sendable () async throws -> Value)],
    onResult: (Key, Result<Value, any Error>) -> Bool
  ) async {
    let (deadline, clock) = (duration, clock)
    guard !calls.isEmpty else { return }
    await withTaskGroup(of: SideBySideEvent<Key, Value>.self) { group in
      for (key, call) in calls {
        group.addTask {
          do {
            return .ended(key, .success(try await call()))
          } catch {
            return .ended(key, .failure(error))
          }
        }
      }
      group.addTask {
        // A clock may end a cancelled sleep without throwing, so ask the task as well.
        let slept: Void? = try? await clock.sleep(for: deadline)
        return slept == nil || Task.isCancelled ? .timerStopped : .deadlinePassed
      }

      var running = calls.count
      var isPastDeadline = false
      var isStopped = false
      while running > 0, let event = await group.next() {
        switch event {
        case .ended(let key, var result):
          running -= 1
          if case .failure(let error) = result, Self.isCancellation(error) {
            if isStopped { continue }
            if isPastDeadline { result = .failure(Self.pastDeadline(error, deadline)) }
          }
          if !onResult(key, result), !isStopped {
            isStopped = true
            group.cancelAll()
          }
        case .deadlinePassed:
          isPastDeadline = true
          group.cancelAll()
        case .timerStopped:
          break
        }
      }
      // Every call has ended: stop the timer, which the group waits for.
      group.cancelAll()
    }
  }

  /// Whether a call ended because it was cancelled: a `CancellationError`, or a change that
  /// was cancelled on its way (`OutcomeNotKnownYet`).
  private static func isCancellation(_ error: any Error) -> Bool {
    error is CancellationError || (error as? OutcomeNotKnownYet)?.failure is CancellationError
  }

  /// What a call cancelled by the deadline reports: `DeadlineExceeded`, and for a change
  /// whose outcome is not known, that it is not known yet, past the deadline.
  private static func pastDeadline(_ error: any Error, _ deadline: Duration) -> any Error {
    let exceeded = DeadlineExceeded(deadline: deadline)
    guard let notKnown = error as? OutcomeNotKnownYet else { return exceeded }
    return OutcomeNotKnownYet(failure: exceeded, isKept: notKnown.isKept)
  }

  /// One call under the deadline: its answer, its error, or `DeadlineExceeded`.
  public func call<Value: Sendable>(
    _ call: @escaping @Sendable () async throws -> Value
  ) async throws -> Value {
    var result: Result<Value, any Error> = .failure(CancellationError())
    await callSideBySide([(key: 0, call: call)]) {
      result = $1
      return true
    }
    return try result.get()
  }
}

/// What a child of `callSideBySide` ends with.
private enum SideBySideEvent<Key: Sendable, Value: Sendable>: Sendable {
  case ended(Key, Result<Value, any Error>)
  case deadlinePassed
  case timerStopped
}

/// A source, or a write, did not end within its deadline. Trying again may work.
public struct DeadlineExceeded: ClassifiedError, Sendable, Equatable {
  public let deadline: Duration

  public var recovery: Recovery { .retryNow }
  public var journey: Journey? { nil }
  /// What was asked took too long: worded as a request that timed out. Which request, the
  /// deadline does not know, so there is no trace id.
  public var failedRequest: FailedRequest? { FailedRequest(kind: .timedOut, traceID: nil) }
  public var underlyingError: (any Error)? { nil }
  public var summary: String { "DeadlineExceeded(\(deadline))" }
}
