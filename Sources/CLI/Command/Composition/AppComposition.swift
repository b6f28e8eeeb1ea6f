import DataLayer
import DemoBackend
import Domain
import Foundation
import Presentation

/// The composition root: the one place that builds the real object graph, from the
/// backend up to the view models.
struct AppComposition {

  /// An HTTP request's limits: one second without a byte (a local server answers in
  /// milliseconds, and a stalled request keeps room for a retry inside the screen's 3 s);
  /// five seconds in all, which bounds what no screen deadline does (a sign-in, a refresh).
  /// A write sends nothing while the server makes the change, so one attempt may take half
  /// its use case's 15 s, and its retries the rest (`writeRetries`), as in process.
  static let requestTimeLimits = RequestTimeLimits(
    idle: .seconds(1), whole: .seconds(5), write: RemoveCardUseCase.defaultDeadline / 2)

  /// The retry policy against a server: a write's retries may take its use case's whole
  /// deadline, since each of its attempts may take half of it (`requestTimeLimits`).
  static let writeRetries = RetryPolicy(writeBudget: RemoveCardUseCase.defaultDeadline)

  /// How long the demo's scenarios wait for a bank to approve a card (3-D Secure) before the
  /// app says the bank did not answer: a few seconds, so that the timeout can be watched.
  /// Against a server the app waits the use case's own budget, two minutes
  /// (`WaitForBankApprovalUseCase.defaultBudget`), for a person to find their phone and
  /// approve in their banking app.
  static let demoBankApprovalBudget = Duration.seconds(5)

  /// Who answers the app's requests.
  enum Backend {
    /// The in-process backend and device, playing a scenario.
    case scenario(Scenario)
    /// A server, reached through the given backend; the Apple Pay device stays in
    /// process. `userActed` tells a demo server about the user's recoveries.
    case server(
      any PaymentsBackend, applePay: ApplePayOutcome, tokens: Tokens,
      userActed: @Sendable () async -> Void)
  }

  /// The tokens the session starts with.
  struct Tokens {
    var access: Secret
    var refresh: Secret

    static let demo = Tokens(
      access: ScenarioBackend.initialAccessToken, refresh: ScenarioBackend.refreshToken)
  }

  let deadline: Duration
  /// How long the wait for a bank's approval lasts: the demo's for a scenario, the use
  /// case's for a server, unless `--approval-budget-ms` says otherwise.
  let bankApprovalBudget: Duration
  /// Which budget that is, for the developer log.
  private let bankApprovalBudgetReason: String
  /// The user's: the words' language and the amounts' format (see `UserLocale`).
  let locale: Locale
  /// The clock, jitter, trace ids and date the whole graph runs on.
  let environment: BackendClient.Environment
  /// What the wait for a bank's approval is measured on: the environment's clock, unless a
  /// test plays the requests' time one way and the wait's another.
  let approvalClock: any Clock<Duration>
  let logger: any DeveloperLog
  /// Tells the demo backend that the user performed a recovery (`r`, a journey's button,
  /// saving a card again), so that a scenario's way out is reached by what the user does,
  /// never by how many requests were sent. Demo-only: the app's layers never see it.
  let userActed: @Sendable () async -> Void
  private let applePayDevice: any ApplePayDevice
  /// One backend, one session and one client for the whole app, as in an app: both
  /// screens' requests share one token refresh, and signing in on one screen signs the
  /// user in on the other.
  let client: BackendClient
  /// The user's, for the time of day copied rows were loaded.
  let timeZone: TimeZone?
  /// Where the local copy is kept.
  private(set) var localCopy: any LocalCopyStore
  /// Whose local copy and pending changes the run's are: the person whose session it is
  /// (`userId`). A run that keeps them in memory is the demo user's; one that keeps them on
  /// files learns whose when it starts (`beforeLoading`, then `keep(for:)`).
  private(set) var runPerson: String
  /// Where pending changes are kept, one store for the whole run, shared by every change
  /// and by finishing the last run's (through `changesKeeper()`); nil for a run that keeps
  /// none.
  private(set) var journal: (any PendingChangeStore)?
  /// One change per subject on the wire, for every write the run makes, whichever screen.
  let subjectTurns = SubjectTurns()
  /// Whether the run keeps the local copy or the journal on files, which belong to a person:
  /// then it must learn whose session it has before it reads or writes them.
  let keepsFiles: Bool
  /// Closed when someone other than the run's person signs in: then nothing of the run's
  /// person is shown, written or sent any more.
  let gate = SignedInPersonGate()
  /// The person a scenario's session is, known without asking: the in-process backend is
  /// the demo's, and its user is the demo user. Nil against a server, which is asked.
  let scenarioPerson: String?
  /// Where the local copy and the journal are kept, for the developer log: said when the
  /// run starts (`beforeLoading`).
  let storageNotes: [Storage.Note]

