import DataLayer
import DemoBackend
import Foundation
import TestSupport

@testable import CLI

/// What one in-process run of the command printed, and how it ended.
struct CLIRun {
  let exitCode: ExitCode
  let output: String
  let errors: String
  /// The trace id of every request the run sent, in order.
  let traceIDs: [String]
}

/// A console that records what is written to stdout and stderr.
struct TestConsole: Console {
  let storage: RecordingConsoleStorage

  func write(_ text: String) { storage.appendOutput(text) }
  func writeError(_ text: String) { storage.appendError(text) }
}

/// The width golden screens are drawn at: what a terminal 50 columns wide or wider shows.
let goldenWidth = 50

/// Runs the command in-process as the binary would, with the console recorded, the
/// terminal as given (an interactive one is `columns` by 24 cells, its log on the same
/// screen), scenario time played by `ScenarioTimeClock` (the wait for a bank's approval on an
/// `AdvancingClock`), jitter, trace ids and the date fixed, in UTC.
///
/// `standardInput` is what `--scenario-file -` reads.
///
/// With `stopSignal`, time stands still (every load waits until it is cancelled) and
/// the stopSignal arrives as soon as the load has started.
///
/// `atADumbTerminal` makes the terminal one keys are typed at too, with `TERM=dumb`: it
/// cannot move its cursor, so the boxed screen cannot stay open on it. (The accessible
/// screen would, and read this process's standard input: not with it.)
@MainActor
func runCLI(
  _ arguments: [String], environment: [String: String] = [:], interactive: Bool = false,
  atADumbTerminal: Bool = false,
  columns: Int = goldenWidth, stopSignal: StopSignal? = nil, standardInput: [UInt8] = [],
  serverAccess: ServerAccess = .companion(named: "payment-methods-http"),
  stopSignals: (any StopSignalSource)? = nil
) async -> CLIRun {
  let storage = RecordingConsoleStorage()
  var deadline = CommandLineOptions().deadline
  if case .show(let options)? = try? Command.parse(arguments) {
    deadline = options.deadline
  }
  let traceIDs = SequentialTraceIDs()
  var runner = CommandRunner(
    console: TestConsole(storage: storage),
    terminal: { noColor in
      Terminal(
        isInteractive: interactive,
        usesColor: !atADumbTerminal
          && Terminal.colorPolicy(
            noColorFlag: noColor, environment: environment, isInteractive: interactive),
        size: interactive ? Terminal.Size(columns: columns, rows: 24) : nil,
        columnsVariable: columns,
        movesCursor: !atADumbTerminal,
        errorsAreInteractive: interactive,
        inputIsInteractive: atADumbTerminal)
    },
    environment: BackendClient.Environment(
      clock: stopSignal == nil ? ScenarioTimeClock(deadline: deadline) : StoppedClock(),
      // Half the longest wait: the backoff's jitter, the same on every run.
      jitter: { $0 / 2 },
      traceID: { traceIDs.next($0.rawValue) },
      now: { Date(timeIntervalSince1970: 1_800_000_000) },
      // Fixed keys too: a random one could hold any digits, such as a card's code.
      idempotencyKey: { traceIDs.next("submission") }),
    stopSignals: stopSignals ?? StopSignalOnStart(stopSignal: stopSignal),
    scenarioReader: ScenarioReader(readStandardInput: { .success(Array(standardInput.prefix($0))) }
    ),
    variables: environment,
    serverAccess: serverAccess
  )
  // The bank's approval waits on a clock of its own: each backoff ends at once and counts,
  // so the budget is spent after a few polls, as the demo's seconds would spend it.
  runner.approvalClock = stopSignal == nil ? AdvancingClock() : StoppedClock()
  // The time of day copied rows were loaded, the same on every machine.
  runner.timeZone = TimeZone(identifier: "UTC") ?? runner.timeZone
  let exitCode = await runner.run(arguments)
  return CLIRun(
    exitCode: exitCode, output: storage.output, errors: storage.errors,
    traceIDs: traceIDs.issued)
}

/// Sends `stopSignal`, if any, once the load it watches has started.
@MainActor
final class StopSignalOnStart: StopSignalSource {
  let stopSignal: StopSignal?
  private(set) var isStarted = false

  init(stopSignal: StopSignal?) { self.stopSignal = stopSignal }

  func start(_ handler: @escaping @MainActor (StopSignal) -> Void) {
    isStarted = true
    guard let stopSignal else { return }
    // After this turn of the main actor, so that the load is already waiting, as it is
    // when a person presses Ctrl-C.
    Task { @MainActor in handler(stopSignal) }
  }

  func stop() { isStarted = false }
}

/// The package's root folder, found from this file's place in it.
let packageRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent()

/// The built-in scenario names, in catalogue order: the arguments of per-scenario tests.
enum BuiltInScenariosNames {
  static let all = BuiltInScenarios.all.map(\.name)
}

/// The developer log's lines above debug level: what a layer chose to say, without the
/// request timeline.
func linesAboveDebug(_ log: String) -> [Substring] {
  log.split(separator: "\n").filter { !$0.contains("  [debug] ") }
}

/// Whether every line of the log starts as the log's own lines do: the elapsed time, then
/// the level in brackets. A line forged by a newline in a server's text would not.
func everyLineIsALogLine(_ log: String) -> Bool {
  log.split(separator: "\n").allSatisfy { line in
    line.wholeMatch(of: /\s*(\d+|-) ms  \[(debug|info|warning|error)\] .*/) != nil
  }
}
