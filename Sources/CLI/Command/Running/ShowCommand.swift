import Presentation

extension CommandRunner {
  /// The screens: open and interactive on a terminal that can stay open; otherwise the
  /// screen's final state, printed once (the loading state drawn meanwhile where it can be
  /// erased).
  func show(_ options: CommandLineOptions, _ resources: RunResources) async -> ExitCode {
    let terminal = terminal(options.noColor)
    let palette = Palette(isEnabled: terminal.usesColor)
    let locale = UserLocale.resolve(flag: options.locale, variables: variables)
    let words = TerminalWords(locale: locale)

    let accessible = accessible(options)
    if terminal.canStayOpen(lineByLine: accessible), !options.json, !options.once {
      let session = InteractiveSession(
        console: console, palette: palette,
        size: terminal.size ?? Terminal.Size(columns: terminal.columns, rows: 24),
        screen: InteractiveScreen(screen: options.screen, showsLog: options.verbose),
        clock: environment.clock, words: words, accessible: accessible)
      // The log goes to the panel (and the file), never over the screen.
      var composition = composition(
        options, resources, locale: locale, loggingTo: [session.logWriter])
      let finished = await beforeLoading(
        &composition, words: words, options: options, logsOnStderr: false)
      return await session.run(
        paymentMethods: composition.paymentMethodsViewModel(telling: finished),
        wallet: composition.walletViewModel(),
        makeCardForm: { composition.addCardViewModel() },
        makeExpiryForm: { composition.updateCardViewModel(for: $0) },
        userActed: composition.userActed, pending: composition.changesKeeper())
    }

    // A person at a terminal that cannot move its cursor (TERM=dumb) is told why the screen
    // does not stay open, and what does, in the screen's language.
    if terminal.canStayOpen(lineByLine: true), !terminal.movesCursor, !options.json,
      !options.once
    {
      report(words["terminal.dumb"], then: words["terminal.dumb.advice"])
    }
    var composition = composition(
      options, resources, locale: locale, loggingTo: verboseLog(options))
    await beforeLoading(
      &composition, words: words, options: options, logsOnStderr: options.verbose)
    let renderer = ScreenRenderer(palette: palette, width: terminal.columns, words: words)
    // The two screens load alike; only their view models differ.
    let current: () -> ScreenSnapshot
    let load: () -> Task<Void, Never>
    switch options.screen {
    case .paymentMethods:
      let viewModel = composition.paymentMethodsViewModel()
      (current, load) = ({ ScreenSnapshot(viewModel.state) }, { viewModel.load() })
    case .wallet:
      let viewModel = composition.walletViewModel()
      (current, load) = ({ ScreenSnapshot(viewModel.state) }, { viewModel.load() })
    }
    let outcome = await finalSnapshot(
      of: ConsoleLog.startingLoad(on: environment.clock, load), state: current,
      loading: loadingRenderer(renderer, current(), terminal: terminal, options: options))

    switch outcome {
    case .stopped(let stopSignal):
      return stopSignal.exitCode
    case .finished(let snapshot):
      printOutcome(
        snapshot, options, words: words, lines: { $0.lines(snapshot) },
        box: { $0.render(snapshot) })
      return snapshot.exitCode
    }
  }

  /// How a load ended: with the screen's final state, or cancelled by a stop signal.
  private enum LoadOutcome {
    case finished(ScreenSnapshot)
    case stopped(StopSignal)
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
  /// state is drawn meanwhile and erased afterwards. An stopSignal cancels the load, the
  /// way a user leaving the screen does, and returns at once: the process is about to end,
  /// and a source that is slow to wind down (a transfer the platform cannot stop at once)
  /// must not keep the user waiting.
  private func finalSnapshot(
    of load: Task<Void, Never>, state: () -> ScreenSnapshot, loading renderer: ScreenRenderer?
  ) async -> LoadOutcome {
    let loading = renderer?.render(state())
    if let loading { console.write(loading) }
    let stopSignal = await untilStopped(load)
    if let loading { erase(loading) }
    if let stopSignal { return .stopped(stopSignal) }
    return .finished(state())
  }

  /// Moves the cursor back over `drawn` and clears it. The carriage return first: the
  /// terminal may have echoed "^C" after the frame.
  private func erase(_ drawn: String) {
    let lineCount = drawn.split(separator: "\n", omittingEmptySubsequences: false).count - 1
    console.write("\r\u{1B}[\(lineCount)A\u{1B}[0J")
  }
}