  /// - Parameters:
  ///   - bankApprovalBudget: `--approval-budget-ms`; nil for the backend's own.
  ///   - storage: where the local copy and the journal are kept; by default in memory,
  ///     without a journal.
  init(
    backend: Backend, deadline: Duration, environment: BackendClient.Environment,
    logger: any DeveloperLog, locale: Locale = UserLocale.fallback,
    approvalClock: (any Clock<Duration>)? = nil, bankApprovalBudget: Duration? = nil,
    storage: Storage = Storage(CommandLineOptions(), variables: [:]),
    timeZone: TimeZone? = nil
  ) {
    self.deadline = deadline
    self.locale = locale
    self.timeZone = timeZone
    localCopy = storage.localCopy
    runPerson = storage.person
    journal = storage.journalDirectory.map {
      FilePendingChangeStore(directory: $0, logger: logger)
    }
    keepsFiles = storage.localCopyFiles != nil || storage.journalDirectory != nil
    let known = storage.journalDirectory.map { KnownSessionFiles(directory: $0, logger: logger) }
    storageNotes = storage.notes
    self.environment = environment
    self.approvalClock = approvalClock ?? environment.clock
    self.logger = logger
    let payments: any PaymentsBackend
    let tokens: Tokens
    var policy = RetryPolicy()
    let backendBudget: (duration: Duration, reason: String)
    switch backend {
    case .scenario(let scenario):
      scenarioPerson = ScenarioBackend.demoUserID
      let backend = ScenarioBackend(scenario: scenario, clock: environment.clock)
      payments = backend
      userActed = { await backend.userActed() }
      applePayDevice = ScenarioApplePayDevice(scenario: scenario, clock: environment.clock)
      tokens = .demo
      backendBudget = (Self.demoBankApprovalBudget, "the demo's budget, for a scenario")
    case .server(let server, let applePay, let serverTokens, let tellServer):
      scenarioPerson = nil
      payments = server
      userActed = tellServer
      applePayDevice = ScenarioApplePayDevice(
        outcome: Scripted(applePay, latency: .milliseconds(30)), clock: environment.clock)
      tokens = serverTokens
      policy = Self.writeRetries
      // A person approves in their banking app: the app's budget, whoever the server is.
      backendBudget = (
        WaitForBankApprovalUseCase.defaultBudget, "an app's budget, against a server"
      )
    }
    self.bankApprovalBudget = bankApprovalBudget ?? backendBudget.duration
    bankApprovalBudgetReason =
      bankApprovalBudget == nil ? backendBudget.reason : "--approval-budget-ms"
    self.client = BackendClient(
      backend: payments,
      session: Session(accessToken: tokens.access, refreshToken: tokens.refresh, known: known),
      policy: policy, environment: environment,
      logger: logger)
  }

