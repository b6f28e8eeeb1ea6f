import DataLayer
import DemoBackend
import Domain
import Foundation
import Presentation

/// Runs one command line against a console: parses it, builds the app, waits for the
/// screen's final State and draws it (or prints it as JSON). Everything the process gets
/// from outside (console, terminal, clock, chance, trace ids) is passed in, so tests run
/// it in-process.
///
/// This file holds what every command shares: preparing the backend and the log, composing
/// the app, and printing an outcome. Each command that runs the app has a file of its own
/// (`ShowCommand`, `AddCardCommand`, `CardChangeCommand`), what every one does before it
/// loads has `CommandRunner+BeforeLoading`, and waiting for its work, or for a stop signal,
/// has `CommandRunner+Waiting`.
@MainActor
struct CommandRunner {
  let console: any Console
  /// The terminal for a given `--no-color` flag.
  let terminal: (_ noColorFlag: Bool) -> Terminal
  let environment: BackendClient.Environment
  /// Ctrl-C and SIGTERM while the screen loads.
  let stopSignals: any StopSignalSource
  /// Reads scenario files, and standard input for `--scenario-file -`.
  var scenarioReader = ScenarioReader.live
  /// The process's environment variables: where `--backend-url` finds its tokens.
  var variables: [String: String] = [:]
  /// What the wait for a bank's approval is measured on; nil for the environment's clock.
  var approvalClock: (any Clock<Duration>)? = nil
  /// How `--backend-url` reaches its server. A program without an HTTP client hands such
  /// runs to its companion before it gets here (`PaymentMethodsCommand`).
  var serverAccess = ServerAccess.companion(named: "payment-methods-http")
  /// The user's time zone: the time of day copied rows were loaded; nil for the system's.
  /// Tests and golden runs pass UTC.
  var timeZone: TimeZone? = nil

  func run(_ arguments: [String]) async -> ExitCode {
    let command: Command
    do {
      command = try Command.parse(arguments)
    } catch {
      report(error.message, then: "Run payment-methods --help for usage.")
      return .usage
    }

    switch command {
    case .help:
      console.write(Command.usage + "\n")
      return .success
    case .version:
      console.write(Command.versionLine + "\n")
      return .success
    case .listScenarios:
      let stdout = terminal(false)
      console.write(Self.scenarioList(width: stdout.isInteractive ? stdout.size?.columns : nil))
      return .success
    case .exportScenario(let choice):
      switch ScenarioLoader.load(choice, reader: scenarioReader) {
      case .success(let scenario):
        console.write(ScenarioScript(scenario).exported)
        return .success
      case .failure(let failure):
        report(failure.message)
        return failure.exitCode
      }
    case .show(let options):
      return await running(options) { await show(options, $0) }
    case .addCard(let options, let form):
      return await running(options) { await addCard(form, options, $0) }
    case .changeCard(let options, let change):
      return await running(options) { await changeCard(change, options, $0) }
    }
  }

  /// Runs a command that runs the app, once what it needs is prepared. A log file that
  /// could not be written is said after the screen, once, and is the run's exit code.
  func running(
    _ options: CommandLineOptions, _ command: (RunResources) async -> ExitCode
  ) async -> ExitCode {
    var resources: RunResources
    switch prepare(options) {
    case .success(let ready): resources = ready
    case .failure(let exitCode): return exitCode
    }
    // Only a run that has a seed waits for it to be put in place.
    if let seed = resources.seed(options) {
      await resources.storage.seed(seed, now: environment.now())
    }
    let exitCode = await command(resources)
    resources.storage.removeTemporaryDirectory()
    guard let failure = resources.logFile?.failure else { return exitCode }
    report(failure)
    return .outputFailed
  }

  /// What a command that runs the app starts from.
  struct RunResources {
    let backend: AppComposition.Backend
    var logFile: LogFile?
    /// Where the local copy and the journal are kept.
    var storage: Storage

    /// The log's writers before the command adds its own: the file's, if any.
    var logWriters: [@Sendable (String) -> Void] { logFile.map { [$0.write] } ?? [] }

    /// The local copy on the device when the run starts: the scenario's, or `--saved-list`.
    func seed(_ options: CommandLineOptions) -> LocalCopySeed? {
      switch backend {
      case .scenario(let scenario): scenario.saved
      case .server: options.server?.localCopy
      }
    }
  }

  /// What every command that runs the app needs first: its backend (a scenario, or a
  /// server and the tokens to send it), and the log file if one is asked for. A failure is
  /// reported here, and comes back as its exit code.
  private func prepare(_ options: CommandLineOptions) -> Result<RunResources, ExitCode> {
    let backend: AppComposition.Backend
    if let server = options.server {
      let connect: @Sendable (URL, RequestTimeLimits) -> any PaymentsBackend
      let userActed: @Sendable (URL) async -> Void
      switch serverAccess {
      case .linked(let linked, let tellServer):
        connect = linked
        userActed = tellServer
      case .companion(let name):
        report("--backend-url needs a program with an HTTP client, such as \(name)")
        return .failure(.serviceUnavailable)
      }
      switch ServerTokens.read(from: variables) {
      case .success(let tokens):
        let url = server.url
        backend = .server(
          connect(url, AppComposition.requestTimeLimits), applePay: server.applePay,
          tokens: tokens, userActed: { await userActed(url) })
      case .failure(let problem):
        report(problem.message)
        return .failure(.configuration)
      }
    } else {
      switch ScenarioLoader.load(options.scenario, reader: scenarioReader) {
      case .success(let loaded):
        backend = .scenario(loaded)
      case .failure(let failure):
        report(failure.message)
        return .failure(failure.exitCode)
      }
    }
    let storage = Storage(options, variables: variables)
    for problem in storage.unusableFolders {
      console.writeError("payment-methods: " + UntrustedText.escaped(problem) + "\n")
    }
    guard let path = options.logFile else {
      return .success(RunResources(backend: backend, storage: storage))
    }
    switch LogFile.create(at: path) {
    case .success(let file):
      return .success(RunResources(backend: backend, logFile: file, storage: storage))
    case .failure(let failure):
      report(failure.message)
      return .failure(.logFileUnwritable)
    }
  }

