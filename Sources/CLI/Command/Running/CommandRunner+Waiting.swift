/// Waiting for a command's work: until it ends or a stop signal cancels it, and after
/// a stop signal, for what the cancelled work still tells the backend, within a limit.
extension CommandRunner {
  /// How long an interrupted command waits for its cancelled work to tell the backend
  /// (a card's setup to cancel) before it ends anyway.
  static let cancellationLimit = Duration.seconds(3)

  /// Waits for `work` to end, or for a stop signal, which cancels it and is returned at
  /// once: the caller decides whether to wait for the cancelled work.
  func untilStopped(_ work: Task<Void, Never>) async -> StopSignal? {
    let received = ReceivedStopSignal()
    await withCheckedContinuation { (ended: CheckedContinuation<Void, Never>) in
      received.ended = ended
      stopSignals.start { stopSignal in
        received.first = received.first ?? stopSignal
        work.cancel()
        received.end()
      }
      Task {
        await work.value
        received.end()
      }
    }
    stopSignals.stop()
    return received.first
  }

  /// Waits for every task of `work` to end, or for `limit` to pass on `clock`, whichever
  /// comes first: what is still being told to the backend on the way out (a card's setup
  /// to cancel) must not keep the user waiting for long. The interactive screen waits the
  /// same way when it closes. True when every task ended within the limit.
  @discardableResult
  static func finished(
    _ work: [Task<Void, Never>], within limit: Duration, on clock: any Clock<Duration>
  ) async -> Bool {
    guard !work.isEmpty else { return true }
    return await withTaskGroup(of: Bool.self) { group in
      group.addTask {
        for task in work { await task.value }
        return true
      }
      group.addTask {
        try? await clock.sleep(for: limit)
        return false
      }
      let ended = await group.next() ?? false
      group.cancelAll()
      return ended
    }
  }
}

/// The first stop signal a load received, and the wait for the load or a stop signal,
/// whichever ends it first.
@MainActor
private final class ReceivedStopSignal {
  var first: StopSignal?
  var ended: CheckedContinuation<Void, Never>?

  func end() {
    ended?.resume()
    ended = nil
  }
}
