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
    /// Feedback on the last selection, if any.
    public var message: String?

    public init(
      wallet: PaymentMethodRow? = nil, cards: [PaymentMethodRow] = [],
      applePay: PaymentMethodRow? = nil, failedSources: [FailedSource] = [],
      isRefreshing: Bool = false, message: String? = nil
    ) {
      self.wallet = wallet
      self.cards = cards
      self.applePay = applePay
      self.failedSources = failedSources
      self.isRefreshing = isRefreshing
      self.message = message
    }

    /// The row selected, if any.
    public var selected: PaymentMethodRow? { rows.first(where: \.isSelected) }

    /// Whether trying again can help with a source that failed.
    public var canRetry: Bool { failedSources.contains { $0.error.recovery.isRetry } }

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

  public convenience init(
    useCase: PaymentMethodsUseCase, userStatus: any UserStatusRepository,
    signIn: @escaping @Sendable () async throws -> Void = {}, logger: any DeveloperLog,
    locale: Locale = .current
  ) {
    self.init(
      loadMethods: useCase.execute, checkUserStatus: userStatus.fetchUserStatus, signIn: signIn,
      logger: logger, locale: locale)
  }

  /// - Parameters:
  ///   - loadMethods: the use case, or a stand-in for it in tests and previews.
  ///   - checkUserStatus: reads the user's status, for "check my status again".
  ///   - flowHandlers: the app-level handlers for errors that change the user's flow.
  ///   - locale: the user's: its language picks the words, its region formats amounts.
  public init(
    loadMethods: @escaping @Sendable () async throws -> PaymentMethodList,
    checkUserStatus: @escaping @Sendable () async throws -> UserStatus = { .verified },
    signIn: @escaping @Sendable () async throws -> Void = {},
    flowHandlers: FlowErrorHandlers = .standard,
    logger: any DeveloperLog,
    locale: Locale = .current
  ) {
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
    methods.message = words["selection.alreadySaved", row.title]
    state = .loaded(methods)
  }

  /// "Try again" on a list that is shown: loads again while the list stays on screen and
  /// selectable. A load that brings more replaces the list, keeping the selection; one
  /// that can show nothing keeps what was shown, with what failed this time; a journey
  /// still wins. With no list shown, it is `load()`.
  @discardableResult
  public func refresh() -> Task<Void, Never> {
    guard case .loaded(var shown) = state else { return load() }
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
      methods.message = words["selection.cannotPay", row.title]
      state = .loaded(methods)
      return
    }
    methods.select(id)
    methods.message = words["selection.selected", row.title]
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

  private func group(_ list: PaymentMethodList) -> Methods {
    var grouped = Methods(failedSources: present(list.failures))
    for method in list.methods {
      let row = PaymentMethodRow(method, words: words, locale: locale)
      switch row.kind {
      case .wallet: grouped.wallet = row
      case .card: grouped.cards.append(row)
      case .applePay: grouped.applePay = row
      }
    }
    return grouped
  }

  private func present(_ failures: [SourceFailure]) -> [FailedSource] {
    failures.map {
      FailedSource(source: $0.source, error: loader.presenter.presentFailedSource($0))
    }
  }
}
