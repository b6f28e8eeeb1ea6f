import Foundation
import Testing

/// A test that never ends (a deadline that never fires, a continuation never resumed)
/// outlives every `.timeLimit`: Swift Testing reports the limit, but cannot stop a task
/// that does not listen for cancellation, so the run would wait forever. This watchdog
/// ends such a run, failing, with a word on what to look for.
@Suite("Watchdog: the test run always ends")
struct WatchdogTests {
  /// Far beyond a whole run, even under the thread sanitizer (under two minutes).
  static let limit: TimeInterval = 5 * 60

  @Test("a run still going after five minutes is stopped, failing")
  func armed() {
    let thread = Thread {
      Thread.sleep(forTimeInterval: Self.limit)
      FileHandle.standardError.write(
        Data(
          ("\nwatchdog: the test run is still going after \(Int(Self.limit)) s; a test is stuck "
            + "(a deadline that never fires, or a continuation never resumed?)\n").utf8))
      exit(1)
    }
    thread.start()
    #expect(!thread.isFinished)
  }
}
