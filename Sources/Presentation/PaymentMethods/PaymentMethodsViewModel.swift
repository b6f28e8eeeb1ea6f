import Domain
import Foundation
import Observation

/// Drives the payment-method selection screen: runs the use case and turns every outcome
/// into a `State` a person can see. It holds no view code, so a SwiftUI view and the
/// terminal view draw the same `State`.
@MainActor
@Observable
public final class PaymentMethodsViewModel {
  public enum State: Sendable, Equatable {
    case loading
    case loaded(Methods)
    /// The user has no payment methods: not an error, an invitation to add one.
    case empty(Notice)
    case failed(PresentationError)
    /// The app-level handlers sent the user on a journey (sign in, verify the account…).
    case actionRequired(FlowDecision)
  }

  /// The loaded list, grouped the way the screen shows it, and what could not load.
  public struct Methods: Sendable, Equatable {
    public var wallet: PaymentMethodRow?
    public var cards: [PaymentMethodRow]
    public var applePay: PaymentMethodRow?
    /// The sources that failed while the others loaded, in source order: each says what
    /// could not load, and its recovery says whether trying again can help.
    public var failedSources: [FailedSource]
    /// A refresh is running; the rows stay usable meanwhile.
    public var isRefreshing: Bool
    /// Feedback on the last selection or change, if any.
    public var message: String?
    /// The message as a screen reader reads it (a card by "ending in 4242", not by its
    /// dots); nil when it reads as it is written.
    public var spokenMessage: String?
    /// The last change to a row that failed, shown under its row; "Try again" sends it
    /// again.
    public var failedWrite: FailedWrite?
    /// How the last change the backend answered ended, for code to read: `message` says it
    /// to the user.
    public var lastChange: Change?

    public init(
      wallet: PaymentMethodRow? = nil, cards: [PaymentMethodRow] = [],
      applePay: PaymentMethodRow? = nil, failedSources: [FailedSource] = [],
      isRefreshing: Bool = false, message: String? = nil, spokenMessage: String? = nil,
      failedWrite: FailedWrite? = nil
    ) {
      self.wallet = wallet
      self.cards = cards
      self.applePay = applePay
      self.failedSources = failedSources
      self.isRefreshing = isRefreshing
      self.message = message
      self.spokenMessage = spokenMessage
      self.failedWrite = failedWrite
    }

    /// The row selected, if any.
    public var selected: PaymentMethodRow? { rows.first(where: \.isSelected) }

    /// Whether trying again can help with a source, or a change, that failed.
    public var canRetry: Bool {
      failedSources.contains { $0.error.recovery.isRetry }
        || failedWrite?.error.recovery.isRetry == true
    }

    /// Says `message`, which a screen reader reads as `spoken` when that is given.
    mutating func say(_ message: String?, spoken: String? = nil) {
      self.message = message
      spokenMessage = spoken
    }

    /// Marks the row with `id` as taking `write`, or as taking none.
    mutating func mark(_ id: PaymentMethodRow.ID, _ write: PaymentMethodRow.Write?) {
      func marked(_ row: PaymentMethodRow) -> PaymentMethodRow {
        var row = row
        if row.id == id { row.write = write }
        return row
      }
      wallet = wallet.map(marked)
      cards = cards.map(marked)
      applePay = applePay.map(marked)
    }

    /// Marks the row with `id` as the one selected, and no other.
    mutating func select(_ id: PaymentMethodRow.ID) {
      func mark(_ row: PaymentMethodRow) -> PaymentMethodRow {
        var row = row
        row.isSelected = row.id == id
        return row
      }
      wallet = wallet.map(mark)
      cards = cards.map(mark)
      applePay = applePay.map(mark)
    }

    /// Every row, in screen order.
    public var rows: [PaymentMethodRow] {
      [wallet].compactMap { $0 } + cards + [applePay].compactMap { $0 }
    }
  }

  /// How a change to a row ended, when the backend answered it (or the app refused it).
  public enum Change: Sendable, Equatable {
    /// The card is off the list; `alreadyGone` when another device had removed it.
    case removed(alreadyGone: Bool)
    /// The backend keeps the card: it is the user's last way to pay.
    case keptAsLastMethod
    case madeDefault
    case applePayIsNeverDefault
    /// The method was gone: the list was loaded again.
    case methodGone
    /// The card has its new expiry.
    case updated
  }

