import Testing

@testable import TestSupport

/// The test support's gate, which many suites wait on: a test past its time limit is
/// cancelled, and a wait for callers that never come must then end, or the run hangs.
@Suite("The test support's gate", .timeLimit(.minutes(1)))
struct GateTests {
  @Test("a wait for arrivals ends when the waiting task is cancelled while it waits")
  func waitEndsOnCancel() async {
    let gate = Gate()
    let waiting = Task {
      await gate.waitForArrivals(1)
      return Task.isCancelled
    }
    // Let the wait begin before it is cancelled.
    while await !gate.isAwaitingArrivals { await Task.yield() }

    waiting.cancel()

    #expect(await waiting.value)
  }

  @Test("a wait for arrivals begun after cancellation returns at once")
  func waitAfterCancelReturns() async {
    let gate = Gate()
    let waiting = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      await gate.waitForArrivals(1)
      return Task.isCancelled
    }

    #expect(await waiting.value)
  }
}
