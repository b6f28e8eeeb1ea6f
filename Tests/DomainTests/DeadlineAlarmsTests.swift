import TestSupport
import Testing

@_spi(Benchmarks) @testable import Domain

/// The alarms behind every deadline: one sleeping task, shared, that rings each alarm on
/// time and never one that was cancelled.
@Suite("Deadline alarms: one sleep for many deadlines", .timeLimit(.minutes(1)))
struct DeadlineAlarmsTests {
  /// What rang, in order, and a way to wait for the rings.
  final class Rings: Sendable {
    let names = Recorder<String>()
    let count = Gate()

    func ring(_ name: String) -> @Sendable () -> Void {
      { [names, count] in
        names.record(name)
        Task { await count.arrive() }
      }
    }
  }

  @Test("an alarm rings when the clock reaches its deadline, and not before")
  func ringsOnTime() async {
    let clock = ManualClock()
    let alarms = ClockAlarms(clock: clock)
    let rings = Rings()

    _ = alarms.set(after: .seconds(3), rings.ring("three"))
    await clock.sleepsBegun(1)
    clock.advance(by: .seconds(2))
    // The clock ends a sleep as it moves, so one that should have ended is not waiting.
    let waitingBeforeDeadline = clock.waitingSleeps
    clock.advance(by: .seconds(1))
    await rings.count.waitForArrivals(1)

    #expect(waitingBeforeDeadline == 1)
    #expect(rings.names.all == ["three"])
    #expect(clock.sleeps == [.seconds(3)])
  }

  @Test("a replaced sleep that ends anyway rings nothing: its successor serves the alarms")
  func replacedSleepLeavesTheAlarms() async {
    let clock = ManualClock(endsCancelledSleeps: true)
    let alarms = ClockAlarms(clock: clock)
    let rings = Rings()

    _ = alarms.set(after: .seconds(10), rings.ring("ten"))
    await clock.sleepsBegun(1)
    _ = alarms.set(after: .seconds(1), rings.ring("one"))
    await clock.sleepsBegun(2)
    clock.advance(by: .seconds(1))
    await rings.count.waitForArrivals(1)
    clock.advance(by: .seconds(9))
    await rings.count.waitForArrivals(2)

    #expect(rings.names.all == ["one", "ten"])
    #expect(clock.sleeps == [.seconds(10), .seconds(1), .seconds(10)])
  }

  @Test("a cancelled alarm never rings, and the sleep moves on to the next one")
  func cancelledAlarmStaysSilent() async {
    let clock = ManualClock()
    let alarms = ClockAlarms(clock: clock)
    let rings = Rings()

    let cancelled = alarms.set(after: .seconds(3), rings.ring("cancelled"))
    await clock.sleepsBegun(1)
    alarms.cancel(cancelled)
    _ = alarms.set(after: .seconds(5), rings.ring("later"))
    clock.advance(by: .seconds(3))
    await clock.sleepsBegun(2)
    clock.advance(by: .seconds(2))
    await rings.count.waitForArrivals(1)

    #expect(rings.names.all == ["later"])
    #expect(clock.sleeps == [.seconds(3), .seconds(5)])
  }

  @Test("alarms due after the sleep under way share it; an earlier one starts its own")
  func oneSleepForLaterAlarms() async {
    let clock = ManualClock()
    let alarms = ClockAlarms(clock: clock)
    let rings = Rings()

    _ = alarms.set(after: .seconds(3), rings.ring("three"))
    await clock.sleepsBegun(1)
    for _ in 1...10 { _ = alarms.set(after: .seconds(4), rings.ring("four")) }
    _ = alarms.set(after: .seconds(1), rings.ring("one"))
    await clock.sleepsBegun(2)
    clock.advance(by: .seconds(1))
    await rings.count.waitForArrivals(1)
    await clock.sleepsBegun(3)
    clock.advance(by: .seconds(2))
    await rings.count.waitForArrivals(2)
    await clock.sleepsBegun(4)
    clock.advance(by: .seconds(1))
    await rings.count.waitForArrivals(12)

    #expect(rings.names.all == ["one", "three"] + Array(repeating: "four", count: 10))
    // The first sleep, the earlier alarm's, then one for each deadline left.
    #expect(clock.sleeps == [.seconds(3), .seconds(1), .seconds(3), .seconds(4)])
  }
}

@Suite("Inbox: what a run's calls and its alarm leave for it", .timeLimit(.minutes(1)))
struct InboxTests {
  @Test("events come out in the order they were posted, read at once or waited for")
  func keepsOrder() async {
    let inbox = Inbox<Int>()

    inbox.post(1)
    inbox.post(2)
    let first = await inbox.next()
    let second = await inbox.next()
    async let third = inbox.next()
    inbox.post(3)
    inbox.post(4)

    #expect([first, second, await third, await inbox.next()] == [1, 2, 3, 4])
  }
}

@Suite("Source calls: runs that overlap share the alarms", .timeLimit(.minutes(1)))
struct OverlappingRunsTests {
  /// Each outcome of one run, as "source: answer", "source: past the deadline" or
  /// "source: failed".
  private func outcomes(
    of calls: SourceCalls, _ list: [SourceCalls.Call<String>]
  ) async -> [String] {
    var outcomes: [String] = []
    await calls.run(list) { source, outcome in
      switch outcome {
      case .success(let answer): outcomes.append("\(source): \(answer)")
      case .failure(let error) where error is DeadlineExceeded:
        outcomes.append("\(source): past the deadline")
      case .failure: outcomes.append("\(source): failed")
      }
      return true
    }
    return outcomes
  }

  @Test("two runs on one set of calls each keep their own deadline, on one sleep")
  func overlappingRuns() async {
    let clock = ManualClock()
    let calls = SourceCalls(deadline: .seconds(3), clock: clock)

    async let first = outcomes(
      of: calls,
      [
        (
          .wallet,
          {
            try await suspendUntilCancelled()
            return "late"
          }
        )
      ])
    await clock.sleepsBegun(1)
    clock.advance(by: .seconds(1))
    // One second later, a run that answers at once; its deadline would be at 4 s.
    let second = await outcomes(of: calls, [(.cards, { "cards" })])
    clock.advance(by: .seconds(2))

    #expect(second == ["cards: cards"])
    #expect(await first == ["wallet: past the deadline"])
    #expect(clock.sleeps == [.seconds(3)])
  }
}
