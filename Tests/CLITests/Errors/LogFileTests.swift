import Foundation
import Testing

@testable import CLI

@MainActor
@Suite("--log-file: the developer log in a file, in every mode", .timeLimit(.minutes(1)))
struct LogFileTests {
  private func temporaryPath() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("log-\(UUID().uuidString).txt")
      .path
  }

  @Test("writes the whole timeline, without --verbose and with nothing on stderr")
  func writesTheLog() async throws {
    let path = temporaryPath()
    defer { try? FileManager.default.removeItem(atPath: path) }

    let run = await runCLI(["--scenario", "cards-offline", "--log-file", path])

    let log = try String(contentsOfFile: path, encoding: .utf8)
    #expect(run.exitCode == .success)
    #expect(run.errors.isEmpty)
    #expect(everyLineIsALogLine(log))
    #expect(log.contains("[warning] showing that cards could not load (offline)"))
    #expect(log.contains("[debug] → GET /cards  traceId=cards-1"))
  }

  @Test("with --verbose too, the file and stderr hold the same lines")
  func sameAsStderr() async throws {
    let path = temporaryPath()
    defer { try? FileManager.default.removeItem(atPath: path) }

    let run = await runCLI(["--scenario", "server-down", "--log-file", path, "--verbose"])

    // The same lines; two requests logging at the same moment may reach the two in a
    // different order.
    let file = try String(contentsOfFile: path, encoding: .utf8)
    #expect(file.split(separator: "\n").sorted() == run.errors.split(separator: "\n").sorted())
    #expect(!file.isEmpty)
  }

  @Test("a file that cannot be created exits 73 and says why, before anything loads")
  func unwritable() async {
    let run = await runCLI(["--log-file", "/no/such/folder/log.txt"])

    #expect(run.exitCode == .logFileUnwritable)
    #expect(run.errors.contains("cannot create the log file /no/such/folder/log.txt"))
    #expect(run.output.isEmpty)
  }

  @Test(
    "a file that cannot be written: the screen as usual, then one line on stderr, and exit 74",
    .enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
  func fullDisk() async {
    let plain = await runCLI(["--scenario", "server-down"])

    let run = await runCLI(["--scenario", "server-down", "--log-file", "/dev/full"])

    #expect(run.output == plain.output)
    #expect(run.exitCode == .outputFailed)
    #expect(
      run.errors
        == "payment-methods: cannot write the log file /dev/full: the disk is full; "
        + "the log stops there\n")
  }
}
