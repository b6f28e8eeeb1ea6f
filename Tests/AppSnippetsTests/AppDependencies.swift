import DataLayer
import Domain
import Foundation
import Presentation
import URLSessionBackend

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// The code of docs/IOS.md, compiled and run by this test target: each block between
// "snippet:" and "end snippet" is in that document word for word (DocSnippetTests checks).

// snippet: composition
/// The app's composition root: one backend, one session and one client for the whole app,
/// so that every screen's requests share one token refresh and one sign-in.
struct AppDependencies {
  let client: BackendClient
  let logger: any DeveloperLog
  let device: any ApplePayDevice
  /// The user's, as iOS gives it to an app localized in the same languages as the
  /// Presentation layer: its language picks the words, its region formats the amounts.
  let locale: Locale

  /// - Parameter tokens: the app's token store's, read from the Keychain at launch.
  init(
    baseURL: URL, tokens: (access: Secret, refresh: Secret), device: any ApplePayDevice,
    logger: any DeveloperLog, locale: Locale = .current
  ) {
    let configuration = URLSessionConfiguration.ephemeral
    // The server's own words (a field it refused, an issuer's reason) in the user's
    // language where it has them, for the developer log (ERRORS.md, "Their own words").
    configuration.httpAdditionalHeaders = ["Accept-Language": locale.identifier(.bcp47)]
    let backend = URLSessionPaymentsBackend(
      baseURL: baseURL, configuration: configuration, requestTimeout: .seconds(15),
      requestDeadline: .seconds(30))
    client = BackendClient(
      backend: backend,
      session: Session(accessToken: tokens.access, refreshToken: tokens.refresh),
      logger: logger)
    self.logger = logger
    self.device = device
    self.locale = locale
  }

  /// The app-level handlers every screen shares: the errors that send the user on a
  /// journey are decided here once, whichever screen meets them. An app adds its own
  /// handler in front of the standard ones to route a journey differently.
  let journeyHandlers = JourneyHandlers(
    Journey.allCases.map(StandardJourneyHandler.init))

  /// - Parameter signIn: the app's sign-in: shows its form, then calls `client.signIn`.
  @MainActor
  func paymentMethodsViewModel(signIn: @escaping @Sendable () async throws -> Void)
    -> PaymentMethodsViewModel
  {
    let useCase = PaymentMethodsUseCase(
      walletRepository: BackendWalletRepository(client: client),
      cardsRepository: BackendCardsRepository(client: client),
      applePayService: DeviceApplePayService(device: device),
      logger: logger)
    let userStatus = BackendUserStatusRepository(client: client)
    return PaymentMethodsViewModel(
      loadMethods: useCase.execute, refreshMethods: useCase.refresh,
      checkUserStatus: userStatus.fetchUserStatus, signIn: signIn,
      journeyHandlers: journeyHandlers, logger: logger, locale: locale)
  }
}
// end snippet

// snippet: localCopy
extension AppDependencies {
  /// The list as the person last saw it, for when they are offline: one keeper of their
  /// local copy, shared by the load and by every write to a saved card, so that a card the
  /// backend removed leaves the copy too.
  ///
  /// - Parameters:
  ///   - person: whose session this is, as the backend names them
  ///     (`client.signedInPerson()`): one person's copy is never shown to another.
  ///   - folder: the app's caches folder.
  @MainActor
  func paymentMethodsViewModel(
    of person: String, keepingIn folder: URL,
    signIn: @escaping @Sendable () async throws -> Void
  ) -> PaymentMethodsViewModel {
    let localCopy = LocalCopyKeeper(
      store: FileLocalCopyStore(directory: folder), person: person, now: Date.init,
      logger: logger)
    let useCase = PaymentMethodsUseCase(
      walletRepository: BackendWalletRepository(client: client),
      cardsRepository: BackendCardsRepository(client: client),
      applePayService: DeviceApplePayService(device: device),
      localCopy: localCopy, logger: logger)
    let cards = CardWritesUpdatingLocalCopy(
      BackendCardsRepository(client: client), localCopy: localCopy)
    return PaymentMethodsViewModel(
      useCase: useCase, userStatus: BackendUserStatusRepository(client: client),
      signIn: signIn,
      removeCard: RemoveCardUseCase(
        writes: cards, newIdempotencyKey: { UUID().uuidString }, logger: logger),
      makeDefault: MakeDefaultUseCase(writes: cards, newIdempotencyKey: { UUID().uuidString }),
      journeyHandlers: journeyHandlers, logger: logger, locale: locale)
  }
}
// end snippet
