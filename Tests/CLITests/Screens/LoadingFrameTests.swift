import DataLayer
import Domain
import TestSupport
import Testing

@testable import CLI

@MainActor
@Suite("The loading frame never fights the log", .timeLimit(.minutes(1)))
struct LoadingFrameTests {
  @Test("with --verbose on the same terminal no frame is drawn, so no log line is overdrawn")
  func verboseOnATerminal() async {
    let run = await runCLI(["--scenario", "cards-offline", "--verbose"], interactive: true)

    #expect(!run.output.contains("Loading…"))
    #expect(!run.output.contains("\u{1B}[0J"), "nothing is erased")
    #expect(run.errors.contains("[warning] showing that cards could not load (offline)"))
  }

  @Test("every log line of server-down survives: the output moves the cursor nowhere")
  func serverDown() async {
    let run = await runCLI(["--scenario", "server-down", "--verbose"], interactive: true)

    #expect(run.errors.split(separator: "\n").count >= 6)
    #expect(!run.output.contains("A\u{1B}"), "no cursor-up sequence")
    #expect(OutputChecks.controls(in: run.output, allowingColour: true).isEmpty)
  }

  @Test("at 40 columns the frame is 40 cells wide and erased line for line")
  func narrow() async throws {
    let run = await runCLI([], interactive: true, columns: 40)
    let erase = try #require(run.output.range(of: "\r\u{1B}[5A\u{1B}[0J"))
    let frame = run.output[..<erase.lowerBound]

    #expect(frame.split(separator: "\n").count == 5)
    #expect(Set(frame.split(separator: "\n").map(TerminalCells.width)) == [40])
  }

  @Test("a terminal too small for the frame gets none, rather than a frame it cannot erase")
  func tooSmall() {
    let terminal = Terminal(
      isInteractive: true, usesColor: true, size: Terminal.Size(columns: 24, rows: 24))
    let short = Terminal(
      isInteractive: true, usesColor: true, size: Terminal.Size(columns: 80, rows: 5))

    #expect(!terminal.canRedraw(width: 30, height: 5, logIsOn: false))
    #expect(!short.canRedraw(width: 50, height: 5, logIsOn: false))
    #expect(
      Terminal(isInteractive: true, usesColor: true, size: Terminal.Size(columns: 80, rows: 24))
        .canRedraw(width: 50, height: 5, logIsOn: false))
  }

  @Test("with the log sent elsewhere, the frame is drawn even with --verbose")
  func logElsewhere() {
    let terminal = Terminal(
      isInteractive: true, usesColor: true, size: Terminal.Size(columns: 80, rows: 24),
      errorsAreInteractive: false)

    #expect(terminal.canRedraw(width: 50, height: 5, logIsOn: true))
  }
}

@MainActor
@Suite("Signals cancel the load, they do not kill", .timeLimit(.minutes(1)))
struct StopSignalTests {
  @Test(
    "a stop signal cancels the load and exits with its code, showing nothing",
    .timeLimit(.minutes(1)),
    arguments: [(StopSignal.interrupt, ExitCode.interrupted), (.terminate, .terminated)])
  func exitCode(stopSignal: StopSignal, code: ExitCode) async {
    let run = await runCLI(["--no-color"], stopSignal: stopSignal)

    #expect(run.exitCode == code)
    #expect(run.output.isEmpty)
  }

  @Test(
    "a stop signal ends the run at once, even while a source is slow to wind down",
    .timeLimit(.minutes(1)))
  func doesNotWaitForTheLoad() async {
    let server = DeafServer()

    let run = await runCLI(
      ["--backend-url", "http://127.0.0.1:9"], stopSignal: .interrupt,
      serverAccess: .linked { _, _ in server },
      stopSignals: StopSignalWhenOpened(server.bothStarted))

    #expect(run.exitCode == .interrupted)
    #expect(server.cancellations.all.count == 2, "both requests were cancelled")
    #expect(server.ended.all.isEmpty, "and the run did not wait for them to end")
    await server.release.open()
  }

  @Test("the loading frame is drawn, then erased, and nothing follows it", .timeLimit(.minutes(1)))
  func erasesTheFrame() async {
    let run = await runCLI([], interactive: true, stopSignal: .interrupt)

    #expect(run.exitCode == .interrupted)
    #expect(run.output.contains("Loading…"))
    #expect(run.output.hasSuffix("\r\u{1B}[5A\u{1B}[0J"))
  }

  @Test(
    "the cancelled load is no failure: nothing is logged, on either screen",
    .timeLimit(.minutes(1)), arguments: ["payment-methods", "wallet"])
  func nothingLogged(screen: String) async {
    let run = await runCLI(["--screen", screen, "--verbose"], stopSignal: .terminate)

    #expect(run.exitCode == .terminated)
    #expect(linesAboveDebug(run.errors).isEmpty)
  }
}

/// A server whose requests, once cancelled, still take until the test releases them: a
/// transfer the platform cannot stop at once. `bothStarted` opens once the wallet's and the
/// cards' requests are both in.
private final class DeafServer: PaymentsBackend, Sendable {
  let started = Recorder<BackendEndpoint>()
  let cancellations = Recorder<BackendEndpoint>()
  let ended = Recorder<BackendEndpoint>()
  let bothStarted = Gate()
  let release = Gate()

  func send(_ request: BackendRequest) async throws -> BackendResponse {
    started.record(request.endpoint)
    if started.all.count == 2 { await bothStarted.open() }
    await withTaskCancellationHandler {
      await release.pass()
    } onCancel: {
      cancellations.record(request.endpoint)
    }
    ended.record(request.endpoint)
    throw CancellationError()
  }
}

/// Interrupts once `gate` opens.
@MainActor
private final class StopSignalWhenOpened: StopSignalSource {
  private let gate: Gate

  init(_ gate: Gate) { self.gate = gate }

  func start(_ handler: @escaping @MainActor (StopSignal) -> Void) {
    Task { @MainActor [gate] in
      await gate.pass()
      handler(.interrupt)
    }
  }

  func stop() {}
}