  /// A change to a row that failed: the row stays as the backend has it.
  public struct FailedWrite: Sendable, Equatable {
    public var rowID: PaymentMethodRow.ID
    public var write: PaymentMethodRow.Write
    /// What went wrong, with its recovery.
    public var error: PresentationError

    public init(rowID: PaymentMethodRow.ID, write: PaymentMethodRow.Write, error: PresentationError)
    {
      self.rowID = rowID
      self.write = write
      self.error = error
    }
  }

  /// A source that could not load while the rest of the screen did: not an empty source.
  public struct FailedSource: Sendable, Equatable {
    public var source: PaymentSource
    /// What could not load, worded for this source, with its recovery.
    public var error: PresentationError

    public init(source: PaymentSource, error: PresentationError) {
      self.source = source
      self.error = error
    }
  }

  public private(set) var state: State = .loading

  @ObservationIgnored private let loader: ScreenLoader<PaymentMethodList>
  @ObservationIgnored private let locale: Locale
  @ObservationIgnored private let words: Phrasebook
  @ObservationIgnored private let removeCard:
    (@Sendable (String) async throws -> RemoveCardOutcome)?
  @ObservationIgnored private let makeDefault:
    (@Sendable (PaymentMethod) async throws -> MakeDefaultUseCase.Outcome)?
  /// The methods the rows were made from: a change the backend agreed to is applied to
  /// them, and the rows made again.
  @ObservationIgnored private var listed: [PaymentMethod] = []
  /// The change running on each row.
  @ObservationIgnored private var running: [PaymentMethodRow.ID: PaymentMethodRow.Write] = [:]

  public convenience init(
    useCase: PaymentMethodsUseCase, userStatus: any UserStatusRepository,
    signIn: @escaping @Sendable () async throws -> Void = {},
    removeCard: RemoveCardUseCase? = nil, makeDefault: MakeDefaultUseCase? = nil,
    logger: any DeveloperLog, locale: Locale = .current
  ) {
    var remove: (@Sendable (String) async throws -> RemoveCardOutcome)?
    if let removeCard {
      remove = { @Sendable cardID in try await removeCard.execute(cardID: cardID) }
    }
    var setDefault: (@Sendable (PaymentMethod) async throws -> MakeDefaultUseCase.Outcome)?
    if let makeDefault {
      setDefault = { @Sendable method in try await makeDefault.execute(method) }
    }
    self.init(
      loadMethods: useCase.execute, checkUserStatus: userStatus.fetchUserStatus, signIn: signIn,
      removeCard: remove, makeDefault: setDefault, logger: logger, locale: locale)
  }

  /// - Parameters:
  ///   - loadMethods: the use case, or a stand-in for it in tests and previews.
  ///   - checkUserStatus: reads the user's status, for "check my status again".
  ///   - removeCard, makeDefault: the use cases of the changes to a row; without them,
  ///     the screen offers none.
  ///   - flowHandlers: the app-level handlers for errors that change the user's flow.
  ///   - locale: the user's: its language picks the words, its region formats amounts.
  public init(
    loadMethods: @escaping @Sendable () async throws -> PaymentMethodList,
    checkUserStatus: @escaping @Sendable () async throws -> UserStatus = { .verified },
    signIn: @escaping @Sendable () async throws -> Void = {},
    removeCard: (@Sendable (String) async throws -> RemoveCardOutcome)? = nil,
    makeDefault: (@Sendable (PaymentMethod) async throws -> MakeDefaultUseCase.Outcome)? = nil,
    flowHandlers: FlowErrorHandlers = .standard,
    logger: any DeveloperLog,
    locale: Locale = .current
  ) {
    self.removeCard = removeCard
    self.makeDefault = makeDefault
    let words = Phrasebook.presentation(locale)
    self.loader = ScreenLoader(
      fetch: loadMethods,
      presenter: ErrorPresenter(
        activity: .loading("object.paymentMethods"), flowHandlers: flowHandlers, logger: logger,
        words: words),
      checkUserStatus: checkUserStatus, signIn: signIn)
    self.locale = locale
    self.words = words
  }

