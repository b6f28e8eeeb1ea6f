import Foundation
import TestSupport

/// Plays a scenario's time without waiting for it, so every built-in scenario, the slow
/// wallet included, runs in-process in microseconds and always ends the same way.
///
/// It knows one duration, the deadline, and sorts every sleep by it:
/// - a latency shorter than the deadline ends at once: that source answers in time;
/// - a latency longer than the deadline never ends: the source is still working when its
///   deadline fires, and is cancelled;
/// - a sleep of exactly the deadline is a deadline timer. It fires only once every source
///   that answered has been consumed, which is the moment its pending timers and its
///   endless sleeps are equal in number (each answered source's timer is cancelled when
///   its answer is taken; each slow source leaves one of each), and once all
///   `timerCount` timers have been started.
final class ScenarioTimeClock: Clock, @unchecked Sendable {
  // Safe: every mutable property below is only touched while holding `lock`.
  private let lock = NSLock()
  private var timersStarted = 0
  private var pendingTimers: [UUID: CheckedContinuation<Void, any Error>] = [:]
  private var endlessSleeps = 0

  let deadline: Duration
  private let timerCount: Int

  /// - Parameter timerCount: how many sources run under a deadline in one load.
  init(deadline: Duration, timerCount: Int) {
    self.deadline = deadline
    self.timerCount = timerCount
  }

  var now: TestInstant { TestInstant(offset: .zero) }
  var minimumResolution: Duration { .nanoseconds(1) }

  func sleep(until instant: TestInstant, tolerance: Duration?) async throws {
    let duration = instant.offset
    if duration < deadline {
      try Task.checkCancellation()
    } else if duration > deadline {
      try await sleepForever()
    } else {
      try await startTimer()
    }
  }

  private func sleepForever() async throws {
    lock.withLock { endlessSleeps += 1 }
    fireTimersIfSettled()
    defer { lock.withLock { endlessSleeps -= 1 } }
    try await suspendUntilCancelled()
  }

  private func startTimer() async throws {
    let id = UUID()
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let cancelledAlready = lock.withLock {
          timersStarted += 1
          if Task.isCancelled { return true }
          pendingTimers[id] = continuation
          return false
        }
        if cancelledAlready { continuation.resume(throwing: CancellationError()) }
        fireTimersIfSettled()
      }
    } onCancel: {
      let continuation = lock.withLock { pendingTimers.removeValue(forKey: id) }
      continuation?.resume(throwing: CancellationError())
      fireTimersIfSettled()
    }
  }

  private func fireTimersIfSettled() {
    let due: [CheckedContinuation<Void, any Error>] = lock.withLock {
      guard timersStarted >= timerCount, endlessSleeps > 0, pendingTimers.count == endlessSleeps
      else { return [] }
      defer { pendingTimers.removeAll() }
      return Array(pendingTimers.values)
    }
    for continuation in due { continuation.resume() }
  }
}
