import Domain
import Foundation
import Observation

/// Drives the wallet screen. Here a missing, banned or reviewed wallet is not noise to skip
/// but the very thing to show, each with its own state.
@MainActor
@Observable
public final class WalletViewModel {
  public enum State: Sendable, Equatable {
    case loading
    case active(WalletSummary)
    /// No wallet yet: invite the user to create one.
    case noWallet(Notice)
    case banned(Notice)
    case inReview(Notice)
    case failed(PresentationError)
    /// The app-level handlers sent the user on a journey (sign in, verify the account…).
    case actionRequired(FlowDecision)
  }

  public struct WalletSummary: Sendable, Equatable {
    public var balance: String
    /// Advice for a wallet that cannot pay yet, such as one with nothing in it.
    public var note: String?

    public init(balance: String, note: String? = nil) {
      self.balance = balance
      self.note = note
    }
  }

  public private(set) var state: State = .loading

  @ObservationIgnored private let loader: ScreenLoader<WalletStatus>
  @ObservationIgnored private let locale: Locale

  public convenience init(
    useCase: WalletUseCase, userStatus: any UserStatusRepository,
    signIn: @escaping @Sendable () async throws -> Void = {}, logger: any DeveloperLog,
    locale: Locale = .current
  ) {
    self.init(
      loadStatus: useCase.execute, checkUserStatus: userStatus.fetchUserStatus, signIn: signIn,
      logger: logger, locale: locale)
  }

  /// See `PaymentMethodsViewModel.init` for the parameters.
  public init(
    loadStatus: @escaping @Sendable () async throws -> WalletStatus,
    checkUserStatus: @escaping @Sendable () async throws -> UserStatus = { .verified },
    signIn: @escaping @Sendable () async throws -> Void = {},
    flowHandlers: FlowErrorHandlers = .standard,
    logger: any DeveloperLog,
    locale: Locale = .current
  ) {
    self.loader = ScreenLoader(
      fetch: loadStatus,
      presenter: ErrorPresenter(
        activity: .loading("your wallet"), flowHandlers: flowHandlers, logger: logger),
      checkUserStatus: checkUserStatus, signIn: signIn)
    self.locale = locale
  }

  /// Starts loading, cancelling a load still running.
  @discardableResult
  public func load() -> Task<Void, Never> {
    state = .loading
    return loader.load(show: show)
  }

  /// "Sign in": starts a new session, then loads the wallet.
  @discardableResult
  public func signIn() -> Task<Void, Never> {
    state = .loading
    return loader.signIn(show: show)
  }

  /// "Check my status again": re-reads the user's status before anything else, and loads
  /// the wallet only once the status no longer stands in the way.
  @discardableResult
  public func checkStatusAgain() -> Task<Void, Never> {
    state = .loading
    return loader.checkStatusAgain(show: show)
  }

  private func show(_ outcome: ScreenLoader<WalletStatus>.Shown) {
    state =
      switch outcome {
      case .loaded(let status): present(status)
      // The wallet use case has no empty result of its own: a missing wallet is a status.
      case .presented(.empty(let notice)): .noWallet(notice)
      case .presented(.journey(let decision)): .actionRequired(decision)
      case .presented(.failed(let presented)): .failed(presented)
      }
  }

  private func present(_ status: WalletStatus) -> State {
    switch status {
    case .active(let wallet):
      let balance = wallet.spendableBalance.formattedAmount(
        currency: wallet.currency, locale: locale)
      return .active(
        WalletSummary(
          balance: balance, note: wallet.hasFunds ? nil : "Top up your wallet to pay with it."))
    case .missing:
      return .noWallet(
        Notice(
          title: "Create your wallet",
          message: "Keep a balance with us and pay without reaching for a card.",
          hint: "Once you create one, it shows up here."))
    case .banned:
      return .banned(
        Notice(
          title: "Your wallet is suspended",
          message: "You can't pay with your wallet or top it up for now.",
          hint: "Contact support to find out why and what to do next."))
    case .inReview(let review):
      let message =
        switch review {
        case .pending: "We've received your details and will start the review soon."
        case .beingProcessed: "We're reviewing your details right now."
        }
      return .inReview(
        Notice(
          title: "Your wallet is being reviewed",
          message: message,
          hint: "You'll be able to use it as soon as the review is done."))
    }
  }
}
