import Foundation
import Testing

@testable import CLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the process settles as it starts, before anything opens a file or the terminal: the
/// files it may have open at once, and Swift's backtracer, whose interactive mode is off.
@Suite(
  "Starting the process: what a platform library would trap on", .serialized,
  .timeLimit(.minutes(1)))
struct ProcessStartTests {
  /// `scripts/hostile-server` playing `testCase` on every request, or only on those to the
  /// path `only`, stopped when the test is done with it.
  final class HostileServer {
    let process = Process()
    let port: String

    init(_ testCase: String, only: String? = nil) throws {
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments =
        [
          "python3", packageRoot.appendingPathComponent("scripts/hostile-server").path,
          "--case", testCase, "--print-port", "--limit", "30",
        ] + (only.map { ["--only", $0] } ?? [])
      let output = Pipe.notInherited()
      process.standardOutput = output
      process.standardError = FileHandle.nullDevice
      try process.run()
      port = try OverHTTPTests.line(of: output)
    }

    var url: String { "http://127.0.0.1:\(port)" }

    deinit {
      // SIGKILL: the test runner may start its children with SIGTERM blocked. Reaped on a
      // thread of its own: a wait for a process's end must never hold one of the few
      // threads the async tests share (`offThePool`).
      let process = process
      kill(process.processIdentifier, SIGKILL)
      Thread { process.waitUntilExit() }.start()
    }
  }

  /// The binary run by `/bin/sh` after `limit` (`ulimit -n 8`, say), to its end.
  private func run(after limit: String, _ arguments: [String]) async throws
    -> EndToEndTests.Result
  {
    try await EndToEndTests.runBinary(
      ["-c", limit + #"; exec "$0" "$@""#, EndToEndTests.binary.path] + arguments,
      program: URL(fileURLWithPath: "/bin/sh"))
  }

  @Test("too few files allowed open at once: one line on stderr and exit 71, never a signal")
  func tooFewOpenFiles() async throws {
    let run = try await run(after: "ulimit -n 8", ["--once"])

    #expect(run.status == 71)
    #expect(
      run.errors
        == "payment-methods: only 8 files may be open at once, and it needs 32: "
        + "raise the limit (ulimit -n 32) and try again\n")
    #expect(run.output.isEmpty)
  }

  @Test("a soft limit under what a run needs is raised where the hard limit allows")
  func softLimitRaised() async throws {
    let run = try await run(after: "ulimit -Hn 64; ulimit -Sn 8", ["--once"])

    #expect(run.status == 0, "\(run.errors)")
    #expect(run.output.contains("Choose how to pay"))
  }

  @Test("a trap at the start, before the screen, leaves no backtracer's prompt and ends at once")
  func trapAtTheStartAsksNothing() async throws {
    let server = try HostileServer("status-line-only")
    let folder = try TemporaryFolder()
    // With a --cache-dir the run asks whose session it is first (`GET /me/status`), before
    // the screen takes the terminal; the platform traps on the answer's status line alone.
    let terminal = try PseudoTerminal(
      ["--backend-url", server.url, "--cache-dir", folder.path],
      environment: ["TERM": "xterm-256color", "HOME": folder.path, "NO_COLOR": "1"])

    _ = await terminal.exiting(seconds: 10)

    #expect(terminal.exitStatus.map { $0 & 0x7F } == SIGILL, "ended by the trap, at once")
    #expect(!terminal.text.contains("Press space to interact"), "no backtracer's prompt")
  }

  @Test(
    "the backtracer's setting gets interactive=no; one that names interactive is the user's",
    arguments: [
      (nil, "interactive=no"), ("", "interactive=no"),
      ("enable=yes", "enable=yes,interactive=no"), ("interactive=yes", nil),
      ("color=no, Interactive = no", nil),
    ] as [(String?, String?)])
  func setting(current: String?, made: String?) {
    #expect(Backtracer.nonInteractive(current) == made)
  }
}