  /// Starts loading, cancelling a load still running: the newest request owns the screen.
  /// The returned task ends when this load has published its state (or was superseded).
  @discardableResult
  public func load() -> Task<Void, Never> {
    state = .loading
    return loader.load(show: show)
  }

  /// "Sign in": starts a new session, then loads the screen through the same path as the
  /// first load.
  @discardableResult
  public func signIn() -> Task<Void, Never> {
    state = .loading
    return loader.signIn(show: show)
  }

  /// "Check my status again": re-reads the user's status before anything else, and loads
  /// the screen only once the status no longer stands in the way.
  @discardableResult
  public func checkStatusAgain() -> Task<Void, Never> {
    state = .loading
    return loader.checkStatusAgain(show: show)
  }

  /// Selects the card the user has just added; the message says when it had been saved
  /// before, so a duplicate is never mistaken for a new card.
  public func selectAdded(_ id: PaymentMethodRow.ID, alreadySaved: Bool) {
    select(id)
    guard alreadySaved, case .loaded(var methods) = state, let row = methods.selected,
      row.id == id
    else { return }
    methods.say(
      words["selection.alreadySaved", row.title],
      spoken: words["selection.alreadySaved", row.spokenTitle])
    state = .loaded(methods)
  }

  /// "Try again" on a list that is shown: loads again while the list stays on screen and
  /// selectable. A load that brings more replaces the list, keeping the selection; one
  /// that can show nothing keeps what was shown, with what failed this time; a journey
  /// still wins. With no list shown, it is `load()`.
  @discardableResult
  public func refresh() -> Task<Void, Never> {
    guard case .loaded(var shown) = state else { return load() }
    // The change that failed is what there is to try again, when trying again can help.
    if let failed = shown.failedWrite, failed.error.recovery.isRetry {
      let retried =
        switch failed.write {
        case .removing: remove(failed.rowID)
        case .makingDefault: makeDefault(failed.rowID)
        }
      if let retried { return retried }
    }
    shown.isRefreshing = true
    state = .loaded(shown)
    return loader.load(fetch: refreshFetch, show: showRefreshed)
  }

  /// Selects a method. A row that cannot pay stays unselected and says why.
  public func select(_ id: PaymentMethodRow.ID) {
    guard case .loaded(var methods) = state,
      let row = methods.rows.first(where: { $0.id == id })
    else { return }

    guard row.isSelectable else {
      methods.say(
        words["selection.cannotPay", row.title],
        spoken: words["selection.cannotPay", row.spokenTitle])
      state = .loaded(methods)
      return
    }
    methods.select(id)
    methods.say(
      words["selection.selected", row.title], spoken: words["selection.selected", row.spokenTitle])
    methods.lastChange = nil
    state = .loaded(methods)
  }

  private func show(_ outcome: ScreenLoader<PaymentMethodList>.Shown) {
    state =
      switch outcome {
      case .loaded(let list): .loaded(group(list))
      case .presented(.empty(let notice)): .empty(notice)
      case .presented(.journey(let decision)): .actionRequired(decision)
      case .presented(.failed(let presented)): .failed(presented)
      }
  }

  /// A refresh's fetch: a load that could show nothing is, beside a list on screen, a list
  /// of failed sources.
  private var refreshFetch: @Sendable () async throws -> PaymentMethodList {
    let loadMethods = loader.fetch
    return {
      do {
        return try await loadMethods()
      } catch let error as PaymentMethodsError {
        guard case .couldNotLoad = error else { throw error }
        return PaymentMethodList(methods: [], failures: error.failures)
      }
    }
  }

  private func showRefreshed(_ outcome: ScreenLoader<PaymentMethodList>.Shown) {
    guard case .loaded(var shown) = state, case .loaded(let list) = outcome else {
      return show(outcome)
    }
    guard !list.methods.isEmpty else {
      shown.failedSources = present(list.failures)
      shown.isRefreshing = false
      state = .loaded(shown)
      return
    }
    var methods = group(list)
    if let selected = shown.selected, methods.rows.contains(where: { $0.id == selected.id }) {
      methods.select(selected.id)
    }
    state = .loaded(methods)
  }

  /// The rows of `list`, the changes still running marked on theirs, and its failed sources
  /// presented (and logged, once).
  private func group(_ list: PaymentMethodList) -> Methods {
    listed = list.methods
    var grouped = rows(list.methods)
    grouped.failedSources = present(list.failures)
    return grouped
  }

