import Domain
import Foundation

/// The changes to a row: removing a card, making a method the default, and showing a card's
/// new expiry. The list changes only once the backend has agreed; until then the row says
/// what is on its way, and a change that failed stays under its row with its recovery.
extension PaymentMethodsViewModel {
  /// Whether the screen offers to remove cards, and to make a method the default.
  public var canRemoveCards: Bool { removeCard != nil }
  public var canMakeDefault: Bool { makeDefault != nil }

  /// Removes a card, once the backend agrees: until it answers, the row stays and says so,
  /// and takes no other change; the other rows stay usable. A card the backend keeps
  /// stays, with the reason; a card that was selected leaves the selection to the default
  /// method, or to none. Nil, and nothing done, for a row that is no card or is busy.
  @discardableResult
  public func remove(_ id: PaymentMethodRow.ID) -> Task<Void, Never>? {
    guard let removeCard, case .card(let card)? = shownMethods.first(where: { $0.id == id }) else {
      return nil
    }
    return start(
      .removing, on: id, ErrorPresenter.Activity(verb: .remove, objectKey: "object.card")
    ) {
      .removal(try await removeCard(card.id))
    }
  }

  /// Makes a method the user's default, once the backend agrees; a method it reports gone
  /// reloads the list once. A method the use case refuses (Apple Pay, a card that cannot
  /// pay) is refused with its reason at once, and the default already says so (each nil: no
  /// request, nothing to wait for). Nil, and nothing done, for a row that is busy.
  @discardableResult
  public func makeDefault(_ id: PaymentMethodRow.ID) -> Task<Void, Never>? {
    guard let makeDefault, let method = shownMethods.first(where: { $0.id == id }),
      writesInProgress[id] == nil
    else { return nil }
    // An earlier choice of default still on its way: this one is sent once it has ended,
    // and the row says that it waits, and for what. Meanwhile the mark shows the default
    // as it was, so choosing it again is a choice too, never "already the default".
    let waits = writesInProgress.values.contains { $0 != .removing }
    if method.isDefault, !waits {
      guard let row = listedRow(id) else { return nil }
      update {
        $0.say(
          words["write.alreadyDefault", row.title],
          spoken: words["write.alreadyDefault", row.spokenTitle])
        $0.lastChange = .alreadyDefault
      }
      return nil
    }
    // The use case asks whether the method may be the default: a refusal is said at once,
    // so the row never reads as being changed.
    switch makeDefault(method) {
    case .refused(let refusal):
      sayRefused(refusal, on: id)
      return nil
    case .send(let send):
      let task = start(
        waits ? .waitingToMakeDefault : .makingDefault, on: id,
        ErrorPresenter.Activity(verb: .save, objectKey: "object.defaultMethod")
      ) {
        .defaulting(try await send())
      }
      if waits, task != nil { defaultsWaiting.append(id) }
      return task
    }
  }

  /// The next new default in line goes out once the one before it has ended: its row says
  /// so.
  private func nextDefaultGoesOut() {
    guard !defaultsWaiting.isEmpty else { return }
    let next = defaultsWaiting.removeFirst()
    guard writesInProgress[next] == .waitingToMakeDefault else { return nextDefaultGoesOut() }
    writesInProgress[next] = .makingDefault
    update { $0.mark(next, .makingDefault) }
  }

  /// What the backend answered to a change.
  private enum WriteAnswer: Sendable {
    case removal(RemoveCardOutcome)
    case defaulting(MakeDefaultOutcome)
  }

  private func start(
    _ write: PaymentMethodRow.Write, on id: PaymentMethodRow.ID,
    _ activity: ErrorPresenter.Activity,
    _ send: @escaping @Sendable () async throws -> WriteAnswer
  ) -> Task<Void, Never>? {
    guard case .loaded(var methods) = state, writesInProgress[id] == nil,
      let row = methods.rows.first(where: { $0.id == id })
    else { return nil }
    writesInProgress[id] = write
    methods.mark(id, write)
    if methods.failedWrite?.rowID == id { methods.failedWrite = nil }
    methods.say(nil)
    methods.lastChange = nil
    state = .loaded(methods)
    let presenter = ErrorPresenter(
      activity: activity, journeyHandlers: loader.presenter.journeyHandlers,
      logger: loader.presenter.logger, words: words)
    return Task {
      let answer: Result<WriteAnswer, any Error>
      do {
        answer = .success(try await send())
      } catch {
        answer = .failure(error)
      }
      writesInProgress[id] = nil
      defaultsWaiting.removeAll { $0 == id }
      if write != .removing { nextDefaultGoesOut() }
      // The same cancellation rule as a load's: a change cancelled shows nothing.
      guard !Task.isCancelled else { return update { $0.mark(id, nil) } }
      // A change that reloads the list ends when the list is shown again.
      await finish(write, on: row, answer, presenter)?.value
    }
  }

