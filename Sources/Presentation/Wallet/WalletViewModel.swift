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
    case journey(PresentedJourney)
  }

  public struct WalletSummary: Sendable, Equatable {
    /// The wallet as the payment-methods list shows it: its balance, its label.
    public var row: PaymentMethodRow
    /// Advice for a wallet that cannot pay yet, such as one with nothing in it.
    public var note: String?

    public init(row: PaymentMethodRow, note: String? = nil) {
      self.row = row
      self.note = note
    }
  }

  public private(set) var state: State = .loading

  @ObservationIgnored private let loader: ScreenLoader<WalletStatus, State>
  @ObservationIgnored private let locale: Locale
  @ObservationIgnored private let words: Phrasebook

  public convenience init(
    useCase: WalletUseCase, userStatus: any UserStatusRepository,
    signIn: @escaping @Sendable () async throws -> Void = {}, logger: any DeveloperLog,
    locale: Locale = .current, words: Phrasebook.Source = .presentation
  ) {
    self.init(
      loadStatus: useCase.execute, checkUserStatus: userStatus.fetchUserStatus, signIn: signIn,
      logger: logger, locale: locale, words: words)
  }

  /// See `PaymentMethodsViewModel.init` for the parameters.
  public init(
    loadStatus: @escaping @Sendable () async throws -> WalletStatus,
    checkUserStatus: @escaping @Sendable () async throws -> UserStatus = { .verified },
    signIn: @escaping @Sendable () async throws -> Void = {},
    journeyHandlers: JourneyHandlers = .standard,
    logger: any DeveloperLog,
    locale: Locale = .current, words source: Phrasebook.Source = .presentation
  ) {
    let words = Phrasebook.presentation(locale, from: source)
    self.loader = ScreenLoader(
      fetch: loadStatus, objectKey: "object.wallet", checkUserStatus: checkUserStatus,
      signIn: signIn, journeyHandlers: journeyHandlers, logger: logger, words: words)
    self.locale = locale
    self.words = words
  }

  /// Starts loading, cancelling a load still running.
  @discardableResult
  public func load() -> Task<Void, Never> { loader.start(.load, loaded: present, show: show) }

  /// "Sign in": starts a new session, then loads the wallet.
  @discardableResult
  public func signIn() -> Task<Void, Never> { loader.start(.signIn, loaded: present, show: show) }

  /// "Check my status again": re-reads the user's status before anything else, and loads
  /// the wallet only once the status no longer stands in the way.
  @discardableResult
  public func checkStatusAgain() -> Task<Void, Never> {
    loader.start(.checkStatusAgain, loaded: present, show: show)
  }

  private func show(_ shown: State) { state = shown }

  private func present(_ status: WalletStatus) -> State {
    switch status {
    case .active(let wallet):
      let row = PaymentMethodRow(.wallet(wallet), words: words, locale: locale)
      return .active(WalletSummary(row: row, note: wallet.hasFunds ? nil : words["wallet.topUp"]))
    case .missing:
      return .noWallet(
        Notice(
          title: words["wallet.create.title"], message: words["wallet.create.message"],
          hint: words["wallet.create.hint"], words: words))
    case .banned:
      return .banned(
        Notice(
          title: words["wallet.banned.title"], message: words["wallet.banned.message"],
          hint: words["wallet.banned.hint"], words: words))
    case .inReview(let review):
      let message =
        switch review {
        case .pending: words["wallet.review.pending"]
        case .beingProcessed: words["wallet.review.processing"]
        }
      return .inReview(
        Notice(
          title: words["wallet.review.title"], message: message,
          hint: words["wallet.review.hint"], words: words))
    }
  }
}

extension WalletViewModel.State: LoadingScreenState {}
