import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `scripts/scenario-server`, with the lines of its log read as they arrive: one per request
/// with its idempotency key, and one (`✓`) per write it applied (docs/HTTP.md). A test waits
/// for a line with a time limit, or has something done the moment one arrives.
final class WatchedScenarioServer: @unchecked Sendable {
  // Safe: `log` and `reactions` are only touched while holding `lock`; the rest is set in
  // init.
  private let lock = NSLock()
  private var log = ""
  private var reactions: [(text: String, action: @Sendable () -> Void)] = []
  private let arrived = DispatchSemaphore(value: 0)
  private let exited = DispatchSemaphore(value: 0)
  private let process = Process()
  let port: String

  /// Starts the server with `arguments` (`--scenario NAME`, `--script PATH`) on a free port,
  /// and returns once it listens.
  init(_ arguments: [String]) throws {
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments =
      ["python3", packageRoot.appendingPathComponent("scripts/scenario-server").path]
      + arguments + ["--port", "0", "--binary", EndToEndTests.binary.path]
    let output = Pipe.notInherited()
    let errors = Pipe.notInherited()
    process.standardOutput = output
    process.standardError = errors
    // Not inherited by the processes other tests start meanwhile (see `LiveProcess`).
    for pipe in [output, errors] {
      for handle in [pipe.fileHandleForReading, pipe.fileHandleForWriting] {
        _ = fcntl(handle.fileDescriptor, F_SETFD, FD_CLOEXEC)
      }
    }
    process.terminationHandler = { [exited] _ in exited.signal() }
    try process.run()
    // The first line is the port; reading it also waits until the server listens. What it
    // logs meanwhile waits in the pipe.
    port = try OverHTTPTests.line(of: output)
    errors.fileHandleForReading.readabilityHandler = { [weak self] handle in
      let data = handle.availableData
      guard !data.isEmpty else {
        handle.readabilityHandler = nil
        return
      }
      self?.received(String(decoding: data, as: UTF8.self))
    }
  }

  /// A server started, and listening, from a thread of its own (`offThePool`): the wait
  /// for its port holds no thread that tests share.
  static func started(_ arguments: [String]) async throws -> WatchedScenarioServer {
    try await offThePool { try WatchedScenarioServer(arguments) }
  }

  var url: String { "http://127.0.0.1:\(port)" }

  /// What the server has logged so far, a line each.
  var lines: [String] {
    lock.withLock { log }.split(separator: "\n").map(String.init)
  }

  /// Runs `action` once, as soon as a line holding `text` has arrived (at once if one has):
  /// on the thread that reads the log, so nothing the test does meanwhile delays it.
  func whenLogged(_ text: String, do action: @escaping @Sendable () -> Void) {
    let now = lock.withLock {
      guard !log.contains(text) else { return true }
      reactions.append((text, action))
      return false
    }
    if now { action() }
  }

  /// `waitForLine`, on a thread of its own (`offThePool`).
  func waitingForLine(containing text: String, seconds: Double = 10) async -> Bool {
    await offThePool { self.waitForLine(containing: text, seconds: seconds) }
  }

  /// Waits until the log holds `text`; false if it did not within `seconds`.
  func waitForLine(containing text: String, seconds: Double = 10) -> Bool {
    let deadline = DispatchTime.now() + seconds
    let logged = { self.lock.withLock { self.log.contains(text) } }
    while !logged() {
      if arrived.wait(timeout: deadline) == .timedOut { return logged() }
    }
    return true
  }

  /// Stops the server, on a thread of its own so no thread tests share waits for it: each
  /// server has a port of its own, and nothing waits for the old one.
  func stop() {
    Thread { self.stopAndWait() }.start()
  }

  /// SIGTERM, then SIGKILL if it has not ended within five seconds.
  private func stopAndWait() {
    guard process.isRunning else { return }
    process.terminate()
    if exited.wait(timeout: .now() + 5) == .timedOut, process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      _ = exited.wait(timeout: .now() + 5)
    }
  }

  private func received(_ text: String) {
    let due = lock.withLock {
      log += text
      let due = reactions.filter { log.contains($0.text) }
      reactions.removeAll { log.contains($0.text) }
      return due
    }
    for reaction in due { reaction.action() }
    arrived.signal()
  }
}
