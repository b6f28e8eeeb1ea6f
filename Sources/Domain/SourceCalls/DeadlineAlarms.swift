import Foundation

/// Alarms for the deadlines of many runs, all served by one sleeping task.
///
/// A timer of its own per run was most of what a run cost when its sources answered at
/// once: a task that sleeps, is cancelled when the answers are in, and must then be woken
/// to end. Here setting an alarm and cancelling it take a lock and a table entry. One task
/// sleeps until the earliest alarm; an alarm set later than that one (every new run's,
/// when runs share a deadline) needs no new sleep. When the sleep ends, every alarm it
/// covers rings, and a sleep starts for the earliest alarm left, if any. A sleep whose
/// alarms were all cancelled runs to its end anyway: it outlives the last run by at most
/// one deadline.
protocol DeadlineAlarms: Sendable {
  /// Calls `ring` once `duration` has passed on the clock, unless cancelled first. Returns
  /// the alarm, for `cancel`.
  func set(after duration: Duration, _ ring: @escaping @Sendable () -> Void) -> DeadlineAlarm
  /// Makes sure the alarm does not ring. An alarm that is already ringing may still call
  /// its closure once, so that closure must cope with coming late.
  func cancel(_ alarm: DeadlineAlarm)
}

/// An alarm set on `DeadlineAlarms`.
struct DeadlineAlarm: Hashable, Sendable {
  fileprivate let number: UInt64
}

/// The alarms of one clock.
final class ClockAlarms<C: Clock>: DeadlineAlarms, @unchecked Sendable
where C.Duration == Duration {
  // Safe: every mutable property below is only touched while holding `lock`, and no
  // closure is called while holding it.
  private let lock = NSLock()
  private let clock: C
  private var alarms: [DeadlineAlarm: (due: C.Instant, ring: @Sendable () -> Void)] = [:]
  private var lastNumber: UInt64 = 0
  /// The sleep under way, if any: until when, and which one (a replaced sleep that wakes
  /// anyway must not clear its successor).
  private var currentSleep: (until: C.Instant, number: UInt64, task: Task<Void, Never>)?

  init(clock: C) {
    self.clock = clock
  }

  func set(after duration: Duration, _ ring: @escaping @Sendable () -> Void) -> DeadlineAlarm {
    let due = clock.now.advanced(by: duration)
    return lock.withLock {
      // 2^64 alarms would take longer than any process lives; wrapping cannot trap anyway.
      lastNumber &+= 1
      let alarm = DeadlineAlarm(number: lastNumber)
      alarms[alarm] = (due, ring)
      if currentSleep.map({ due < $0.until }) ?? true { startSleep(until: due) }
      return alarm
    }
  }

  func cancel(_ alarm: DeadlineAlarm) {
    lock.withLock { _ = alarms.removeValue(forKey: alarm) }
  }

  /// Starts the one sleep, until `instant`, replacing the one under way. Called holding
  /// `lock`.
  private func startSleep(until instant: C.Instant) {
    currentSleep?.task.cancel()
    lastNumber &+= 1
    let number = lastNumber
    // Detached: the sleep serves every run, so it takes nothing from the run that
    // happened to start it. High priority: a deadline must not wait behind the work it
    // bounds, whichever run's alarm is next.
    let task = Task.detached(priority: .high) { [self] in
      do {
        try await clock.sleep(until: instant, tolerance: nil)
      } catch {
        return  // Replaced by a sleep until an earlier alarm.
      }
      ringAlarms(dueBy: instant, sleep: number)
    }
    currentSleep = (instant, number, task)
  }

  /// Rings every alarm due by `instant`, and starts the sleep for the earliest left.
  private func ringAlarms(dueBy instant: C.Instant, sleep number: UInt64) {
    let due: [@Sendable () -> Void] = lock.withLock {
      let due = alarms.filter { !(instant < $0.value.due) }
      for alarm in due.keys { alarms[alarm] = nil }
      if currentSleep?.number == number {
        currentSleep = nil
        if let next = alarms.values.map(\.due).min() { startSleep(until: next) }
      }
      return due.values.map(\.ring)
    }
    for ring in due { ring() }
  }
}
