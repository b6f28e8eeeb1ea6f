import Domain
import Presentation

extension CommandRunner {
  /// `remove-card`, `set-default`, `update-card`: the list is loaded as the screen loads it
  /// (the id must be on it), then the one change is made through the same view models the
  /// interactive screen uses, and how it ended is printed.
  func changeCard(_ change: CardChange, _ options: CommandLineOptions, _ resources: RunResources)
    async -> ExitCode
  {
    let locale = UserLocale.resolve(flag: options.locale, variables: variables)
    let words = TerminalWords(locale: locale)
    var composition = composition(
      options, resources, locale: locale, loggingTo: verboseLog(options))
    let finished = await beforeLoading(
      &composition, words: words, options: options, logsOnStderr: options.verbose)
    let list = composition.paymentMethodsViewModel()
    await ConsoleLog.startingLoad(on: environment.clock) { list.load() }.value
    var run = CardChangeRun(
      change: change, list: list, words: words, clock: environment.clock,
      spoken: accessible(options), untilStopped: { await untilStopped($0) },
      makeExpiryForm: { composition.updateCardViewModel(for: $0) })
    if case .remove(let id) = change, finished?.removed(methodID: id) == true {
      run.removedAtStart = true
    }
    switch await run.ending() {
    case .ended(let snapshot):
      printOutcome(
        snapshot, options, words: words, lines: { $0.lines(snapshot) },
        box: { $0.render(snapshot) })
      return snapshot.exitCode
    case .stopped(let stopSignal, let waiting):
      // Its request cancelled and ended: the journal holds the change, or it does not.
      let lines = await WaitingChange.lines(
        for: [waiting], pending: composition.changesKeeper(), words: words)
      if !lines.isEmpty { atRowStart(options) }
      for line in lines { console.writeError(line + "\n") }
      return stopSignal.exitCode
    case nil:
      // A change that has not ended was cancelled: only a stop signal does that.
      return .interrupted
    }
  }
}

/// One change to a saved method, from the list as loaded to how it ended.
@MainActor
private struct CardChangeRun {
  let change: CardChange
  let list: PaymentMethodsViewModel
  let words: TerminalWords
  /// The log's clock: the change starts a timeline of its own, as a load does.
  let clock: any Clock<Duration>
  /// Whether the method is named as a screen reader reads it (`--accessible`).
  let spoken: Bool
  /// Waits for a task until it ends, or until a stop signal cancels it (and returns it).
  let untilStopped: (Task<Void, Never>) async -> StopSignal?
  let makeExpiryForm: (PaymentCard) -> UpdateCardViewModel
  /// Whether this run's start finished a pending removal of the card the command removes:
  /// the same command again, after a run cut off before its answer. It gets the answer it
  /// would have had, removed already, not "no card has this id".
  var removedAtStart = false

  init(
    change: CardChange, list: PaymentMethodsViewModel, words: TerminalWords,
    clock: any Clock<Duration>, spoken: Bool,
    untilStopped: @escaping (Task<Void, Never>) async -> StopSignal?,
    makeExpiryForm: @escaping (PaymentCard) -> UpdateCardViewModel
  ) {
    self.change = change
    self.list = list
    self.words = words
    self.clock = clock
    self.spoken = spoken
    self.untilStopped = untilStopped
    self.makeExpiryForm = makeExpiryForm
  }

  /// How the change ended: how the list says it did, or stopped while it waited for its
  /// answer.
  enum Ending {
    case ended(CardChangeSnapshot)
    case stopped(StopSignal, WaitingChange)
  }

  /// Waits for a change that `start` starts, if it starts one, in a timeline of its own. A
  /// stop signal meanwhile cancels it, and is returned once the cancelled change has ended
  /// (or the way out's limit has passed): then the journal holds it, or it never will.
  private func run(_ start: () -> Task<Void, Never>?) async -> StopSignal? {
    guard let running = ConsoleLog.startingLoad(on: clock, start) else { return nil }
    guard let stopSignal = await untilStopped(running) else { return nil }
    await CommandRunner.finished([running], within: CommandRunner.cancellationLimit, on: clock)
    return stopSignal
  }

  /// The change `row` waited for when `stopSignal` came.
  private func stopped(
    _ stopSignal: StopSignal, _ kind: WaitingChange.Kind, _ row: PaymentMethodRow,
    _ subject: PendingChange.Subject
  ) -> Ending {
    let title = spoken ? row.spokenTitle : row.title
    return .stopped(stopSignal, WaitingChange(kind: kind, title: title, subject: subject))
  }

