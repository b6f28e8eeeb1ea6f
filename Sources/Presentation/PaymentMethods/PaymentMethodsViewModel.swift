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
    case journey(PresentedJourney)
  }

  public internal(set) var state: State = .loading

  @ObservationIgnored let loader: ScreenLoader<PaymentMethodList, State>
  /// A load beside a list on screen: one that can show nothing returns what failed.
  @ObservationIgnored let refreshMethods: @Sendable () async throws -> PaymentMethodList
  @ObservationIgnored let locale: Locale
  @ObservationIgnored let words: Phrasebook
  /// The wall clock and the user's time zone: how old copied rows are, and their time of day.
  @ObservationIgnored let now: @Sendable () -> Date
  @ObservationIgnored let timeZone: TimeZone
  @ObservationIgnored let removeCard: (@Sendable (String) async throws -> RemoveCardOutcome)?
  @ObservationIgnored let makeDefault: (@Sendable (PaymentMethod) -> MakeDefaultUseCase.Tap)?
  /// The methods the rows were made from: a change the backend agreed to is applied to
  /// them, and the rows made again.
  @ObservationIgnored var shownMethods: [PaymentMethod] = []
  /// What finishing the last run's changes came to, until a list is shown to say it with.
  @ObservationIgnored var finishedChangesSentence: String?
  /// The change running on each row.
  @ObservationIgnored var writesInProgress: [PaymentMethodRow.ID: PaymentMethodRow.Write] = [:]
  /// The rows whose new default waits for an earlier one, in the order they were chosen.
  @ObservationIgnored var defaultsWaiting: [PaymentMethodRow.ID] = []
  /// The sources `shownMethods` shows from the local copy, and as of when: their rows stay marked
  /// when they are made again after a change.
  @ObservationIgnored var copiedAsOf: [PaymentSource: Date] = [:]

  public convenience init(
    useCase: PaymentMethodsUseCase, userStatus: any UserStatusRepository,
    signIn: @escaping @Sendable () async throws -> Void = {},
    removeCard: RemoveCardUseCase? = nil, makeDefault: MakeDefaultUseCase? = nil,
    journeyHandlers: JourneyHandlers = .standard, logger: any DeveloperLog,
    locale: Locale = .current, words: Phrasebook.Source = .presentation,
    now: @escaping @Sendable () -> Date = Date.init, timeZone: TimeZone = .current
  ) {
    var remove: (@Sendable (String) async throws -> RemoveCardOutcome)?
    if let removeCard {
      remove = { @Sendable cardID in try await removeCard.execute(cardID: cardID) }
    }
    self.init(
      loadMethods: useCase.execute, refreshMethods: useCase.refresh,
      checkUserStatus: userStatus.fetchUserStatus, signIn: signIn, removeCard: remove,
      makeDefault: makeDefault?.execute, journeyHandlers: journeyHandlers, logger: logger,
      locale: locale, words: words, now: now, timeZone: timeZone)
  }

  /// - Parameters:
  ///   - loadMethods: the use case, or a stand-in for it in tests and previews.
  ///   - refreshMethods: the use case's `refresh`, for "Try again" beside a list on screen:
  ///     a load that can show nothing returns what failed, and the list stays. Without it, a
  ///     refresh loads as `loadMethods` does.
  ///   - checkUserStatus: reads the user's status, for "check my status again".
  ///   - removeCard, makeDefault: the use cases of the changes to a row; without them,
  ///     the screen offers none.
  ///   - journeyHandlers: the app-level handlers for errors that change the user's flow.
  ///   - locale: the user's: its language picks the words, its region formats amounts.
  ///   - words: where the words are: the layer's resource bundle, in an app.
  ///   - now, timeZone: the wall clock and the user's time zone, for the time and the age
  ///     of copied rows.
  public init(
    loadMethods: @escaping @Sendable () async throws -> PaymentMethodList,
    refreshMethods: (@Sendable () async throws -> PaymentMethodList)? = nil,
    checkUserStatus: @escaping @Sendable () async throws -> UserStatus = { .verified },
    signIn: @escaping @Sendable () async throws -> Void = {},
    removeCard: (@Sendable (String) async throws -> RemoveCardOutcome)? = nil,
    makeDefault: (@Sendable (PaymentMethod) -> MakeDefaultUseCase.Tap)? = nil,
    journeyHandlers: JourneyHandlers = .standard,
    logger: any DeveloperLog,
    locale: Locale = .current,
    words source: Phrasebook.Source = .presentation,
    now: @escaping @Sendable () -> Date = Date.init,
    timeZone: TimeZone = .current
  ) {
    self.refreshMethods = refreshMethods ?? loadMethods
    self.removeCard = removeCard
    self.makeDefault = makeDefault
    let words = Phrasebook.presentation(locale, from: source)
    self.loader = ScreenLoader(
      fetch: loadMethods, objectKey: "object.paymentMethods", checkUserStatus: checkUserStatus,
      signIn: signIn, journeyHandlers: journeyHandlers, logger: logger, words: words)
    self.locale = locale
    self.words = words
    self.now = now
    self.timeZone = timeZone
  }

  /// Starts loading, cancelling a load still running: the newest request owns the screen.
  /// The returned task ends when this load has published its state (or was superseded).
  @discardableResult
  public func load() -> Task<Void, Never> {
    loader.start(.load, loaded: state(showing:), show: show)
  }

  /// "Sign in": starts a new session, then loads the screen through the same path as the
  /// first load.
  @discardableResult
  public func signIn() -> Task<Void, Never> {
    loader.start(.signIn, loaded: state(showing:), show: show)
  }

  /// "Check my status again": re-reads the user's status before anything else, and loads
  /// the screen only once the status no longer stands in the way.
  @discardableResult
  public func checkStatusAgain() -> Task<Void, Never> {
    loader.start(.checkStatusAgain, loaded: state(showing:), show: show)
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
        case .makingDefault, .waitingToMakeDefault: makeDefault(failed.rowID)
        }
      if let retried { return retried }
    }
    shown.isRefreshing = true
    state = .loaded(shown)
    return loader.load(fetch: refreshMethods, loaded: { .loaded(self.refreshed($0)) }, show: show)
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

  private func show(_ shown: State) { state = shown }

  /// The state a load shows: its list, and what finishing the last run's changes came to.
  private func state(showing list: PaymentMethodList) -> State { .loaded(grouped(telling: list)) }

  /// The list a refresh brought, merged into the one on screen: a list with methods
  /// replaces it, keeping the selection; one with none (only failures) keeps the rows
  /// shown, with what failed this time.
  func refreshed(_ list: PaymentMethodList) -> Methods {
    guard case .loaded(var shown) = state else { return grouped(telling: list) }
    guard !list.methods.isEmpty else {
      shown.sourceNotices = present(list.failures)
      shown.isRefreshing = false
      return shown
    }
    var methods = group(list)
    if let selected = shown.selected, methods.rows.contains(where: { $0.id == selected.id }) {
      methods.select(selected.id)
    }
    return methods
  }

  /// The rows of `list`, the changes still running marked on theirs, and its failed sources
  /// presented (and logged, once), as are the words of each issuer that declined a card.
  func group(_ list: PaymentMethodList) -> Methods {
    shownMethods = list.methods
    copiedAsOf = list.copiedAsOf
    for case .card(let card) in list.methods {
      guard let decline = card.decline, let said = decline.message else { continue }
      loader.presenter.log(
        theirWords: said, about: "the issuer declined card \(card.id)",
        metadata: ["reason": decline.reason.rawValue])
    }
    var grouped = rows(list.methods)
    grouped.sourceNotices = present(list.failures)
    return grouped
  }

  func rows(_ methods: [PaymentMethod]) -> Methods {
    var grouped = Methods()
    for method in methods {
      let row = PaymentMethodRow(
        method, words: words, locale: locale, isFromLocalCopy: copiedAsOf[method.source] != nil)
      switch row.kind {
      case .wallet: grouped.wallet = row
      case .card: grouped.cards.append(row)
      case .applePay: grouped.applePay = row
      }
    }
    for (id, write) in writesInProgress { grouped.mark(id, write) }
    return grouped
  }

  private func present(_ failures: [SourceFailure]) -> [SourceNotice] {
    failures.map(notice)
  }
}

/// Its cases are the loader's states: `loading`, `failed`, `journey`; and the empty list,
/// which is this screen's to say.
extension PaymentMethodsViewModel.State: LoadingScreenState {
  /// The use case found no method and no failure: not an error, an invitation to add one.
  static func nothingToShow(_ error: any Error, words: Phrasebook) -> Self? {
    guard case PaymentMethodsError.noPaymentMethodsFound = error else { return nil }
    return .empty(
      Notice(
        title: words["empty.title"], message: words["empty.message"], hint: words["empty.hint"],
        words: words))
  }
}