  /// The app a run composes: the options' backend, deadline, locale and bank's approval
  /// budget, the bank's approval measured on `approvalClock`, and the developer log going to
  /// the log file, if any, and to `writers`.
  func composition(
    _ options: CommandLineOptions, _ resources: RunResources, locale: Locale,
    loggingTo writers: [@Sendable (String) -> Void]
  ) -> AppComposition {
    AppComposition(
      backend: resources.backend, deadline: options.deadline, environment: environment,
      logger: Self.logger(writing: resources.logWriters + writers), locale: locale,
      approvalClock: approvalClock, bankApprovalBudget: options.approvalBudget,
      storage: resources.storage, timeZone: timeZone)
  }

  /// Where a run that prints once writes the developer log besides the file: on stderr,
  /// with `--verbose`. (The interactive screen shows it in a panel of its own.)
  func verboseLog(_ options: CommandLineOptions) -> [@Sendable (String) -> Void] {
    options.verbose ? [ConsoleLog.lines(onErrorsOf: console)] : []
  }

  /// Prints how a run that prints once ended: one JSON object with `--json`, otherwise the
  /// accessible screen's lines or the box, in `words`. The screens, `add-card` and the
  /// changes print their outcomes alike.
  /// - Parameters:
  ///   - lines: the outcome as the accessible screen says it.
  ///   - box: the outcome drawn in the screens' box.
  func printOutcome(
    _ outcome: some Encodable, _ options: CommandLineOptions, words: TerminalWords,
    lines: (AccessibleFrame) -> [String], box: (ScreenRenderer) -> String
  ) {
    if options.json {
      console.write(Self.json(outcome))
    } else if accessible(options) {
      console.write(lines(AccessibleFrame(words: words)).joined(separator: "\n") + "\n")
    } else {
      let terminal = terminal(options.noColor)
      console.write(
        box(
          ScreenRenderer(
            palette: Palette(isEnabled: terminal.usesColor), width: terminal.columns,
            words: words)))
    }
  }

  /// Whether the screen is the accessible one: `--accessible`, or `ACCESSIBLE` set to
  /// anything but empty or `0`.
  /// Where stderr is a terminal, takes its cursor back to the row's first column before a
  /// line said on the way out: the `^C` a terminal echoes for Ctrl-C is written over, and
  /// the line, wrapped from the first column, keeps its width.
  func atRowStart(_ options: CommandLineOptions) {
    if terminal(options.noColor).errorsAreInteractive { console.writeError("\r") }
  }

  func accessible(_ options: CommandLineOptions) -> Bool {
    options.accessible || !["", "0", nil].contains(variables["ACCESSIBLE"])
  }

  /// The developer log, with each line going to every writer; none at all without one.
  static func logger(writing writers: [@Sendable (String) -> Void]) -> any DeveloperLog {
    guard !writers.isEmpty else { return SilentLog() }
    return ConsoleLog { line in
      for write in writers { write(line) }
    }
  }

  /// One message on stderr, and the program's own advice on the next line. The message
  /// may quote anything from the command line or a scenario file, so it is escaped: it can
  /// neither act on the terminal nor add lines.
  func report(_ message: String, then advice: String? = nil) {
    let advice = advice.map { $0 + "\n" } ?? ""
    console.writeError("payment-methods: " + UntrustedText.escaped(message) + "\n" + advice)
  }

  static func json(_ snapshot: some Encodable) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    // Encoding plain strings, booleans and arrays cannot fail; the fallback keeps the
    // output a JSON document even so.
    guard let data = try? encoder.encode(snapshot), let text = String(data: data, encoding: .utf8)
    else { return "{}\n" }
    return UntrustedText.jsonEscaped(text) + "\n"
  }

  /// - Parameter width: the terminal's, where stdout is one: each summary is wrapped at its
  ///   words under its column (or, on a narrow terminal, under its name). Without one, each
  ///   scenario is one line, its name first, for scripts.
  static func scenarioList(width: Int? = nil) -> String {
    let column = (BuiltInScenarios.all.map(\.name.count).max() ?? 0) + 2
    return BuiltInScenarios.all.map { scenario in
      let name = scenario.name.padding(toLength: column, withPad: " ", startingAt: 0)
      guard let width else { return name + scenario.summary }
      let indent = width - column >= 40 ? column : 2
      let rows = ErrorLines.wrap(scenario.summary, width: width - indent)
      let hanging = rows.map { String(repeating: " ", count: indent) + $0 }
      guard indent == column, let first = rows.first else {
        return ([scenario.name] + hanging).joined(separator: "\n")
      }
      return ([name + first] + hanging.dropFirst()).joined(separator: "\n")
    }.joined(separator: "\n") + "\n"
  }
}
