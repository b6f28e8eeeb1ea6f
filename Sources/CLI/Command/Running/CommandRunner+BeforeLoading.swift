import Domain
import Presentation

/// Before anything loads: the app's start (`AppComposition.beforeLoading`), and on stderr
/// which change from the last run it finishes, and for how long (`FinishingProgress`).
extension CommandRunner {
  /// What the app does before anything loads (`AppComposition.beforeLoading`), in a
  /// timeline of its own: it logs where the local copy and the journal are kept, and
  /// finishes the changes an earlier run left, saying on stderr which change it sends and
  /// how long the start has waited (`FinishingProgress`), and then what came of them, so
  /// that stdout stays the screen, or one JSON object. Returns what finishing came to, for
  /// the interactive screen's list to say too (the alternate screen hides stderr); nil when
  /// there was no journal to finish. The composition is made the person's whose session
  /// the run has (`AppComposition.keep(for:)`).
  ///
  /// - Parameter logsOnStderr: whether the developer log goes to stderr too (`--verbose`,
  ///   for a run that prints once): then no line is written over in place.
  @discardableResult
  func beforeLoading(
    _ composition: inout AppComposition, words: TerminalWords, options: CommandLineOptions,
    logsOnStderr: Bool
  ) async -> FinishedChanges? {
    // Nothing kept on files and nobody to tell where things are kept: nothing to wait for.
    guard composition.keepsFiles || !(composition.logger is SilentLog) else { return nil }
    let stderr = terminal(options.noColor)
    let progress = FinishingProgress(
      console: console, pace: finishingPace(options, logsOnStderr: logsOnStderr),
      labels: words.labels,
      width: stderr.errorsAreInteractive ? stderr.errorColumns ?? stderr.columns : nil)
    let phrasebook = Phrasebook.presentation(
      composition.locale, from: ResourceBundles.presentation)
    let starting = composition
    let clock = environment.clock
    let finishing = {
      await ConsoleLog.startingLoad(on: clock) {
        Task {
          await starting.beforeLoading { change, card in
            await progress.sending(
              phrasebook.sentence(sending: change, card: card),
              short: phrasebook.sentence(sending: change, card: card, shortened: true))
          }
        }
      }.value
    }
    let start = await TimeWaited.counting(
      on: clock, tick: { progress.show(waited: $0) }, during: finishing)
    progress.end()
    composition.keep(for: start.person)
    if start.personCannotBeKept { console.writeError(words["start.personCannotBeKept"] + "\n") }
    if let finished = start.finished, let cameTo = phrasebook.sentence(for: finished) {
      console.writeError(cameTo + "\n")
    }
    return start.finished
  }

  /// How finishing says its time on stderr: written again in place every second where
  /// stderr is a terminal that moves its cursor and nothing else writes there; otherwise
  /// at the accessible screen's calm pace.
  private func finishingPace(_ options: CommandLineOptions, logsOnStderr: Bool)
    -> FinishingProgress.Pace
  {
    let terminal = terminal(options.noColor)
    guard terminal.errorsAreInteractive, terminal.movesCursor, !accessible(options),
      !logsOnStderr
    else { return .calm }
    return .everySecond(columns: terminal.errorColumns ?? terminal.columns)
  }
}
