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
}

private struct TestConsole: Console {
  let storage: RecordingConsoleStorage

  func write(_ text: String) { storage.appendOutput(text) }
  func writeError(_ text: String) { storage.appendError(text) }
}

/// Runs the command in-process as the binary would, with the console recorded, the
/// terminal as given, scenario time played by `ScenarioTimeClock`, and jitter and trace
/// ids fixed.
@MainActor
func runCLI(
  _ arguments: [String], environment: [String: String] = [:], interactive: Bool = false
) async -> CLIRun {
  let storage = RecordingConsoleStorage()
  var deadline = CommandLineOptions().deadline
  if case .show(let options)? = try? Command.parse(arguments) {
    deadline = options.deadline
  }
  let traceIDs = SequentialTraceIDs()
  let runner = CommandRunner(
    console: TestConsole(storage: storage),
    terminal: { noColor in
      Terminal(
        isInteractive: interactive,
        usesColor: Terminal.colorPolicy(
          noColorFlag: noColor, environment: environment, isInteractive: interactive))
    },
    environment: BackendClient.Environment(
      clock: ScenarioTimeClock(deadline: deadline),
      // Half the longest wait: the backoff's jitter, the same on every run.
      jitter: { $0 / 2 },
      traceID: { traceIDs.next($0.rawValue) },
      now: { Date(timeIntervalSince1970: 1_800_000_000) })
  )
  let exitCode = await runner.run(arguments)
  return CLIRun(exitCode: exitCode, output: storage.output, errors: storage.errors)
}

/// The package's root folder, found from this file's place in it.
let packageRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent()

/// The built-in scenario names, in catalogue order: the arguments of per-scenario tests.
enum BuiltInScenariosNames {
  static let all = BuiltInScenarios.all.map(\.name)
}