  /// Shows how a change ended; the reload it started, if any. The messages name the row as
  /// listed now, or as it was when the change began if the list no longer shows it.
  private func finish(
    _ write: PaymentMethodRow.Write, on listed: PaymentMethodRow,
    _ answer: Result<WriteAnswer, any Error>, _ presenter: ErrorPresenter
  ) -> Task<Void, Never>? {
    let (id, row) = (listed.id, listedRow(listed.id) ?? listed)
    switch answer {
    case .failure(let error):
      switch presenter.present(error) {
      case .journey(let decision):
        state = .journey(decision)
      case .failed(let presented):
        update {
          $0.mark(id, nil)
          $0.failedWrite = FailedWrite(
            rowID: id, write: write == .removing ? .removing : .makingDefault, error: presented)
        }
      }
    case .success(.removal(let outcome)) where outcome != .refusedLastMethod:
      shownMethods.removeAll { $0.id == id }
      return showListed(
        message: (words["write.removed", row.title], words["write.removed", row.spokenTitle]),
        change: .removed(alreadyGone: outcome == .alreadyRemoved))
    case .success(.removal):
      update {
        $0.mark(id, nil)
        // Named, as every message about a row is: it stays while the cursor moves on.
        $0.say(
          words["write.lastMethod", row.title], spoken: words["write.lastMethod", row.spokenTitle])
        $0.lastChange = .keptAsLastMethod
      }
    case .success(.defaulting(.madeDefault(let method))):
      shownMethods = shownMethods.map { $0.markingDefault(method) }
      return showListed(
        message: (
          words["write.madeDefault", row.title], words["write.madeDefault", row.spokenTitle]
        ),
        change: .madeDefault)
    case .success(.defaulting(.methodGone)):
      update { $0.mark(id, nil) }
      return reloadAfterGone(row.kind == .wallet ? "write.walletGone" : "write.gone")
    }
    return nil
  }

  /// After a change the backend agreed to: the list as it is now, and what came of the
  /// change. A list shown in part from the local copy, or beside a source that could not
  /// load, is loaded again first, the row still saying what is on its way: the backend has
  /// just answered, so the screen never says the change beside a notice that it could not
  /// be reached. The reload, if any.
  @discardableResult
  func showListed(message: (text: String, spoken: String), change: Change)
    -> Task<Void, Never>?
  {
    guard case .loaded(let shown) = state else { return nil }
    guard !shown.sourceNotices.isEmpty || shown.rows.contains(where: \.isFromLocalCopy) else {
      state = edited(message: message, change: change)
      return nil
    }
    return loader.load(
      fetch: refreshMethods,
      loaded: { list in
        guard !list.methods.isEmpty else { return self.edited(message: message, change: change) }
        var methods = self.refreshed(list)
        methods.say(message.text, spoken: message.spoken)
        methods.lastChange = change
        return .loaded(methods)
      },
      show: { shown in
        // A reload that could show no list leaves the list as the change made it.
        guard case .loaded = shown else {
          self.state = self.edited(message: message, change: change)
          return
        }
        self.state = shown
      })
  }

  /// The rows made again from `shownMethods` after a change the backend agreed to, with what
  /// the screen had besides: its failed sources and changes, and the selection, which
  /// moves to the default method (or to none) when its row is gone.
  private func edited(message: (text: String, spoken: String), change: Change) -> State {
    guard case .loaded(let shown) = state else { return state }
    var methods = rows(shownMethods)
    methods.sourceNotices = shown.sourceNotices
    methods.isRefreshing = shown.isRefreshing
    if let failed = shown.failedWrite, methods.rows.contains(where: { $0.id == failed.rowID }) {
      methods.failedWrite = failed
    }
    let selected =
      shown.selected.map(\.id).flatMap { id in methods.rows.first { $0.id == id } }
      ?? (shown.selected == nil ? nil : methods.rows.first { $0.isDefault && $0.isSelectable })
    if let selected { methods.select(selected.id) }
    methods.say(message.text, spoken: message.spoken)
    methods.lastChange = change
    return .loaded(methods)
  }

  /// The list is out of date (a method the backend reports gone): loaded again, once, and
  /// then it says why, in the words of `gone`, which name what is gone (a card, the
  /// wallet).
  func reloadAfterGone(_ gone: String) -> Task<Void, Never> {
    loader.load(
      fetch: refreshMethods,
      loaded: { list in
        var methods = self.refreshed(list)
        methods.say(self.words[gone])
        methods.lastChange = .methodGone
        return .loaded(methods)
      },
      show: { self.state = $0 })
  }

  /// Says why `id` cannot be the default.
  private func sayRefused(_ refusal: DefaultRefusal, on id: PaymentMethodRow.ID) {
    guard let row = listedRow(id) else { return }
    update {
      $0.mark(id, nil)
      $0.lastChange = .refusedAsDefault(refusal)
      switch refusal {
      case .applePayIsNeverDefault:
        $0.say(words["write.applePayNeverDefault"])
      case .cardCannotPay:
        // The reason the row gives: the issuer's decline first, else the expiry.
        let declined = card(for: id)?.decline != nil
        let key = declined ? "write.cannotPay.declined" : "write.cannotPay.expired"
        $0.say(words[key, row.title], spoken: words[key, row.spokenTitle])
      }
    }
  }

  func update(_ change: (inout Methods) -> Void) {
    guard case .loaded(var methods) = state else { return }
    change(&methods)
    state = .loaded(methods)
  }

  /// The row shown for `id`, for what the messages say of it; nil when the screen shows
  /// no list, or none with it: then there is nothing to say it on.
  func listedRow(_ id: PaymentMethodRow.ID) -> PaymentMethodRow? {
    guard case .loaded(let methods) = state else { return nil }
    return methods.rows.first { $0.id == id }
  }
}
