import TestSupport
import Testing

@testable import Domain

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
    let beforeDeadline = rings.names.all
    clock.advance(by: .seconds(1))
    await rings.count.waitForArrivals(1)

    #expect(beforeDeadline.isEmpty)
    #expect(rings.names.all == ["three"])
    #expect(clock.sleeps == [.seconds(3)])
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
