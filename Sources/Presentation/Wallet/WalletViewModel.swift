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

  @ObservationIgnored private let loadStatus: @Sendable () async throws -> WalletStatus
  @ObservationIgnored private let logger: any Logger
  @ObservationIgnored private let locale: Locale
  @ObservationIgnored private let loads = LatestLoad()

  public convenience init(useCase: WalletUseCase, logger: any Logger, locale: Locale = .current) {
    self.init(loadStatus: useCase.execute, logger: logger, locale: locale)
  }

  public init(
    loadStatus: @escaping @Sendable () async throws -> WalletStatus,
    logger: any Logger,
    locale: Locale = .current
  ) {
    self.loadStatus = loadStatus
    self.logger = logger
    self.locale = locale
  }

  /// Starts loading, cancelling a load still running.
  @discardableResult
  public func load() -> Task<Void, Never> {
    state = .loading
    return loads.start { await self.runLoad() }
  }

  private func runLoad() async {
    do {
      let status = try await loadStatus()
      guard !Task.isCancelled else { return }
      state = present(status)
    } catch {
      guard !Task.isCancelled, !(error is CancellationError) else { return }
      state = .failed(present(error))
    }
  }

  private func present(_ status: WalletStatus) -> State {
    switch status {
    case .active(let wallet):
      let balance = wallet.balance.formattedAmount(currency: wallet.currency, locale: locale)
      return .active(
        WalletSummary(
          balance: balance, note: wallet.hasFunds ? nil : "Top up your wallet to pay with it."))
    case .missing:
      return .noWallet(
        Notice(
          title: "Create your wallet",
          message: "Keep a balance with us and pay without reaching for a card.",
          hint: "Choose Create wallet to set one up in a minute."))
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

  private func present(_ error: any Error) -> PresentationError {
    switch error {
    case WalletError.couldNotLoad(let failure):
      logger.log(
        failure.isUnknown ? .error : .warning, "showing the wallet could-not-load error",
        metadata: [
          LogMetadataKey.source: failure.source.rawValue,
          LogMetadataKey.error: failure.reason.description,
        ])
      return PresentationError(
        title: "Couldn't load your wallet",
        message: "We couldn't reach our servers to get your wallet.",
        hint: "Check your connection and try again.")
    default:
      logger.log(
        .error, "showing the default error for an error nobody handled",
        metadata: [LogMetadataKey.error: String(reflecting: error)])
      return .somethingWentWrong
    }
  }
}