  /// How the change ended; nil when it was cancelled before it did.
  func ending() async -> Ending? {
    var result = CardChangeSnapshot(
      command: change.command, status: .error, id: change.id, fieldErrors: [:], ending: .shown)
    if case .updateExpiry = change { result.fieldErrors = [CardField.expiry.rawValue: []] }

    // The list as loaded: the method must be on it.
    let methods: PaymentMethodsViewModel.Methods
    switch list.state {
    case .loading:
      return nil
    case .loaded(let loaded):
      methods = loaded
    case .empty:
      return .ended(unknown(result, among: []))
    case .failed, .journey:
      return .ended(failed(result, ScreenSnapshot(list.state)))
    }
    guard let row = methods.rows.first(where: { $0.id == change.id && takes($0.kind) }) else {
      if removedAtStart {
        result.status = .alreadyRemoved
        result.message = words["change.removedAtStart"]
        return .ended(result)
      }
      // A source that could not load may hold it: that failure is the answer.
      if let failed = methods.sourceNotices.first(where: { $0.source != .applePay }) {
        result.error = ScreenSnapshot.Notice(failed.error)
        result.ending = .failed(failed.error.category)
        return .ended(result)
      }
      return .ended(unknown(result, among: methods.rows))
    }
    result.method = ScreenSnapshot.Method(row)

    switch change {
    case .remove:
      guard let card = list.card(for: row.id) else {
        return .ended(unknown(result, among: methods.rows))
      }
      if let stopSignal = await run({ list.remove(row.id) }) {
        return stopped(stopSignal, .removal, row, .removal(cardID: card.id))
      }
    case .setDefault:
      if let stopSignal = await run({ list.makeDefault(row.id) }) {
        return stopped(stopSignal, .makingDefault, row, .defaultMethod)
      }
    case .updateExpiry(_, let expiry):
      guard let card = list.card(for: row.id) else {
        return .ended(unknown(result, among: methods.rows))
      }
      // The rule the screen offers `e` by: a card that has not expired takes no new expiry,
      // and the list says why, as it does on the screen.
      if list.refuseNewExpiry(row.id) { return ended(result).map(Ending.ended) }
      let form = makeExpiryForm(card)
      form.edit(to: expiry)
      if let stopSignal = await run({ form.submit() }) {
        return stopped(stopSignal, .newExpiry, row, .expiry(cardID: card.id))
      }
      switch form.phase {
      case .submitting:
        return nil
      case .invalid:
        result.status = .invalid
        result.message = words.labels.checkDetails
        result.fieldErrors = [CardField.expiry.rawValue: form.expiryErrors]
        result.ending = .invalidCard
        return .ended(result)
      case .editing:
        return .ended(failed(result, form.failure))
      case .updated(let updated):
        list.showUpdated(updated)
      case .cardGone:
        await list.showCardGone().value
      }
    }
    return ended(result).map(Ending.ended)
  }

  /// How the list says the change ended.
  private func ended(_ result: CardChangeSnapshot) -> CardChangeSnapshot? {
    var result = result
    guard case .loaded(let methods) = list.state else {
      return list.state == .loading ? nil : failed(result, ScreenSnapshot(list.state))
    }
    if let failed = methods.failedWrite, failed.rowID == change.id {
      result.error = ScreenSnapshot.Notice(failed.error)
      result.ending = .failed(failed.error.category)
      return result
    }
    result.message = methods.message
    result.spokenMessage = methods.spokenMessage
    if let row = methods.rows.first(where: { $0.id == change.id }) {
      result.method = ScreenSnapshot.Method(row)
    }
    switch methods.lastChange {
    case .removed(let alreadyGone):
      result.status = alreadyGone ? .alreadyRemoved : .removed
    case .madeDefault:
      result.status = .madeDefault
    case .alreadyDefault:
      result.status = .alreadyDefault
    case .updated:
      result.status = .updated
    case .keptAsLastMethod, .refusedAsDefault, .cardNotExpired, .notACard:
      result.status = .refused
      result.ending = .refused
    case .methodGone:
      result.status = .gone
      result.method = nil
      result.knownIds = methods.rows.filter { takes($0.kind) }.map(\.id)
      result.ending = .unknownMethod
    case nil:
      // The view model started no change: the row was busy, or takes none. Neither can
      // happen to a list loaded just now; a bug if it does.
      result.ending = .failed(.unexpected)
    }
    return result
  }

  /// Whether the command takes a row of this kind: a card, or for `set-default` any row
  /// (Apple Pay is refused with its reason).
  private func takes(_ kind: PaymentMethodRow.Kind) -> Bool {
    if case .setDefault = change { return true }
    return kind == .card
  }

  private func unknown(_ result: CardChangeSnapshot, among rows: [PaymentMethodRow])
    -> CardChangeSnapshot
  {
    var result = result
    result.status = .unknownId
    let key = if case .setDefault = change { "change.unknownMethod" } else { "change.unknownCard" }
    result.message = words[key, change.id]
    result.knownIds = rows.filter { takes($0.kind) }.map(\.id)
    result.ending = .unknownMethod
    return result
  }

  /// A list that could not load, or a journey: the screen's error, and its exit code.
  private func failed(_ result: CardChangeSnapshot, _ screen: ScreenSnapshot)
    -> CardChangeSnapshot
  {
    var result = result
    result.error = screen.error ?? screen.notice
    result.action = screen.action
    result.ending = screen.ending
    return result
  }

  /// A submission that stood above the form: a decline, an error, or a journey.
  private func failed(_ result: CardChangeSnapshot, _ failure: FormFailure?) -> CardChangeSnapshot {
    var result = result
    guard let failure else { return result }
    (result.error, result.action) = AddCardSnapshot.notice(for: failure)
    result.declined = ScreenSnapshot.Decline(failure)
    switch failure {
    case .declined:
      result.status = .declined
      result.ending = .declined
    case .failed(let presented): result.ending = .failed(presented.category)
    case .journey(let decision): result.ending = .journey(decision.journey)
    }
    return result
  }
}
