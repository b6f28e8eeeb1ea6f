import DataLayer
import DemoBackend
import Domain
import Foundation
import Observation
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
  /// Ctrl-C and SIGTERM while the screen loads.
  let interruptions: any InterruptionSource
  /// Reads scenario files, and standard input for `--scenario-file -`.
  var scenarioReader = ScenarioReader.live
  /// The process's environment variables: where `--backend-url` finds its tokens.
  var variables: [String: String] = [:]
  /// What the wait for a bank's approval is measured on; nil for the environment's clock.
  var approvalClock: (any Clock<Duration>)? = nil
  /// How `--backend-url` reaches its server. A program without an HTTP client hands such
  /// runs to its companion before it gets here (`PaymentMethodsCommand`).
  var serverAccess = ServerAccess.companion(named: "payment-methods-http")

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
      console.write(Self.scenarioList())
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
    _ options: CommandLineOptions, _ command: (Prepared) async -> ExitCode
  ) async -> ExitCode {
    let prepared: Prepared
    switch prepare(options) {
    case .success(let ready): prepared = ready
    case .failure(let exitCode): return exitCode
    }
    let exitCode = await command(prepared)
    guard let failure = prepared.logFile?.failure else { return exitCode }
    report(failure)
    return .outputFailed
  }

  /// `add-card`: one submission of the card the flags describe, through the same view model
  /// the interactive form uses.
  private func addCard(_ form: CardForm, _ options: CommandLineOptions, _ prepared: Prepared)
    async -> ExitCode
  {
    let backend = prepared.backend
    var logWriters = prepared.logWriters
    if options.verbose { logWriters.append(ConsoleLog.lines(onErrorsOf: console)) }
    let locale = UserLocale.resolve(flag: options.locale, variables: variables)
    let composition = AppComposition(
      backend: backend, deadline: options.deadline, environment: environment,
      logger: Self.logger(writing: logWriters), locale: locale,
      approvalClock: approvalClock)
    let viewModel = composition.addCardViewModel()
    for field in CardField.allCases { viewModel.edit(field, to: form[field]) }
    sayWhenTheBankIsAsked(viewModel, words: TerminalWords(locale: locale))
    let submission = ConsoleLog.startingLoad(on: environment.clock) { viewModel.submit() }
    if let interruption = await untilInterrupted(submission) {
      // A card waiting for its bank has its setup cancelled on the way out: the cancelled
      // submission ends once the backend was told, or gave up telling it.
      await finished(submission, within: Self.cancellationLimit)
      return interruption.exitCode
    }

    // A submission that has not ended was cancelled: only an interruption does that.
    guard let snapshot = AddCardSnapshot(viewModel) else { return .interrupted }
    let terminal = terminal(options.noColor)
    if options.json {
      console.write(Self.json(snapshot))
    } else {
      let words = TerminalWords(locale: locale)
      if accessible(options) {
        console.write(AccessibleFrame(words: words).lines(snapshot).joined(separator: "\n") + "\n")
      } else {
        let renderer = ScreenRenderer(
          palette: Palette(isEnabled: terminal.usesColor), width: terminal.columns, words: words)
        console.write(renderer.render(snapshot))
      }
    }
    return snapshot.exitCode
  }

  /// Tells the person on stderr, each time the form starts waiting for the bank, what to do:
  /// approve the card in their banking app (with the bank's words), or Ctrl-C to stop. The
  /// result, on stdout, stays one box or one JSON object.
  private func sayWhenTheBankIsAsked(_ viewModel: AddCardViewModel, words: TerminalWords) {
    withObservationTracking {
      _ = viewModel.phase
    } onChange: {
      Task { @MainActor in
        if viewModel.phase == .waitingForBank, let approval = viewModel.approval {
          var lines = [approval.notice.title + "."]
          if let said = approval.bankMessage { lines.append(words["approval.bankSays", said]) }
          lines.append(words["approval.waitingOnCommandLine"])
          console.writeError(lines.map(UntrustedText.escaped).joined(separator: "\n") + "\n")
        }
        if viewModel.phase == .submitting || viewModel.phase == .waitingForBank {
          sayWhenTheBankIsAsked(viewModel, words: words)
        }
      }
    }
  }

  /// What a command that runs the app starts from.
  struct Prepared {
    let backend: AppComposition.Backend
    var logFile: LogFile?

    /// The log's writers before the command adds its own: the file's, if any.
    var logWriters: [@Sendable (String) -> Void] { logFile.map { [$0.write] } ?? [] }
  }

  /// What every command that runs the app needs first: its backend (a scenario, or a
  /// server and the tokens to send it), and the log file if one is asked for. A failure is
  /// reported here, and comes back as its exit code.
  private func prepare(_ options: CommandLineOptions) -> Result<Prepared, ExitCode> {
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
    guard let path = options.logFile else { return .success(Prepared(backend: backend)) }
    switch LogFile.create(at: path) {
    case .success(let file):
      return .success(Prepared(backend: backend, logFile: file))
    case .failure(let failure):
      report(failure.message)
      return .failure(.logFileUnwritable)
    }
  }

  private func show(_ options: CommandLineOptions, _ prepared: Prepared) async -> ExitCode {
    let backend = prepared.backend
    var logWriters = prepared.logWriters

    let terminal = terminal(options.noColor)
    let palette = Palette(isEnabled: terminal.usesColor)
    let locale = UserLocale.resolve(flag: options.locale, variables: variables)
    let words = TerminalWords(locale: locale)

    if terminal.canStayOpen, !options.json, !options.once, let size = terminal.size {
      let session = InteractiveSession(
        console: console, palette: palette, size: size,
        screen: InteractiveScreen(screen: options.screen, showsLog: options.verbose),
        clock: environment.clock, words: words, accessible: accessible(options))
      // The log goes to the panel (and the file), never over the screen.
      let composition = AppComposition(
        backend: backend, deadline: options.deadline, environment: environment,
        logger: Self.logger(writing: logWriters + [session.logWriter]), locale: locale,
        approvalClock: approvalClock)
      return await session.run(
        paymentMethods: composition.paymentMethodsViewModel(),
        wallet: composition.walletViewModel(),
        makeCardForm: { composition.addCardViewModel() },
        makeExpiryForm: { composition.updateCardViewModel(for: $0) },
        userActed: composition.userActed)
    }

    if options.verbose { logWriters.append(ConsoleLog.lines(onErrorsOf: console)) }
    let composition = AppComposition(
      backend: backend, deadline: options.deadline, environment: environment,
      logger: Self.logger(writing: logWriters), locale: locale,
      approvalClock: approvalClock)
    let renderer = ScreenRenderer(palette: palette, width: terminal.columns, words: words)
    let outcome: LoadOutcome
    switch options.screen {
    case .paymentMethods:
      let viewModel = composition.paymentMethodsViewModel()
      let current = { ScreenSnapshot(viewModel.state) }
      outcome = await finalSnapshot(
        of: ConsoleLog.startingLoad(on: environment.clock) { viewModel.load() },
        state: current,
        loading: loadingRenderer(renderer, current(), terminal: terminal, options: options))
    case .wallet:
      let viewModel = composition.walletViewModel()
      let current = { ScreenSnapshot(viewModel.state) }
      outcome = await finalSnapshot(
        of: ConsoleLog.startingLoad(on: environment.clock) { viewModel.load() },
        state: current,
        loading: loadingRenderer(renderer, current(), terminal: terminal, options: options))
    }

    switch outcome {
    case .interrupted(let interruption):
      return interruption.exitCode
    case .finished(let snapshot):
      console.write(
        options.json
          ? Self.json(snapshot)
          : accessible(options)
            ? AccessibleFrame(words: words).lines(snapshot).joined(separator: "\n") + "\n"
            : renderer.render(snapshot))
      return snapshot.exitCode
    }
  }

  /// Whether the screen is the accessible one: `--accessible`, or `ACCESSIBLE` set to
  /// anything but empty or `0`.
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

  /// How a load ended: with the screen's final state, or cancelled by an interruption.
  private enum LoadOutcome {
    case finished(ScreenSnapshot)
    case interrupted(Interruption)
  }

  /// The renderer for the loading state, when it can be drawn and later erased in place:
  /// on a terminal that moves its cursor, when the frame fits, never on the accessible
  /// screen, and never when the
  /// developer log goes to the same screen (the erase would move up over log lines).
  private func loadingRenderer(
    _ renderer: ScreenRenderer, _ loading: ScreenSnapshot, terminal: Terminal,
    options: CommandLineOptions
  ) -> ScreenRenderer? {
    // The accessible screen never draws over what it printed.
    guard !options.json, !accessible(options) else { return nil }
    let fits = terminal.canRedraw(
      width: renderer.width, height: renderer.render(loading).split(separator: "\n").count,
      logIsOn: options.verbose)
    return fits ? renderer : nil
  }

  /// Waits for `load` to publish the screen's final state. With a renderer, the loading
  /// state is drawn meanwhile and erased afterwards. An interruption cancels the load, the
  /// way a user leaving the screen does, and returns at once: the process is about to end,
  /// and a source that is slow to wind down (a transfer the platform cannot stop at once)
  /// must not keep the user waiting.
  private func finalSnapshot(
    of load: Task<Void, Never>, state: () -> ScreenSnapshot, loading renderer: ScreenRenderer?
  ) async -> LoadOutcome {
    let loading = renderer?.render(state())
    if let loading { console.write(loading) }
    let interruption = await untilInterrupted(load)
    if let loading { erase(loading) }
    if let interruption { return .interrupted(interruption) }
    return .finished(state())
  }

  /// How long an interrupted command waits for its cancelled work to tell the backend
  /// (a card's setup to cancel) before it ends anyway.
  static let cancellationLimit = Duration.seconds(3)

  /// Waits for `work` to end, or for an interruption, which cancels it and is returned at
  /// once: the caller decides whether to wait for the cancelled work.
  private func untilInterrupted(_ work: Task<Void, Never>) async -> Interruption? {
    let received = ReceivedInterruption()
    await withCheckedContinuation { (ended: CheckedContinuation<Void, Never>) in
      received.ended = ended
      interruptions.start { interruption in
        received.first = received.first ?? interruption
        work.cancel()
        received.end()
      }
      Task {
        await work.value
        received.end()
      }
    }
    interruptions.stop()
    return received.first
  }

  /// Waits for `work` to end, or for `limit` to pass on the environment's clock.
  private func finished(_ work: Task<Void, Never>, within limit: Duration) async {
    let clock = environment.clock
    await withTaskGroup(of: Void.self) { group in
      group.addTask { await work.value }
      group.addTask { try? await clock.sleep(for: limit) }
      await group.next()
      group.cancelAll()
    }
  }

  /// Moves the cursor back over `drawn` and clears it. The carriage return first: the
  /// terminal may have echoed "^C" after the frame.
  private func erase(_ drawn: String) {
    let lineCount = drawn.split(separator: "\n", omittingEmptySubsequences: false).count - 1
    console.write("\r\u{1B}[\(lineCount)A\u{1B}[0J")
  }

  /// One message on stderr, and the program's own advice on the next line. The message
  /// may quote anything from the command line or a scenario file, so it is escaped: it can
  /// neither act on the terminal nor add lines.
  private func report(_ message: String, then advice: String? = nil) {
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

  static func scenarioList() -> String {
    let width = BuiltInScenarios.all.map(\.name.count).max() ?? 0
    return BuiltInScenarios.all.map { scenario in
      scenario.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + scenario.summary
    }.joined(separator: "\n") + "\n"
  }
}

/// The first interruption a load received, and the wait for the load or an interruption,
/// whichever ends it first.
@MainActor
private final class ReceivedInterruption {
  var first: Interruption?
  var ended: CheckedContinuation<Void, Never>?

  func end() {
    ended?.resume()
    ended = nil
  }
}
