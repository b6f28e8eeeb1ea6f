import Foundation
import TestSupport

/// Plays a scenario's time without waiting for it, so every built-in scenario, the slow
/// wallet included, runs in-process in microseconds and always ends the same way.
///
/// It knows one duration, the deadline, and sorts every sleep by it:
/// - a sleep shorter than the deadline ends at once, even in a cancelled task: that
///   source's answer is already on its way and arrives in time;
/// - a sleep longer than the deadline never ends: the source is still working when the
///   deadline passes, and is cancelled;
/// - a sleep of exactly the deadline is the load's deadline timer. It fires once some
///   source is sleeping past it, and never otherwise: a load whose sources all answer in
///   time never sees its deadline pass.
///
/// The use case cancels what still runs when the deadline passes and keeps any answer that
/// arrives anyway, so the sources that answer in time are never cut, however the tasks
/// happen to be scheduled.
final class ScenarioTimeClock: Clock, @unchecked Sendable {
  // Safe: every mutable property below is only touched while holding `lock`.
  private let lock = NSLock()
  private var pendingTimers: [UUID: CheckedContinuation<Void, any Error>] = [:]
  private var endlessSleeps = 0

  let deadline: Duration

  init(deadline: Duration) {
    self.deadline = deadline
  }

  var now: TestInstant { TestInstant(offset: .zero) }
  var minimumResolution: Duration { .nanoseconds(1) }

  func sleep(until instant: TestInstant, tolerance: Duration?) async throws {
    let duration = instant.offset
    if duration < deadline {
      return
    } else if duration > deadline {
      try await sleepForever()
    } else {
      try await startTimer()
    }
  }

  private func sleepForever() async throws {
    lock.withLock { endlessSleeps += 1 }
    fireTimersIfDue()
    defer { lock.withLock { endlessSleeps -= 1 } }
    try await suspendUntilCancelled()
  }

  private func startTimer() async throws {
    let id = UUID()
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let cancelledAlready = lock.withLock {
          if Task.isCancelled { return true }
          pendingTimers[id] = continuation
          return false
        }
        if cancelledAlready { continuation.resume(throwing: CancellationError()) }
        fireTimersIfDue()
      }
    } onCancel: {
      let continuation = lock.withLock { pendingTimers.removeValue(forKey: id) }
      continuation?.resume(throwing: CancellationError())
    }
  }

  private func fireTimersIfDue() {
    let due: [CheckedContinuation<Void, any Error>] = lock.withLock {
      guard endlessSleeps > 0 else { return [] }
      defer { pendingTimers.removeAll() }
      return Array(pendingTimers.values)
    }
    for continuation in due { continuation.resume() }
  }
}
