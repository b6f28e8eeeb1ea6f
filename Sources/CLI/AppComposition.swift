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
  /// One backend, one session and one client for the whole app, as in an app: both
  /// screens' requests share one token refresh, and signing in on one screen signs the
  /// user in on the other.
  private let client: BackendClient

  init(
    scenario: Scenario, deadline: Duration, environment: BackendClient.Environment,
    logger: any DeveloperLog
  ) {
    self.scenario = scenario
    self.deadline = deadline
    self.environment = environment
    self.logger = logger
    self.client = BackendClient(
      backend: ScenarioBackend(scenario: scenario, clock: environment.clock),
      session: Session(
        accessToken: ScenarioBackend.initialAccessToken, refreshToken: ScenarioBackend.refreshToken),
      environment: environment,
      logger: logger)
  }

  @MainActor
  func paymentMethodsViewModel() -> PaymentMethodsViewModel {
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
      useCase: useCase, userStatus: BackendUserStatusRepository(client: client),
      signIn: signIn, logger: logger, locale: Self.locale)
  }

  @MainActor
  func walletViewModel() -> WalletViewModel {
    let useCase = WalletUseCase(
      repository: BackendWalletRepository(client: client),
      deadline: deadline,
      clock: environment.clock
    )
    return WalletViewModel(
      useCase: useCase, userStatus: BackendUserStatusRepository(client: client),
      signIn: signIn, logger: logger, locale: Self.locale)
  }

  @MainActor
  func addCardViewModel() -> AddCardViewModel {
    let now = environment.now
    let thisMonth: @Sendable () -> CardValidation.Month = {
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
      let parts = calendar.dateComponents([.year, .month], from: now())
      return CardValidation.Month(year: parts.year ?? 2000, month: parts.month ?? 1)
    }
    let useCase = AddCardUseCase(
      saving: BackendCardsRepository(client: client), thisMonth: thisMonth,
      newIdempotencyKey: environment.idempotencyKey)
    return AddCardViewModel(
      useCase: useCase, thisMonth: thisMonth, signIn: signIn, logger: logger, locale: Self.locale)
  }

  /// Signing in, as the sign-in screen of an app would after the user typed: here always
  /// the demo user, and the scenario decides whether the backend accepts.
  private var signIn: @Sendable () async throws -> Void {
    { [client] in
      try await client.signIn(
        username: ScenarioBackend.demoUsername, password: ScenarioBackend.demoPassword)
    }
  }
}
