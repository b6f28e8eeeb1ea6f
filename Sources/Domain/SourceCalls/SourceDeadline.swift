/// Runs one call to a source under a deadline, measured on an injected clock.
///
/// A call still running when the deadline passes is cancelled and ends as
/// `DeadlineExceeded`. Sources must honour cancellation: a task group waits for all of its
/// children, so a source that ignores it holds the caller until it answers.
struct SourceDeadline: Sendable {
  let duration: Duration
  let clock: any Clock<Duration>

  /// Never throws: every outcome, cancellation included, comes back in the `Result` for the
  /// caller's policy to judge.
  func run<Value: Sendable>(
    _ operation: @escaping @Sendable () async throws -> Value
  ) async -> Result<Value, any Error> {
    let clock = clock
    let duration = duration
    do {
      let value = try await withThrowingTaskGroup(of: Value.self) { group in
        group.addTask { try await operation() }
        group.addTask {
          try await clock.sleep(for: duration)
          throw DeadlineExceeded(deadline: duration)
        }
        defer { group.cancelAll() }
        // Two children were just added, so next() always yields one of them; the `else`
        // branch cannot run.
        guard let first = try await group.next() else { throw CancellationError() }
        return first
      }
      return .success(value)
    } catch {
      return .failure(error)
    }
  }
}

/// A source did not answer within its deadline.
public struct DeadlineExceeded: Error, Sendable, Equatable {
  public let deadline: Duration
}
