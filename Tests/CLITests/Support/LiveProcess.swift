import Foundation

/// The built binary, running: its stderr is collected as it arrives, so that a test can
/// wait (with a time limit, never a fixed sleep) for a line before it acts.
final class LiveProcess: @unchecked Sendable {
  // Safe: `errorText` and `exitTime` are only touched while holding `lock`; the rest is
  // set in init.
  private let lock = NSLock()
  private var errorText = ""
  private var exitTime: ContinuousClock.Instant?
  private let arrived = DispatchSemaphore(value: 0)
  private let exited = DispatchSemaphore(value: 0)
  /// Signalled when stderr reaches its end: everything the process wrote there has arrived.
  private let errorsEnded = DispatchSemaphore(value: 0)
  let process = Process()
  let output = Pipe.notInherited()

  static var binary: URL {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("payment-methods")
  }

  init(_ arguments: [String], standardOutput: Any? = nil, program: URL = binary) throws {
    process.executableURL = program
    process.arguments = arguments
    process.environment = [:]
    process.standardOutput = standardOutput ?? output
    // Not inherited by the programs other tests start meanwhile: a second holder of a
    // pipe's end would keep a broken-pipe test's pipe whole, or delay the end of stderr.
    let errors = Pipe.notInherited()
    process.standardError = errors
    errors.fileHandleForReading.readabilityHandler = { [weak self, errorsEnded] handle in
      let data = handle.availableData
      guard !data.isEmpty else {
        handle.readabilityHandler = nil
        errorsEnded.signal()
        return
      }
      guard let self else { return }
      self.lock.withLock { self.errorText += String(decoding: data, as: UTF8.self) }
      self.arrived.signal()
    }
    process.terminationHandler = { [weak self, exited] _ in
      if let self { self.lock.withLock { self.exitTime = ContinuousClock.now } }
      exited.signal()
    }
    try process.run()
  }

  var errors: String { lock.withLock { errorText } }

  /// Ends the process with SIGKILL if it still runs: for every way out of a test.
  func stop() {
    guard process.isRunning else { return }
    kill(process.processIdentifier, SIGKILL)
    _ = exited.wait(timeout: .now() + 5)
  }

  /// When the process was seen to end: what a test times, rather than the end of
  /// `waitForExit`, which may also wait for stderr's end.
  var exitedAt: ContinuousClock.Instant? { lock.withLock { exitTime } }

  /// Waits until stderr holds `text`; false if it did not within `seconds`.
  func waitForError(containing text: String, seconds: Double) -> Bool {
    let deadline = DispatchTime.now() + seconds
    while !errors.contains(text) {
      if arrived.wait(timeout: deadline) == .timedOut { return errors.contains(text) }
    }
    return true
  }

  /// Waits for the process to end, and then for what it wrote on stderr to arrive; false if
  /// it did not end within `seconds`.
  ///
  /// The end of stderr is waited for a little only: a process another test starts at the
  /// same moment can inherit the pipe's write end and hold it open, although everything this
  /// process wrote has arrived long before.
  func waitForExit(seconds: Double) -> Bool {
    guard exited.wait(timeout: .now() + seconds) == .success else { return false }
    _ = errorsEnded.wait(timeout: .now() + 2)
    return true
  }

  /// `waitForExit`, on a thread of its own (`offThePool`).
  func exiting(seconds: Double) async -> Bool {
    await offThePool { self.waitForExit(seconds: seconds) }
  }

  /// `waitForError`, on a thread of its own (`offThePool`).
  func waitingForError(containing text: String, seconds: Double) async -> Bool {
    await offThePool { self.waitForError(containing: text, seconds: seconds) }
  }
}
