import Foundation

/// Alarms for the deadlines of many runs, all served by one sleeping task.
///
/// A timer of its own per run was most of what a run cost when its sources answered at
/// once: a task that sleeps, is cancelled when the answers are in, and must then be woken
/// to end. Here setting an alarm and cancelling it take a lock and a table entry. One task
/// sleeps until the earliest alarm; an alarm set later than that one (every new run's,
/// when runs share a deadline) needs no new sleep. When the sleep ends, every alarm it
/// covers rings, and a sleep starts for the earliest alarm left, if any.
///
/// A sleep whose alarms were all cancelled is left to run to its end: a run that comes
/// alone (no sleep under way) still starts one, which wakes once, a deadline later, for
/// nothing. The sleep never outlives the alarms object: it is cancelled when that goes.
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
  // Safe: every mutable property below is only touched while holding `lock`. Nothing that
  // runs code of the clock or of a run (a ring, a task's cancellation handlers) is called
  // while holding it.
  private let lock = NSLock()
  private let clock: C
  private var alarms: [DeadlineAlarm: (due: C.Instant, ring: @Sendable () -> Void)] = [:]
  private var lastNumber: UInt64 = 0
  /// The sleep under way, if any: until when, and which one (a replaced sleep that ends
  /// anyway must leave the alarms to its successor).
  private var currentSleep: (until: C.Instant, number: UInt64, task: Task<Void, Never>)?

  init(clock: C) {
    self.clock = clock
  }

  deinit {
    // With no run left to set an alarm, nothing is left to ring; and a clock that never
    // moves (a test's) would otherwise keep the sleep waiting for ever.
    currentSleep?.task.cancel()
  }

  func set(after duration: Duration, _ ring: @escaping @Sendable () -> Void) -> DeadlineAlarm {
    let due = clock.now.advanced(by: duration)
    let (alarm, replaced): (DeadlineAlarm, Task<Void, Never>?) = lock.withLock {
      // 2^64 alarms would take longer than any process lives; wrapping cannot trap anyway.
      lastNumber &+= 1
      let alarm = DeadlineAlarm(number: lastNumber)
      alarms[alarm] = (due, ring)
      // While a sleep is under way, no alarm is due before it ends; with none, the
      // earliest may be one that a failed sleep left waiting.
      guard let current = currentSleep else {
        return (alarm, startSleep(until: earliestDue ?? due))
      }
      return (alarm, due < current.until ? startSleep(until: due) : nil)
    }
    replaced?.cancel()
    return alarm
  }

  func cancel(_ alarm: DeadlineAlarm) {
    lock.withLock { _ = alarms.removeValue(forKey: alarm) }
  }

  /// When the first alarm set is due. Read holding `lock`.
  private var earliestDue: C.Instant? { alarms.values.map(\.due).min() }

  /// Starts the one sleep, until `instant`, and returns the sleep it replaces, for the
  /// caller to cancel once it has let go of `lock`. Called holding `lock`.
  private func startSleep(until instant: C.Instant) -> Task<Void, Never>? {
    lastNumber &+= 1
    let number = lastNumber
    let clock = clock
    // Detached: the sleep serves every run, so it takes nothing from the run that
    // happened to start it. High priority: a deadline must not wait behind the work it
    // bounds, whichever run's alarm is next. Weak: the sleep must not keep the alarms
    // alive (see deinit).
    let task = Task.detached(priority: .high) { [weak self] in
      let reached: Bool
      do {
        try await clock.sleep(until: instant, tolerance: nil)
        reached = true
      } catch {
        reached = false
      }
      self?.sleepEnded(number, at: instant, reached: reached)
    }
    defer { currentSleep = (instant, number, task) }
    return currentSleep?.task
  }

  /// After the sleep `number` ended: rings every alarm due by `instant` if the clock got
  /// there, and starts the sleep for the earliest alarm left.
  ///
  /// A sleep that was replaced leaves everything to its successor, even if it ended
  /// without throwing (a clock may end a cancelled sleep early). A sleep the clock failed
  /// rings nothing, like a timer that stopped: its alarms wait for the next alarm set to
  /// start a sleep, rather than a failing clock being asked again at once, for ever.
  private func sleepEnded(_ number: UInt64, at instant: C.Instant, reached: Bool) {
    let due: [@Sendable () -> Void] = lock.withLock {
      guard currentSleep?.number == number else { return [] }
      currentSleep = nil
      guard reached else { return [] }
      let due = alarms.filter { !(instant < $0.value.due) }
      for alarm in due.keys { alarms[alarm] = nil }
      // Nothing to replace: the sleep under way was this one, and it is over.
      if let next = earliestDue { _ = startSleep(until: next) }
      return due.values.map(\.ring)
    }
    for ring in due { ring() }
  }
}
