import Foundation

/// Where a run's calls and its deadline alarm leave what happened, for the run to take in
/// order of arrival: one reader, any number of writers.
///
/// A task group's `next()` can only be woken by a child; the deadline is an alarm, not a
/// child, so both write here instead. `AsyncStream` does the same job, and a run took
/// about twice as long with it.
final class Inbox<Event: Sendable>: @unchecked Sendable {
  // Safe: every mutable property below is only touched while holding `lock`, and the
  // reader is resumed after releasing it.
  private let lock = NSLock()
  private var waiting: [Event] = []
  private var taken = 0
  private var reader: CheckedContinuation<Event, Never>?

  /// Hands `event` to the reader, or keeps it until the reader asks.
  func post(_ event: Event) {
    let reader: CheckedContinuation<Event, Never>? = lock.withLock {
      guard let reader = self.reader else {
        waiting.append(event)
        return nil
      }
      self.reader = nil
      return reader
    }
    reader?.resume(returning: event)
  }

  /// The next event, waiting for it if none has come yet. Only one task may read.
  func next() async -> Event {
    if let event = lock.withLock({ takeWaiting() }) { return event }
    return await withCheckedContinuation { continuation in
      let event: Event? = lock.withLock {
        if let event = takeWaiting() { return event }
        reader = continuation
        return nil
      }
      if let event { continuation.resume(returning: event) }
    }
  }

  /// The oldest event not taken yet. Called holding `lock`.
  private func takeWaiting() -> Event? {
    guard taken < waiting.count else { return nil }
    defer { taken += 1 }
    return waiting[taken]
  }
}
