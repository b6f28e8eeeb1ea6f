import Domain

/// The time a person has been waiting, counted a whole second at a time on the screen's
/// clock: what a screen that holds someone for long shows beside what it waits for, so the
/// wait is seen to go on ("Waiting for your bank… 0:12 of 2:00"). The count is a value in
/// the State (`CardApproval.waited`), worded by `ScreenLabels.timeWaited`; each view decides
/// how often it says it (a boxed screen every second, a screen reader's lines calmly).
public enum TimeWaited {
  /// Runs `work`, calling `tick` with each whole second waited on `clock` meanwhile; the
  /// count ends with `work`, or once `limit` is reached.
  ///
  /// A clock on which a sleep ends before its time (a test's, playing time without passing
  /// it) ends the count at once: nothing is said that did not happen on that clock.
  @MainActor
  public static func counting<T, Failure: Error>(
    on clock: any Clock<Duration>, upTo limit: Duration? = nil,
    tick: @escaping @MainActor @Sendable (Duration) -> Void,
    during work: () async throws(Failure) -> T
  ) async throws(Failure) -> T {
    let ended: Result<T, Failure> = await withTaskGroup(of: Void.self) { group in
      group.addTask { await count(on: clock, upTo: limit, tick) }
      defer { group.cancelAll() }
      do throws(Failure) {
        return .success(try await work())
      } catch {
        return .failure(error)
      }
    }
    return try ended.get()
  }

  /// Calls `tick` with each whole second waited, until the task is cancelled or `limit`
  /// is reached. A second the clock skipped (a busy process, a test moving the clock on) is
  /// not said late: the next tick says the time it is now.
  @MainActor
  private static func count<C: Clock<Duration>>(
    on clock: C, upTo limit: Duration?, _ tick: @MainActor (Duration) -> Void
  ) async {
    let start = clock.now
    var next = Duration.seconds(1)
    while limit.map({ next <= $0 }) ?? true {
      do {
        try await clock.sleep(until: start.advanced(by: next), tolerance: nil)
      } catch {
        return
      }
      let waited = wholeSeconds(start.duration(to: clock.now))
      guard !Task.isCancelled, waited >= next else { return }
      tick(waited)
      next = waited + .seconds(1)
    }
  }

  /// `duration` without its part of a second.
  static func wholeSeconds(_ duration: Duration) -> Duration {
    .seconds(duration.components.seconds)
  }
}
