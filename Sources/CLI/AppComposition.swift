import DataLayer
import DemoBackend
import Domain
import Foundation
import Presentation

/// The composition root: the one place that builds the real object graph, from the stub
/// backend up to the view models.
struct AppComposition {
  /// Amounts are formatted for one fixed locale so that every run, golden file and README
  /// example reads the same; an app would pass the user's locale.
  static let locale = Locale(identifier: "en_US")

  let scenario: Scenario
  let deadline: Duration
  /// The clock, jitter, trace ids and date the whole graph runs on.
  let environment: BackendClient.Environment
  let logger: any DeveloperLog

  @MainActor
  func paymentMethodsViewModel() -> PaymentMethodsViewModel {
    let client = makeClient()
    let useCase = PaymentMethodsUseCase(
      walletRepository: BackendWalletRepository(client: client),
      cardsRepository: BackendCardsRepository(client: client),
      applePayService: DeviceApplePayService(
        device: ScenarioApplePayDevice(scenario: scenario, clock: environment.clock)),
      deadline: deadline,
      clock: environment.clock,
      logger: logger
    )
    return PaymentMethodsViewModel(
      useCase: useCase, userStatus: BackendUserStatusRepository(client: client), logger: logger,
      locale: Self.locale)
  }

  @MainActor
  func walletViewModel() -> WalletViewModel {
    let client = makeClient()
    let useCase = WalletUseCase(
      repository: BackendWalletRepository(client: client),
      deadline: deadline,
      clock: environment.clock
    )
    return WalletViewModel(
      useCase: useCase, userStatus: BackendUserStatusRepository(client: client), logger: logger,
      locale: Self.locale)
  }

  /// One session and one client per screen, shared by its repositories, so that their
  /// requests share one token refresh.
  private func makeClient() -> BackendClient {
    BackendClient(
      backend: ScenarioBackend(scenario: scenario, clock: environment.clock),
      session: Session(
        accessToken: ScenarioBackend.initialAccessToken, refreshToken: ScenarioBackend.refreshToken),
      environment: environment,
      logger: logger)
  }
}
