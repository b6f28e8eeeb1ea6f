import DataLayer
import DemoBackend
import Domain
import Foundation
import Presentation

/// Runs one command line against a console: parses it, builds the app, waits for the
/// screen's final State and draws it (or prints it as JSON). Everything the process gets
/// from outside (console, terminal, clock, chance, trace ids) is passed in, so tests run
/// it in-process.
@MainActor
struct CommandRunner {
  let console: any Console
  /// The terminal for a given `--no-color` flag.
  let terminal: (_ noColorFlag: Bool) -> Terminal
  let environment: BackendClient.Environment

  func run(_ arguments: [String]) async -> ExitCode {
    let command: Command
    do {
      command = try Command.parse(arguments)
    } catch {
      console.writeError(
        "payment-methods: \(error.message)\nRun payment-methods --help for usage.\n")
      return .usage
    }

    switch command {
    case .help:
      console.write(Command.usage + "\n")
      return .success
    case .listScenarios:
      console.write(Self.scenarioList())
      return .success
    case .show(let options):
      return await show(options)
    }
  }

  private func show(_ options: CommandLineOptions) async -> ExitCode {
    let scenario: Scenario
    switch ScenarioLoader.load(options.scenario) {
    case .success(let loaded):
      scenario = loaded
    case .failure(let failure):
      console.writeError("payment-methods: \(failure.message)\n")
      return failure.exitCode
    }

    let logger: any DeveloperLog = options.verbose ? ConsoleLog(console: console) : SilentLog()
    let composition = AppComposition(
      scenario: scenario, deadline: options.deadline, environment: environment, logger: logger)
    let terminal = terminal(options.noColor)
    let renderer = ScreenRenderer(palette: Palette(isEnabled: terminal.usesColor))
    // On a colour terminal the loading state is drawn first and replaced in place once the
    // screen has loaded, the way a view follows its State.
    let loadingRenderer =
      terminal.isInteractive && terminal.usesColor && !options.json ? renderer : nil
    let snapshot: ScreenSnapshot
    switch options.screen {
    case .paymentMethods:
      let viewModel = composition.paymentMethodsViewModel()
      snapshot = await finalSnapshot(
        of: viewModel.load(), state: { ScreenSnapshot(viewModel.state) }, loading: loadingRenderer)
    case .wallet:
      let viewModel = composition.walletViewModel()
      snapshot = await finalSnapshot(
        of: viewModel.load(), state: { ScreenSnapshot(viewModel.state) }, loading: loadingRenderer)
    }

    if options.json {
      console.write(Self.json(snapshot))
    } else {
      console.write(renderer.render(snapshot))
    }
    return snapshot.exitCode
  }

  /// Waits for `load` to publish the screen's final state. With a renderer, the loading
  /// state is drawn meanwhile and erased afterwards.
  private func finalSnapshot(
    of load: Task<Void, Never>, state: () -> ScreenSnapshot, loading renderer: ScreenRenderer?
  ) async -> ScreenSnapshot {
    let loading = renderer?.render(state())
    if let loading { console.write(loading) }
    await load.value
    if let loading { erase(loading) }
    return state()
  }

  /// Moves the cursor back over `drawn` and clears it.
  private func erase(_ drawn: String) {
    let lineCount = drawn.split(separator: "\n", omittingEmptySubsequences: false).count - 1
    console.write("\u{1B}[\(lineCount)A\u{1B}[0J")
  }

  static func json(_ snapshot: ScreenSnapshot) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    // Encoding plain strings, booleans and arrays cannot fail; the fallback keeps the
    // output a JSON document even so.
    guard let data = try? encoder.encode(snapshot), let text = String(data: data, encoding: .utf8)
    else { return "{}\n" }
    return text + "\n"
  }

  static func scenarioList() -> String {
    let width = BuiltInScenarios.all.map(\.name.count).max() ?? 0
    return BuiltInScenarios.all.map { scenario in
      scenario.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + scenario.summary
    }.joined(separator: "\n") + "\n"
  }
}
