import Domain
import TestSupport
import Testing

/// The one mechanism behind every load: calls side by side in a task group, with a timer
/// child for the deadline.
@Suite("Calls side by side under one deadline", .timeLimit(.minutes(1)))
struct SideBySideTests {
  typealias Call = (key: String, call: @Sendable () async throws -> String)

  /// Each result as "key: answer", "key: past the deadline" or "key: failed", in the order
  /// the calls ended; `stopAfter` names the key whose result cancels the rest.
  private func results(
    _ calls: [Call], deadline: Duration = .seconds(3), clock: any Clock<Duration>,
    stopAfter: String? = nil
  ) async -> [String] {
    var lines: [String] = []
    await Deadline(deadline, clock: clock).callSideBySide(calls) { key, result in
      switch result {
      case .success(let answer): lines.append("\(key): \(answer)")
      case .failure(let error) where error is DeadlineExceeded:
        lines.append("\(key): past the deadline")
      case .failure: lines.append("\(key): failed")
      }
      return key != stopAfter
    }
    return lines
  }

  @Test("results arrive in the order the calls end, not the order they were made")
  func orderOfEnding() async {
    let gate = Gate()
    let lines = await results(
      [
        (
          "slow",
          {
            await gate.pass()
            return "late"
          }
        ),
        (
          "fast",
          {
            defer { Task { await gate.open() } }
            return "early"
          }
        ),
      ], clock: StoppedClock())

    #expect(lines == ["fast: early", "slow: late"])
  }

  @Test("a call still running at the deadline is cancelled and reported as past it")
  func deadlineCutsAHungCall() async {
    let clock = ManualClock()
    async let lines = results(
      [
        (
          "hung",
          {
            try await suspendUntilCancelled()
            return "never"
          }
        ), ("quick", { "ok" }),
      ],
      clock: clock)
    await clock.sleepsBegun(1)
    clock.advance(by: .seconds(3))

    #expect(await lines == ["quick: ok", "hung: past the deadline"])
  }

  @Test("a call that answers although the deadline cancelled it keeps its answer")
  func lateAnswerIsKept() async {
    let clock = ManualClock()
    async let lines = results(
      [
        (
          "stubborn",
          {
            _ = try? await suspendUntilCancelled()
            return "answered anyway"
          }
        )
      ], clock: clock)
    await clock.sleepsBegun(1)
    clock.advance(by: .seconds(3))

    #expect(await lines == ["stubborn: answered anyway"])
  }

  @Test("stopping cancels the calls still running, and their cancellation is not reported")
  func stopCancelsTheRest() async {
    let lines = await results(
      [
        (
          "hung",
          {
            try await suspendUntilCancelled()
            return "never"
          }
        ), ("decisive", { "go" }),
      ],
      clock: StoppedClock(), stopAfter: "decisive")

    #expect(lines == ["decisive: go"])
  }

  @Test("the timer stops when the last call ends, so a load never waits for its deadline")
  func timerStopsWithTheCalls() async {
    let clock = ManualClock()
    let lines = await results([("only", { "done" })], clock: clock)

    #expect(lines == ["only: done"])
    #expect(clock.waitingSleeps == 0)
  }
}
