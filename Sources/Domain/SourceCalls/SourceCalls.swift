/// Runs a screen's source calls side by side under one deadline that they share, measured
/// on an injected clock.
///
/// One alarm serves every call, whatever their number, and one sleeping task serves the
/// alarms of every run (`DeadlineAlarms`). Each outcome is handed to the caller as it
/// arrives, and the caller may cancel the rest at once (a failure that sends
/// the user elsewhere makes waiting for the others pointless).
///
/// A call cancelled this way, or by the deadline, that then ends in cancellation has no
/// outcome of its own: it is dropped after a stop, and past the deadline after the
/// deadline. One that answers anyway (its answer was already on its way) keeps its answer:
/// a task group waits for its children in any case, and throwing away an answer it waited
/// for would help no one. It also makes the outcome independent of which of two answers
/// that arrived together happened to be taken first. Sources must honour cancellation: one
/// that ignores it holds the caller until it answers.
///
/// Not part of the Domain's API: the use cases are. It is visible only to a client that
/// opts in to the `Benchmarks` SPI, as the benchmark does to measure how the one-alarm
/// mechanism scales with hundreds of calls, more than any screen has.
@_spi(Benchmarks)
public struct SourceCalls: Sendable {
  public let deadline: Duration
  public let clock: any Clock<Duration>

  /// Shared by every run, and every copy, of these calls.
  private let alarms: any DeadlineAlarms

  public init(deadline: Duration, clock: any Clock<Duration>) {
    self.deadline = deadline
    self.clock = clock
    func alarms<Opened: Clock<Duration>>(on clock: Opened) -> any DeadlineAlarms {
      ClockAlarms(clock: clock)
    }
    self.alarms = alarms(on: clock)
  }

  public typealias Call<Answer> = (
    source: PaymentSource, run: @Sendable () async throws -> Answer
  )

  /// Never throws: every outcome goes to `onOutcome`, which returns false to cancel the
  /// calls still running.
  public func run<Answer: Sendable>(
    _ calls: [Call<Answer>],
    onOutcome: (PaymentSource, Result<Answer, any Error>) -> Bool
  ) async {
    guard !calls.isEmpty else { return }
    let deadline = deadline
    let inbox = Inbox<Event<Answer>>()
    await withTaskGroup(of: Void.self) { group in
      for call in calls {
        group.addTask {
          do {
            inbox.post(.answered(call.source, .success(try await call.run())))
          } catch {
            inbox.post(.answered(call.source, .failure(error)))
          }
        }
      }
      // Rings into an inbox nobody reads any more if the run is over: harmless.
      let alarm = alarms.set(after: deadline) { inbox.post(.deadlinePassed) }
      defer { alarms.cancel(alarm) }

      // Every call posts exactly once, cancelled or not, so this ends.
      var unanswered = calls.count
      var isPastDeadline = false
      var isStopped = false
      while unanswered > 0 {
        switch await inbox.next() {
        case .answered(let source, var outcome):
          unanswered -= 1
          if case .failure(let error) = outcome, error is CancellationError {
            if isStopped { continue }
            if isPastDeadline { outcome = .failure(DeadlineExceeded(deadline: deadline)) }
          }
          if !onOutcome(source, outcome), !isStopped {
            isStopped = true
            group.cancelAll()
          }
        case .deadlinePassed:
          isPastDeadline = true
          group.cancelAll()
        }
      }
    }
  }

  private enum Event<Answer: Sendable>: Sendable {
    case answered(PaymentSource, Result<Answer, any Error>)
    case deadlinePassed
  }
}

/// A source, or a write, did not end within its deadline. Trying again may work.
public struct DeadlineExceeded: ClassifiedError, Sendable, Equatable {
  public let deadline: Duration

  public var recovery: Recovery { .retryNow }
  public var interruption: FlowInterruption? { nil }
  public var underlyingError: (any Error)? { nil }
  public var summary: String { "DeadlineExceeded(\(deadline))" }
}
