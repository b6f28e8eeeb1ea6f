import Domain
import Foundation
import Presentation
import TestSupport
import Testing

/// Lets other tasks run until `condition` holds: no wall clock, and the suite's time limit
/// ends a wait that never would.
@MainActor
private func until(_ condition: () -> Bool) async {
  while !condition(), !Task.isCancelled { await Task.yield() }
}

/// The time a long wait shows: counted a second at a time on the screen's clock, and worded
/// as minutes and seconds.
@MainActor
@Suite("The time waited: counted on the screen's clock, said as m:ss", .timeLimit(.minutes(1)))
struct TimeWaitedTests {
  @Test("each whole second waited is told as the clock passes it, and the count ends with the work")
  func countsEachSecond() async {
    let clock = ManualClock()
    let told = Recorder<Duration>()
    let work = Gate()

    let counting = Task {
      await TimeWaited.counting(
        on: clock, tick: { told.record($0) }, during: { await work.pass() })
    }
    for second in 1...3 {
      await clock.sleepsBegun(second)
      clock.advance(by: .seconds(1))
      await until { told.all.count == second }
    }
    await work.open()
    await counting.value

    #expect(told.all == [.seconds(1), .seconds(2), .seconds(3)])
    #expect(clock.waitingSleeps == 0, "the count ended with the work")
  }

  @Test("seconds the clock skipped are not told late: the next tick says the time it is now")
  func skippedSeconds() async {
    let clock = ManualClock()
    let told = Recorder<Duration>()
    let work = Gate()

    let counting = Task {
      await TimeWaited.counting(
        on: clock, tick: { told.record($0) }, during: { await work.pass() })
    }
    await clock.sleepsBegun(1)
    clock.advance(by: .milliseconds(12_400))
    await until { told.all.count == 1 }
    await clock.sleepsBegun(2)
    await work.open()
    await counting.value

    #expect(told.all == [.seconds(12)])
    #expect(clock.sleeps == [.seconds(1), .seconds(13)])
  }

  @Test("the count stops at its limit")
  func stopsAtTheLimit() async {
    let clock = ManualClock()
    let told = Recorder<Duration>()
    let work = Gate()

    let counting = Task {
      await TimeWaited.counting(
        on: clock, upTo: .seconds(2), tick: { told.record($0) }, during: { await work.pass() })
    }
    await clock.sleepsBegun(1)
    clock.advance(by: .seconds(5))
    await until { told.all.count == 1 }
    await work.open()
    await counting.value

    #expect(told.all == [.seconds(5)])
    #expect(clock.sleeps == [.seconds(1)], "no sleep past the limit")
  }

  @Test("a clock whose sleeps end before their time says nothing: no time passed on it")
  func clockThatPassesNoTime() async {
    let clock = ImmediateClock()
    let told = Recorder<Duration>()

    let answer = await TimeWaited.counting(
      on: clock, tick: { told.record($0) },
      during: {
        // Every task gets its turn: a count that ran on would be asleep again.
        for _ in 0..<100 { await Task.yield() }
        return "done"
      })

    #expect(answer == "done")
    #expect(told.all.isEmpty)
    #expect(clock.sleeps == [.seconds(1)])
  }

  @Test(
    "the time waited is said as minutes and seconds, of the longest the wait lasts",
    arguments: [
      ("en_US", 12, 120, "0:12 of 2:00"), ("en_US", 65, 120, "1:05 of 2:00"),
      ("en_US", 0, 5, "0:00 of 0:05"), ("de_DE", 12, 120, "0:12 von 2:00"),
    ])
  func worded(locale: String, waited: Int, budget: Int, said: String) {
    let labels = ScreenLabels(locale: Locale(identifier: locale))

    #expect(labels.timeWaited(.seconds(waited), of: .seconds(budget)) == said)
  }

  @Test("a wait without a budget says the time alone")
  func wordedAlone() {
    #expect(ScreenLabels(locale: Locale(identifier: "en_US")).timeWaited(.seconds(3)) == "0:03")
  }
}
