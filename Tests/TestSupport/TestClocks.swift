import Foundation

/// A point on a test clock: an offset from the clock's fixed "now".
public struct TestInstant: InstantProtocol {
  public var offset: Duration

  public init(offset: Duration) {
    self.offset = offset
  }

  public func advanced(by duration: Duration) -> TestInstant {
    TestInstant(offset: offset + duration)
  }

  public func duration(to other: TestInstant) -> Duration {
    other.offset - offset
  }

  public static func < (lhs: TestInstant, rhs: TestInstant) -> Bool {
    lhs.offset < rhs.offset
  }
}

/// A clock on which every sleep ends at once (unless the task is cancelled), recording
/// how long each sleep asked for.
public final class ImmediateClock: Clock, @unchecked Sendable {
  // Safe: `requested` is only touched while holding `lock`.
  private let lock = NSLock()
  private var requested: [Duration] = []

  public init() {}

  public var now: TestInstant { TestInstant(offset: .zero) }
  public var minimumResolution: Duration { .nanoseconds(1) }

  /// Every duration a caller slept for, in call order.
  public var sleeps: [Duration] { lock.withLock { requested } }

  public func sleep(until deadline: TestInstant, tolerance: Duration?) async throws {
    lock.withLock { requested.append(deadline.offset) }
    try Task.checkCancellation()
  }
}

/// A clock on which time never passes: every sleep lasts until its task is cancelled.
/// With it, a deadline can never fire, so whatever a test sees was decided by the sources.
public struct StoppedClock: Clock {
  public init() {}

  public var now: TestInstant { TestInstant(offset: .zero) }
  public var minimumResolution: Duration { .nanoseconds(1) }

  public func sleep(until deadline: TestInstant, tolerance: Duration?) async throws {
    try await suspendUntilCancelled()
  }
}

/// Suspends until the current task is cancelled, then throws `CancellationError`: how a
/// test double stands for a call that never answers, without touching the wall clock.
public func suspendUntilCancelled() async throws {
  let (stream, continuation) = AsyncStream<Never>.makeStream()
  await withTaskCancellationHandler {
    for await _ in stream {}
  } onCancel: {
    continuation.finish()
  }
  throw CancellationError()
}

/// A clock on which each sleep ends at once but moves `now` forward by exactly its length:
/// elapsed time is what the code under test waited, to the nanosecond. With `oversleep`,
/// every sleep ends that much later than asked: an app the system suspended while it slept.
public final class AdvancingClock: Clock, @unchecked Sendable {
  // Safe: `offset` and `requested` are only touched while holding `lock`.
  private let lock = NSLock()
  private var offset: Duration = .zero
  private var requested: [Duration] = []
  private let oversleep: Duration

  public init(oversleep: Duration = .zero) { self.oversleep = oversleep }

  public var now: TestInstant { lock.withLock { TestInstant(offset: offset) } }
  public var minimumResolution: Duration { .nanoseconds(1) }

  /// Every duration slept, in call order.
  public var sleeps: [Duration] { lock.withLock { requested } }

  public func sleep(until deadline: TestInstant, tolerance: Duration?) async throws {
    try Task.checkCancellation()
    lock.withLock {
      requested.append(deadline.offset - offset)
      offset = max(offset, deadline.offset) + oversleep
    }
  }
}

/// Suspends until the current task is cancelled or `gate` opens, whichever comes first, and
/// says whether it was cancelled: a call that should be cancelled, which the test can still
/// release if it is not, so that a broken cancellation fails the test instead of hanging it.
public func suspendUntilCancelled(orOpened gate: Gate) async -> Bool {
  await withTaskCancellationHandler {
    await gate.pass()
  } onCancel: {
    Task { await gate.open() }
  }
  return Task.isCancelled
}

/// A clock that stands still until the test moves it. A sleep waits until `advance` takes
/// the clock to its deadline, or until it is cancelled; `sleepsBegun` returns once that many
/// sleeps have begun, so a test knows the sleep it moves the clock for is there.
///
/// `endsCancelledSleeps` makes a cancelled sleep return instead of throwing, as a clock may.
public final class ManualClock: Clock, @unchecked Sendable {
  private let endsCancelledSleeps: Bool
  // Safe: every mutable property below is only touched while holding `lock`, and the
  // continuations are resumed after releasing it.
  private let lock = NSLock()
  private var offset: Duration = .zero
  private var sleepers:
    [UUID: (deadline: Duration, continuation: CheckedContinuation<Void, any Error>)] = [:]
  private var begun: [Duration] = []
  private var beginWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

  public init(endsCancelledSleeps: Bool = false) {
    self.endsCancelledSleeps = endsCancelledSleeps
  }

  public var now: TestInstant { lock.withLock { TestInstant(offset: offset) } }
  public var minimumResolution: Duration { .nanoseconds(1) }

  /// The deadline of every sleep begun so far, in order, as offsets from the start.
  public var sleeps: [Duration] { lock.withLock { begun } }

  /// How many sleeps are waiting for the clock.
  public var waitingSleeps: Int { lock.withLock { sleepers.count } }

  public func sleep(until deadline: TestInstant, tolerance: Duration?) async throws {
    let id = UUID()
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        // nil: waits; otherwise how it ends at once.
        let (ending, ready): (Result<Void, any Error>?, [CheckedContinuation<Void, Never>]) =
          lock.withLock {
            begun.append(deadline.offset)
            let ready = beginWaiters.filter { $0.count <= begun.count }.map(\.continuation)
            beginWaiters.removeAll { $0.count <= begun.count }
            if Task.isCancelled { return (cancelledEnding, ready) }
            if deadline.offset <= offset { return (.success(()), ready) }
            sleepers[id] = (deadline.offset, continuation)
            return (nil, ready)
          }
        for waiter in ready { waiter.resume() }
        if let ending { continuation.resume(with: ending) }
      }
    } onCancel: {
      let sleeper = lock.withLock { sleepers.removeValue(forKey: id) }
      sleeper?.continuation.resume(with: cancelledEnding)
    }
  }

  private var cancelledEnding: Result<Void, any Error> {
    endsCancelledSleeps ? .success(()) : .failure(CancellationError())
  }

  /// Moves the clock on, and ends every sleep whose deadline it reaches.
  public func advance(by duration: Duration) {
    let due: [CheckedContinuation<Void, any Error>] = lock.withLock {
      offset += duration
      let due = sleepers.filter { $0.value.deadline <= offset }
      for id in due.keys { sleepers[id] = nil }
      return due.values.map(\.continuation)
    }
    for continuation in due { continuation.resume() }
  }

  /// Returns once `count` sleeps have begun since the clock was made.
  public func sleepsBegun(_ count: Int) async {
    await withCheckedContinuation { continuation in
      let isReady = lock.withLock {
        guard begun.count < count else { return true }
        beginWaiters.append((count, continuation))
        return false
      }
      if isReady { continuation.resume() }
    }
  }
}
