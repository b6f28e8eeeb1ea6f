import Domain
import Testing

@testable import CLI

@MainActor
@Suite("--verbose: every swallowed error shows in the developer log")
struct VerboseLogTests {
  @Test(
    "each skipped source is logged on stderr with its level",
    arguments: [
      (
        "wallet-missing",
        "[debug] skipped wallet: user has no wallet  error=noWalletFound source=wallet"
      ),
      (
        "wallet-banned",
        "[info] skipped wallet: wallet cannot pay right now  error=banned source=wallet"
      ),
      (
        "wallet-in-review",
        "[info] skipped wallet: wallet cannot pay right now  error=inReview(pending)"
      ),
      ("wallet-empty-balance", "[info] skipped wallet: wallet has no funds  source=wallet"),
      ("cards-offline", "[warning] skipped cards after a failure  error=unreachable source=cards"),
      (
        "apple-pay-unavailable",
        "[debug] skipped applePay: Apple Pay is not available on this device"
      ),
      ("wallet-slow", "[warning] skipped wallet after a failure  error=no answer within 3000 ms"),
      (
        "unexpected-error",
        "[error] skipped cards after a failure  error=unknown error ScenarioFault(GET /cards"
      ),
      (
        "everything-fails",
        "[warning] showing the could-not-load error  error=wallet: unreachable; cards: unreachable; applePay: unknown error"
      ),
    ])
  func logsSkippedSources(scenario: String, line: String) async {
    let run = await runCLI(["--scenario", scenario, "--verbose"])

    #expect(run.errors.contains(line), "stderr was:\n\(run.errors)")
  }

  @Test("a load with nothing swallowed logs nothing")
  func quietWhenAllIsWell() async {
    let run = await runCLI(["--verbose"])

    #expect(run.errors.isEmpty)
  }

  @Test("without --verbose nothing is logged, whatever went wrong")
  func silentByDefault() async {
    let run = await runCLI(["--scenario", "unexpected-error"])

    #expect(run.errors.isEmpty)
  }

  @Test("the log goes to stderr, so --json on stdout stays one JSON object")
  func logStaysOffStdout() async {
    let run = await runCLI(["--scenario", "cards-offline", "--verbose", "--json"])

    #expect(run.output.hasPrefix("{"))
    #expect(!run.output.contains("[warning]"))
    #expect(run.errors.contains("[warning]"))
  }

  @Test("a log line lists metadata sorted by key")
  func lineFormat() {
    let line = ConsoleLogger.line(
      for: LogEntry(
        level: .info, message: "hello", metadata: ["source": "wallet", "error": "banned"]))

    #expect(line == "[info] hello  error=banned source=wallet")
  }
}
