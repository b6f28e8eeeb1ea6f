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

  /// The loaded list, grouped the way the screen shows it.
  public struct Methods: Sendable, Equatable {
    public var wallet: PaymentMethodRow?
    public var cards: [PaymentMethodRow]
    public var applePay: PaymentMethodRow?
    /// Feedback on the last selection, if any.
    public var message: String?

    public init(
      wallet: PaymentMethodRow? = nil, cards: [PaymentMethodRow] = [],
      applePay: PaymentMethodRow? = nil, message: String? = nil
    ) {
      self.wallet = wallet
      self.cards = cards
      self.applePay = applePay
      self.message = message
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

  public private(set) var state: State = .loading

  @ObservationIgnored private let loader: ScreenLoader<[PaymentMethod]>
  @ObservationIgnored private let locale: Locale

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
  public init(
    loadMethods: @escaping @Sendable () async throws -> [PaymentMethod],
    checkUserStatus: @escaping @Sendable () async throws -> UserStatus = { .verified },
    signIn: @escaping @Sendable () async throws -> Void = {},
    flowHandlers: FlowErrorHandlers = .standard,
    logger: any DeveloperLog,
    locale: Locale = .current
  ) {
    self.loader = ScreenLoader(
      fetch: loadMethods,
      presenter: ErrorPresenter(
        activity: .loading("your payment methods"), flowHandlers: flowHandlers, logger: logger),
      checkUserStatus: checkUserStatus, signIn: signIn)
    self.locale = locale
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

  /// Selects a method. A row that cannot pay stays unselected and says why.
  public func select(_ id: PaymentMethodRow.ID) {
    guard case .loaded(var methods) = state,
      let row = methods.rows.first(where: { $0.id == id })
    else { return }

    guard row.isSelectable else {
      methods.message = "\(row.title) can't be used to pay. Choose another method."
      state = .loaded(methods)
      return
    }
    methods.select(id)
    methods.message = "\(row.title) selected."
    state = .loaded(methods)
  }

  private func show(_ outcome: ScreenLoader<[PaymentMethod]>.Shown) {
    state =
      switch outcome {
      case .loaded(let methods): .loaded(Self.group(methods, locale: locale))
      case .presented(.empty(let notice)): .empty(notice)
      case .presented(.journey(let decision)): .actionRequired(decision)
      case .presented(.failed(let presented)): .failed(presented)
      }
  }

  private static func group(_ methods: [PaymentMethod], locale: Locale) -> Methods {
    var grouped = Methods()
    for method in methods {
      let row = PaymentMethodRow(method, locale: locale)
      switch row.kind {
      case .wallet: grouped.wallet = row
      case .card: grouped.cards.append(row)
      case .applePay: grouped.applePay = row
      }
    }
    return grouped
  }
}