  private func rows(_ methods: [PaymentMethod]) -> Methods {
    var grouped = Methods()
    for method in methods {
      let row = PaymentMethodRow(method, words: words, locale: locale)
      switch row.kind {
      case .wallet: grouped.wallet = row
      case .card: grouped.cards.append(row)
      case .applePay: grouped.applePay = row
      }
    }
    for (id, write) in running { grouped.mark(id, write) }
    return grouped
  }

  private func present(_ failures: [SourceFailure]) -> [FailedSource] {
    failures.map {
      FailedSource(source: $0.source, error: loader.presenter.presentFailedSource($0))
    }
  }

  // MARK: - Changes to a row

  /// Whether the screen offers to remove cards, and to make a method the default.
  public var canRemoveCards: Bool { removeCard != nil }
  public var canMakeDefault: Bool { makeDefault != nil }

  /// Removes a card, once the backend agrees: until it answers, the row stays and says so,
  /// and takes no other change; the other rows stay usable. A card the backend keeps
  /// stays, with the reason; a card that was selected leaves the selection to the default
  /// method, or to none. Nil, and nothing done, for a row that is no card or is busy.
  @discardableResult
  public func remove(_ id: PaymentMethodRow.ID) -> Task<Void, Never>? {
    guard let removeCard, case .card(let card)? = listed.first(where: { $0.id == id }) else {
      return nil
    }
    return start(.removing, on: id, ErrorPresenter.Activity(verb: .remove, object: "object.card")) {
      .removal(try await removeCard(card.id))
    }
  }

  /// Makes a method the user's default, once the backend agrees; a method it reports gone
  /// reloads the list once. Apple Pay is refused with its reason. Nil, and nothing done,
  /// for the default already, or a row that is busy.
  @discardableResult
  public func makeDefault(_ id: PaymentMethodRow.ID) -> Task<Void, Never>? {
    guard let makeDefault, let method = listed.first(where: { $0.id == id }), !method.isDefault
    else { return nil }
    return start(
      .makingDefault, on: id,
      ErrorPresenter.Activity(verb: .save, object: "object.defaultMethod")
    ) {
      .defaulting(try await makeDefault(method))
    }
  }

  /// What the backend answered to a change.
  private enum WriteAnswer: Sendable {
    case removal(RemoveCardOutcome)
    case defaulting(MakeDefaultUseCase.Outcome)
  }

  private func start(
    _ write: PaymentMethodRow.Write, on id: PaymentMethodRow.ID,
    _ activity: ErrorPresenter.Activity,
    _ send: @escaping @Sendable () async throws -> WriteAnswer
  ) -> Task<Void, Never>? {
    guard case .loaded(var methods) = state, running[id] == nil,
      methods.rows.contains(where: { $0.id == id })
    else { return nil }
    running[id] = write
    methods.mark(id, write)
    if methods.failedWrite?.rowID == id { methods.failedWrite = nil }
    methods.say(nil)
    methods.lastChange = nil
    state = .loaded(methods)
    let presenter = ErrorPresenter(
      activity: activity, flowHandlers: loader.presenter.flowHandlers,
      logger: loader.presenter.logger, words: words)
    return Task {
      let answer: Result<WriteAnswer, any Error>
      do {
        answer = .success(try await send())
      } catch {
        answer = .failure(error)
      }
      running[id] = nil
      // The same cancellation rule as a load's: a change cancelled shows nothing.
      guard !Task.isCancelled else { return update { $0.mark(id, nil) } }
      // A change that reloads the list ends when the list is shown again.
      await finish(write, on: id, answer, presenter)?.value
    }
  }