  /// Makes the run the person's: their local copy and their changes. With no person known
  /// (tokens never seen, and no backend to ask), the run reads and writes nothing on the
  /// device: everything kept there belongs to someone, and it may not be this session.
  mutating func keep(for person: String?) {
    if let person {
      runPerson = person
      localCopy = GatedLocalCopyStore(store: localCopy, gate: gate)
      journal = journal.map { GatedPendingChangeStore(store: $0, gate: gate) }
    } else if keepsFiles {
      localCopy = InMemoryLocalCopyStore()
      journal = nil
      logger.log(
        .info, "whose session this is is not known: the local copy and the journal are not used")
    }
  }

  /// - Parameter finished: what finishing the last run's changes came to, said with the
  ///   first list the view model shows.
  @MainActor
  func paymentMethodsViewModel(telling finished: FinishedChanges? = nil)
    -> PaymentMethodsViewModel
  {
    let useCase = PaymentMethodsUseCase(
      walletRepository: BackendWalletRepository(client: client),
      cardsRepository: BackendCardsRepository(client: client),
      applePayService: DeviceApplePayService(device: applePayDevice),
      deadline: deadline,
      clock: environment.clock,
      localCopy: keeper(),
      logger: logger
    )
    let cards = cardWrites()
    let afterSignIn = SignInAnnouncement()
    let viewModel = PaymentMethodsViewModel(
      useCase: useCase, userStatus: BackendUserStatusRepository(client: client),
      signIn: signIn(announcing: { await afterSignIn.announce($0) }),
      removeCard: RemoveCardUseCase(
        writes: cards, newIdempotencyKey: environment.idempotencyKey, clock: environment.clock,
        logger: logger),
      makeDefault: MakeDefaultUseCase(
        writes: cards, newIdempotencyKey: environment.idempotencyKey, clock: environment.clock),
      logger: logger, locale: locale, words: ResourceBundles.presentation, now: environment.now,
      timeZone: timeZone ?? .current)
    finished.map(viewModel.announce)
    afterSignIn.viewModel = viewModel
    return viewModel
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
      signIn: signIn, logger: logger, locale: locale, words: ResourceBundles.presentation)
  }

  @MainActor
  func addCardViewModel() -> AddCardViewModel {
    let cards = BackendCardsRepository(client: client)
    let useCase = AddCardUseCase(
      saving: CardSavingUpdatingLocalCopy(cards, localCopy: keeper()),
      thisMonth: thisMonth, newIdempotencyKey: environment.idempotencyKey)
    let bankApproval = WaitForBankApprovalUseCase(
      setups: CardSetupsUpdatingLocalCopy(cards, localCopy: keeper()),
      budget: bankApprovalBudget, clock: approvalClock,
      jitter: environment.jitter, logger: logger)
    logger.log(
      .debug,
      "a bank's approval is waited for up to \(LogFormat.milliseconds(bankApprovalBudget)): "
        + bankApprovalBudgetReason)
    // The time waited for the bank is counted on the screen's clock: the one the budget is
    // measured on, unless a test plays the wait's time on a clock of its own.
    return AddCardViewModel(
      useCase: useCase, bankApproval: bankApproval, thisMonth: thisMonth, signIn: signIn,
      logger: logger, locale: locale, words: ResourceBundles.presentation,
      clock: environment.clock)
  }

  /// The form that gives `card` its new expiry.
  @MainActor
  func updateCardViewModel(for card: PaymentCard) -> UpdateCardViewModel {
    let useCase = UpdateCardExpiryUseCase(
      writes: cardWrites(), thisMonth: thisMonth,
      newIdempotencyKey: environment.idempotencyKey, clock: environment.clock)
    return UpdateCardViewModel(
      card: card, useCase: useCase, thisMonth: thisMonth, signIn: signIn, logger: logger,
      locale: locale, words: ResourceBundles.presentation)
  }

  /// The calendar's month now, in UTC: what the forms check an expiry against.
  private var thisMonth: @Sendable () -> CardValidation.Month {
    let now = environment.now
    return {
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
      let parts = calendar.dateComponents([.year, .month], from: now())
      return CardValidation.Month(year: parts.year ?? 2000, month: parts.month ?? 1)
    }
  }
}
