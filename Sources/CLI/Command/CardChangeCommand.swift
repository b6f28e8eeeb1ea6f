import Domain
import Presentation

extension CommandRunner {
  /// `remove-card`, `set-default`, `update-card`: the list is loaded as the screen loads it
  /// (the id must be on it), then the one change is made through the same view models the
  /// interactive screen uses, and how it ended is printed.
  func changeCard(_ change: CardChange, _ options: CommandLineOptions, _ prepared: Prepared)
    async -> ExitCode
  {
    let locale = UserLocale.resolve(flag: options.locale, variables: variables)
    let words = TerminalWords(locale: locale)
    var composition = composition(
      options, prepared, locale: locale, loggingTo: verboseLog(options))
    await beforeLoading(&composition, words: words)
    let list = composition.paymentMethodsViewModel()
    await ConsoleLog.startingLoad(on: environment.clock) { list.load() }.value
    let run = CardChangeRun(
      change: change, list: list, words: words, clock: environment.clock
    ) { composition.updateCardViewModel(for: $0) }
    // A change that has not ended was cancelled: only an stopSignal does that.
    guard let snapshot = await run.snapshot() else { return .interrupted }

    printOutcome(
      snapshot, options, words: words, lines: { $0.lines(snapshot) }, box: { $0.render(snapshot) }
    )
    return snapshot.exitCode
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
  let makeExpiryForm: (PaymentCard) -> UpdateCardViewModel

  init(
    change: CardChange, list: PaymentMethodsViewModel, words: TerminalWords,
    clock: any Clock<Duration>, makeExpiryForm: @escaping (PaymentCard) -> UpdateCardViewModel
  ) {
    self.change = change
    self.list = list
    self.words = words
    self.clock = clock
    self.makeExpiryForm = makeExpiryForm
  }

  /// Waits for a change that `start` starts, if it starts one, in a timeline of its own.
  private func run(_ start: () -> Task<Void, Never>?) async {
    await ConsoleLog.startingLoad(on: clock, start)?.value
  }

  /// How the change ended; nil when it was cancelled before it did.
  func snapshot() async -> CardChangeSnapshot? {
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
      return unknown(result, among: [])
    case .failed, .journey:
      return failed(result, ScreenSnapshot(list.state))
    }
    guard let row = methods.rows.first(where: { $0.id == change.id && takes($0.kind) }) else {
      // A source that could not load may hold it: that failure is the answer.
      if let failed = methods.sourceNotices.first(where: { $0.source != .applePay }) {
        result.error = ScreenSnapshot.Notice(failed.error)
        result.ending = .failed(failed.error.category)
        return result
      }
      return unknown(result, among: methods.rows)
    }
    result.method = ScreenSnapshot.Method(row)

    switch change {
    case .remove:
      await run { list.remove(row.id) }
    case .setDefault:
      await run { list.makeDefault(row.id) }
    case .updateExpiry(_, let expiry):
      guard let card = list.card(for: row.id) else { return unknown(result, among: methods.rows) }
      let form = makeExpiryForm(card)
      form.edit(to: expiry)
      await run { form.submit() }
      switch form.phase {
      case .submitting:
        return nil
      case .invalid:
        result.status = .invalid
        result.message = words.labels.checkDetails
        result.fieldErrors = [CardField.expiry.rawValue: form.expiryErrors]
        result.ending = .invalidCard
        return result
      case .editing:
        return failed(result, form.failure)
      case .updated(let updated):
        list.showUpdated(updated)
      case .cardGone:
        await list.showCardGone().value
      }
    }
    return ended(result)
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
    case .keptAsLastMethod, .applePayIsNeverDefault, .cardCannotPay:
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
