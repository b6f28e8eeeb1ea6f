import Domain
import Testing

@testable import CLI

@MainActor
@Suite(
  "--verbose: every error, left out or shown, is in the developer log", .timeLimit(.minutes(1)))
struct VerboseLogTests {
  @Test(
    "each source left out or failed is logged on stderr with its level",
    arguments: [
      (
        "wallet-missing",
        "[debug] skipped wallet: user has no wallet  "
          + "error=WalletRepositoryError.noWalletFound(GET /wallet status=404 "
          + "code=wallet_not_found traceId=wallet-1) source=wallet traceId=wallet-1"
      ),
      (
        "wallet-banned",
        "[info] skipped wallet: wallet cannot pay right now  error=WalletRepositoryError.banned("
      ),
      (
        "wallet-in-review",
        "[info] skipped wallet: wallet cannot pay right now  "
          + "error=WalletRepositoryError.inReview(pending, "
      ),
      ("wallet-empty-balance", "[info] skipped wallet: wallet has no funds  source=wallet"),
      (
        "cards-offline",
        "[warning] showing that cards could not load (offline)  "
          + "error=SourceFailure(cards: offline) ← RequestFailure.offline(GET /cards "
          + "traceId=cards-1) ← DataLayer.TransportError.offline "
          + "recovery=retryWhenUserActs(reconnect) source=cards traceId=cards-1"
      ),
      (
        "apple-pay-unavailable",
        "[debug] skipped applePay: Apple Pay is not available on this device"
      ),
      (
        "wallet-slow", "[warning] showing that wallet could not load (no answer within 3000 ms)"
      ),
      (
        "unexpected-error",
        "[error] showing that cards could not load "
          + "(unknown error UnclassifiedRequestError(GET /cards traceId=cards-1))  "
          + "error=SourceFailure(cards: unknown error UnclassifiedRequestError(GET /cards "
          + "traceId=cards-1)) ← UnclassifiedRequestError(GET /cards traceId=cards-1) "
          + "← ScenarioFault(GET /cards"
      ),
      (
        "everything-fails",
        "[warning] showing the error \"You're offline\"  alsoFailed=cards: offline "
          + "traceId=cards-1; applePay: unknown error ScenarioFault(Apple Pay device check failed "
          + "in a way nobody planned for) error=PaymentMethodsError.couldNotLoad "
          + "← SourceFailure(wallet: offline) ← RequestFailure.offline(GET /wallet "
          + "traceId=wallet-1) ← DataLayer.TransportError.offline "
          + "recovery=retryWhenUserActs(reconnect) traceId=wallet-1"
      ),
      (
        "token-expired",
        "[info] refreshed the session  operation=POST /session/refresh traceId=refresh-1"
      ),
      (
        "refresh-offline",
        "[warning] could not refresh the session (offline); it stays open  "
          + "error=RequestFailure.offline(POST /session/refresh traceId=refresh-1) "
          + "← DataLayer.TransportError.offline traceId=refresh-1"
      ),
      ("server-down", "alsoFailed=cards: serviceUnavailable traceId=cards-3"),
      (
        "apple-pay-interrupted",
        "[warning] showing that applePay could not load "
          + "(cancelled by something other than the screen)"
      ),
      (
        "token-expired",
        "[info] access token expired; repeating GET /cards with a fresh token  traceId=cards-1"
      ),
      (
        "timeout-then-ok",
        "[info] retrying GET /cards in 200 ms (attempt 2 of 3)  "
          + "error=RequestFailure.timedOut(GET /cards traceId=cards-1)"
      ),
      ("rate-limited-retry-after", "[info] retrying GET /cards in 1000 ms (attempt 2 of 3)"),
      ("server-down", "recovery=retryNow traceId=wallet-3"),
      (
        "session-expired",
        "← RequestFailure.sessionEnded(POST /session/refresh status=400 code=invalid_grant "
          + "traceId=refresh-1) recovery=signInAgain"
      ),
      ("user-locked", "[warning] sending the user to contactSupport"),
      ("malformed-response", "← DecodingError.dataCorrupted"),
    ])
  func logsSkippedSources(scenario: String, line: String) async {
    let run = await runCLI(["--scenario", scenario, "--verbose"])

    #expect(run.errors.contains(line), "stderr was:\n\(run.errors)")
  }

  @Test("a load with nothing swallowed logs only its requests, at debug")
  func quietWhenAllIsWell() async {
    let run = await runCLI(["--verbose"])

    #expect(linesAboveDebug(run.errors).isEmpty)
    #expect(run.errors.contains("[debug] → GET /wallet  traceId=wallet-1"))
    #expect(run.errors.contains("[debug] ← GET /cards 200  traceId=cards-1"))
  }

  @Test("every line starts with the time since the load began, then its level")
  func timeline() async {
    let run = await runCLI(["--scenario", "server-down", "--verbose"])

    #expect(everyLineIsALogLine(run.errors))
    #expect(run.errors.hasPrefix("     0 ms  ["), "the scenario clock stands still: 0 ms")
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
    let line = ConsoleLog.line(
      for: LogEntry(
        level: .info, message: "hello", metadata: ["source": "wallet", "error": "banned"]))

    #expect(line == "[info] hello  error=banned source=wallet")
  }
}
