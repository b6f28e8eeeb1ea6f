import DataLayer
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
  let clock: any Clock<Duration>
  let logger: any Logger

  @MainActor
  func paymentMethodsViewModel() -> PaymentMethodsViewModel {
    let backend = ScenarioBackend(scenario: scenario, clock: clock)
    let useCase = PaymentMethodsUseCase(
      walletRepository: BackendWalletRepository(backend: backend),
      cardsRepository: BackendCardsRepository(backend: backend),
      applePayService: DeviceApplePayService(device: backend),
      deadline: deadline,
      clock: clock,
      logger: logger
    )
    return PaymentMethodsViewModel(useCase: useCase, logger: logger, locale: Self.locale)
  }

  @MainActor
  func walletViewModel() -> WalletViewModel {
    let backend = ScenarioBackend(scenario: scenario, clock: clock)
    let useCase = WalletUseCase(
      repository: BackendWalletRepository(backend: backend),
      deadline: deadline,
      clock: clock,
      logger: logger
    )
    return WalletViewModel(useCase: useCase, logger: logger, locale: Self.locale)
  }
}
