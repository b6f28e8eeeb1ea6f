import Domain
import Observation
import Presentation

extension CommandRunner {
  /// `add-card`: one submission of the card the flags describe, through the same view model
  /// the interactive form uses.
  func addCard(_ form: CardForm, _ options: CommandLineOptions, _ resources: RunResources)
    async -> ExitCode
  {
    let locale = UserLocale.resolve(flag: options.locale, variables: variables)
    let words = TerminalWords(locale: locale)
    var composition = composition(
      options, resources, locale: locale, loggingTo: verboseLog(options))
    await beforeLoading(
      &composition, words: words, options: options, logsOnStderr: options.verbose)
    let viewModel = composition.addCardViewModel()
    for field in CardField.allCases { viewModel.edit(field, to: form[field]) }
    sayWhenTheBankIsAsked(viewModel, words: words)
    let submission = ConsoleLog.startingLoad(on: environment.clock) { viewModel.submit() }
    if let stopSignal = await untilStopped(submission) {
      let waitedForBank = [.waitingForBank, .bankDidNotAnswer].contains(viewModel.phase)
      // A card waiting for its bank has its setup cancelled on the way out: the cancelled
      // submission ends once the backend was told, or gave up telling it.
      let told = await Self.finished(
        [submission], within: Self.cancellationLimit, on: environment.clock)
      if waitedForBank {
        let line = WaitingChange.bankApprovalLine(setupCancelled: told, words: words)
        atRowStart(options)
        console.writeError(line + "\n")
      }
      return stopSignal.exitCode
    }

    // A submission that has not ended was cancelled: only a stop signal does that.
    guard let snapshot = AddCardSnapshot(viewModel, words: words) else { return .interrupted }
    printOutcome(
      snapshot, options, words: words, lines: { $0.lines(snapshot) }, box: { $0.render(snapshot) }
    )
    return snapshot.exitCode
  }

  /// Tells the person on stderr, each time the form starts waiting for the bank, what to do:
  /// approve the card in their banking app, or Ctrl-C to stop. The result, on stdout, stays
  /// one box or one JSON object.
  private func sayWhenTheBankIsAsked(_ viewModel: AddCardViewModel, words: TerminalWords) {
    withObservationTracking {
      _ = viewModel.phase
    } onChange: {
      Task { @MainActor in
        if viewModel.phase == .waitingForBank, let approval = viewModel.approval {
          let lines = [approval.notice.title + ".", words["approval.waitingOnCommandLine"]]
          console.writeError(lines.map(UntrustedText.escaped).joined(separator: "\n") + "\n")
        }
        if viewModel.phase == .submitting || viewModel.phase == .waitingForBank {
          sayWhenTheBankIsAsked(viewModel, words: words)
        }
      }
    }
  }
}