  /// Shows how a change ended; the reload it started, if any.
  private func finish(
    _ write: PaymentMethodRow.Write, on id: PaymentMethodRow.ID,
    _ answer: Result<WriteAnswer, any Error>, _ presenter: ErrorPresenter
  ) -> Task<Void, Never>? {
    let row = listedRow(id)
    switch answer {
    case .failure(let error):
      switch presenter.present(error) {
      case .journey(let decision):
        state = .actionRequired(decision)
      case .failed(let presented):
        update {
          $0.mark(id, nil)
          $0.failedWrite = FailedWrite(rowID: id, write: write, error: presented)
        }
      // A change has no empty result: this cannot come from its use case.
      case .empty:
        update { $0.mark(id, nil) }
      }
    case .success(.removal(let outcome)) where outcome != .refusedLastMethod:
      listed.removeAll { $0.id == id }
      showListed(
        message: (words["write.removed", row.title], words["write.removed", row.spokenTitle]),
        change: .removed(alreadyGone: outcome == .alreadyRemoved))
    case .success(.removal):
      update {
        $0.mark(id, nil)
        $0.say(words["write.lastMethod"])
        $0.lastChange = .keptAsLastMethod
      }
    case .success(.defaulting(.applePayIsNeverDefault)):
      update {
        $0.mark(id, nil)
        $0.say(words["write.applePayNeverDefault"])
        $0.lastChange = .applePayIsNeverDefault
      }
    case .success(.defaulting(.answered(.madeDefault))):
      listed = listed.map { $0.markingDefault(id) }
      showListed(
        message: (
          words["write.madeDefault", row.title], words["write.madeDefault", row.spokenTitle]
        ),
        change: .madeDefault)
    case .success(.defaulting(.answered(.methodGone))):
      update { $0.mark(id, nil) }
      return reloadAfterGone()
    }
    return nil
  }

  /// The rows made again from `listed` after a change the backend agreed to, with what
  /// the screen had besides: its failed sources and changes, and the selection, which
  /// moves to the default method (or to none) when its row is gone.
  private func showListed(message: (text: String, spoken: String), change: Change) {
    guard case .loaded(let shown) = state else { return }
    var methods = rows(listed)
    methods.failedSources = shown.failedSources
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
    state = .loaded(methods)
  }

  /// The list is out of date (a method the backend reports gone): loaded again, once, and
  /// then it says why.
  private func reloadAfterGone() -> Task<Void, Never> {
    loader.load(fetch: refreshFetch) { outcome in
      self.showRefreshed(outcome)
      self.update {
        $0.say(self.words["write.gone"])
        $0.lastChange = .methodGone
      }
    }
  }

  // MARK: - A card's new expiry, from its own form

  /// The card behind a row, as the list has it: what the new-expiry form starts from.
  public func card(for id: PaymentMethodRow.ID) -> PaymentCard? {
    guard case .card(let card)? = listed.first(where: { $0.id == id }) else { return nil }
    return card
  }

  /// The backend gave a card its new expiry (`UpdateCardViewModel`'s `updated`): its row
  /// is made again from the card as the backend has it now.
  public func showUpdated(_ card: PaymentCard) {
    let method = PaymentMethod.card(card)
    guard let index = listed.firstIndex(where: { $0.id == method.id }) else { return }
    listed[index] = method
    let row = listedRow(method.id)
    let expiry = card.expiry.description
    showListed(
      message: (
        words["updateCard.updated", row.title, expiry],
        words["updateCard.updated", row.spokenTitle, expiry]
      ),
      change: .updated)
  }

  /// The new-expiry form found its card gone (`UpdateCardViewModel`'s `cardGone`): the list
  /// is loaded again, once, and says why.
  @discardableResult
  public func showCardGone() -> Task<Void, Never> {
    reloadAfterGone()
  }

  private func update(_ change: (inout Methods) -> Void) {
    guard case .loaded(var methods) = state else { return }
    change(&methods)
    state = .loaded(methods)
  }

  /// The row shown for `id`, for what the messages say of it (an empty row if none is).
  private func listedRow(_ id: PaymentMethodRow.ID) -> PaymentMethodRow {
    guard case .loaded(let methods) = state, let row = methods.rows.first(where: { $0.id == id })
    else {
      return PaymentMethodRow(id: id, kind: .card, title: "", subtitle: "", isSelectable: false)
    }
    return row
  }
}

extension PaymentMethod {
  /// The method as the backend has it once `id` is the default: that one marked, no other.
  fileprivate func markingDefault(_ id: PaymentMethodRow.ID) -> PaymentMethod {
    switch self {
    case .card(var card):
      card.isDefault = self.id == id
      return .card(card)
    case .wallet(var wallet):
      wallet.isDefault = self.id == id
      return .wallet(wallet)
    case .applePay:
      return self
    }
  }
}
