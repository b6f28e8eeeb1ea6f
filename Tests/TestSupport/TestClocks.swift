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
/// elapsed time is what the code under test waited, to the nanosecond.
public final class AdvancingClock: Clock, @unchecked Sendable {
  // Safe: `offset` and `requested` are only touched while holding `lock`.
  private let lock = NSLock()
  private var offset: Duration = .zero
  private var requested: [Duration] = []

  public init() {}

  public var now: TestInstant { lock.withLock { TestInstant(offset: offset) } }
  public var minimumResolution: Duration { .nanoseconds(1) }

  /// Every duration slept, in call order.
  public var sleeps: [Duration] { lock.withLock { requested } }

  public func sleep(until deadline: TestInstant, tolerance: Duration?) async throws {
    try Task.checkCancellation()
    lock.withLock {
      requested.append(deadline.offset - offset)
      offset = max(offset, deadline.offset)
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
