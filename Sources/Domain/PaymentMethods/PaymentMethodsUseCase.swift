/// Gathers the methods the user can pay with, from the wallet, the saved cards and Apple Pay.
///
/// This is the layer that decides which source errors matter on this screen:
/// - absence (no wallet, no cards, Apple Pay not on this device) is an answer: skipped,
///   logged at debug;
/// - a wallet that is banned, in review or without funds is skipped here, logged at info;
/// - a failure (a request failure, past the deadline, cancelled below, unknown) is returned
///   beside the methods while something else can be shown, for the screen to say what
///   could not load: it is not skipped, so it is not logged here;
/// - a failure with a journey (session ended, account not verified or locked, app
///   outdated) is never returned: the sources still running are cancelled and it throws
///   `needsJourney` at once, logging nothing as skipped;
/// - with nothing to show, it throws `noPaymentMethodsFound` if every source answered; if
///   any failed, `execute()` throws `couldNotLoad`, and `refresh()` returns the failures.
public struct PaymentMethodsUseCase: Sendable {
  public static let defaultDeadline: Duration = .seconds(3)

  private let walletRepository: any WalletRepository
  private let cardsRepository: any CardsRepository
  private let applePayService: any ApplePayService
  private let flags: PaymentMethodsFeatureFlags
  private let deadline: Deadline
  private let localCopy: LocalCopyKeeper?
  private let logger: any DeveloperLog

  /// With a `LocalCopyKeeper`, a load also keeps the last list and shows its copied rows
  /// beside a failure that trying again may fix (`+LocalCopy.swift`, docs/ERRORS.md).
  ///
  /// - Parameters:
  ///   - deadline: how long the sources may take; a source past it counts as failed.
  ///   - clock: measures the deadline; tests pass a clock they control.
  ///   - localCopy: the person's local copy, where the last list is kept; nil keeps
  ///     nothing.
  public init(
    walletRepository: any WalletRepository,
    cardsRepository: any CardsRepository,
    applePayService: any ApplePayService,
    flags: PaymentMethodsFeatureFlags = .allEnabled,
    deadline: Duration = defaultDeadline,
    clock: any Clock<Duration> = ContinuousClock(),
    localCopy: LocalCopyKeeper? = nil,
    logger: any DeveloperLog
  ) {
    self.walletRepository = walletRepository
    self.cardsRepository = cardsRepository
    self.applePayService = applePayService
    self.flags = flags
    self.deadline = Deadline(deadline, clock: clock)
    self.localCopy = localCopy
    self.logger = logger
  }

  /// The methods in a fixed order (wallet, cards, Apple Pay), however the sources finish,
  /// and the sources that failed: the screen's first load.
  ///
  /// Throws `PaymentMethodsError`, or `CancellationError` when the caller went away.
  public func execute() async throws -> PaymentMethodList {
    let list = try await refresh()
    guard list.methods.isEmpty, let deciding = Self.decidingFailure(list.failures) else {
      return list
    }
    throw PaymentMethodsError.couldNotLoad(
      deciding, alsoFailed: list.failures.filter { $0.source != deciding.source })
  }

  /// A load beside a list already on screen: as `execute()`, except that when nothing can
  /// be shown because sources failed, it returns those failures with no methods, for the
  /// screen to keep its list and say what failed this time.
  ///
  /// Throws `PaymentMethodsError` (`needsJourney`, `noPaymentMethodsFound`), or
  /// `CancellationError` when the caller went away.
  public func refresh() async throws -> PaymentMethodList {
    var contributions: [PaymentSource: Contribution] = [:]
    var answers: [PaymentSource: CopiedAnswer] = [:]
    await deadline.callSideBySide(enabledCalls()) { source, outcome in
      let (contribution, kept) = Self.contribution(source, outcome)
      contributions[source] = contribution
      answers[source] = kept
      // Nothing the other sources answer can change where the user has to go.
      return contribution.failure?.journey == nil
    }

    // A cancelled load is nobody's failure: leave before any policy runs or anything is logged.
    try Task.checkCancellation()

    let inOrder = PaymentSource.allCases.compactMap { source in
      contributions[source] ?? switchedOff(source)
    }
    let failures = inOrder.compactMap(\.failure)
    // Of two journeys that arrived together, the first in source order decides.
    if let journey = failures.first(where: { $0.journey != nil }) {
      await localCopy?.forget()
      throw PaymentMethodsError.needsJourney(
        journey, alsoFailed: failures.filter { $0.source != journey.source })
    }

    var copied: [PaymentSource: CopiedRows] = [:]
    if let localCopy {
      copied = try await Self.remember(answers, failures: failures, in: localCopy, logger: logger)
    }
    inOrder.forEach(logSkip)
    let methods = PaymentSource.allCases.flatMap { source in
      (contributions[source]?.methods ?? []) + (copied[source]?.methods ?? [])
    }
    guard !methods.isEmpty || !failures.isEmpty else {
      throw PaymentMethodsError.noPaymentMethodsFound
    }
    return PaymentMethodList(
      methods: methods, failures: failures, copiedAsOf: copied.mapValues(\.loadedAt))
  }

  // MARK: - Calling the sources

  enum Fetched: Sendable {
    case wallet(Wallet)
    case cards([PaymentCard])
    case applePay(ApplePay)
  }

  private typealias SourceCall = (key: PaymentSource, call: @Sendable () async throws -> Fetched)

  /// The calls to make; a source switched off by a flag is not called at all.
  private func enabledCalls() -> [SourceCall] {
    let (wallet, cards, applePay) = (walletRepository, cardsRepository, applePayService)
    var calls: [SourceCall] = []
    if flags.isWalletEnabled {
      calls.append((.wallet, { .wallet(try await wallet.fetchWallet()) }))
    }
    calls.append((.cards, { .cards(try await cards.fetchCards()) }))
    if flags.isApplePayEnabled {
      calls.append((.applePay, { .applePay(try await applePay.fetchApplePay()) }))
    }
    return calls
  }

  private func switchedOff(_ source: PaymentSource) -> Contribution? {
    switch source {
    case .wallet where !flags.isWalletEnabled:
      .skip(.debug, .wallet, "wallet is switched off by a feature flag", nil)
    case .applePay where !flags.isApplePayEnabled:
      .skip(.debug, .applePay, "Apple Pay is switched off by a feature flag", nil)
    default:
      nil
    }
  }

  // MARK: - The policy, one source at a time

  /// What one source contributes to the screen. Skips are logged only once the load is
  /// decided, so that a load that ends in a journey logs nothing as skipped.
  enum Contribution {
    case show([PaymentMethod])
    case skip(LogLevel, PaymentSource, String, (any Error)?)
    case fail(SourceFailure)

    var methods: [PaymentMethod] {
      if case .show(let methods) = self { return methods }
      return []
    }

    var failure: SourceFailure? {
      if case .fail(let failure) = self { return failure }
      return nil
    }
  }

  /// What one source contributes to the screen, and what the local copy keeps of its
  /// answer (absence included; nothing of a failure, nor of Apple Pay, the device's
  /// answer): both decided in this one exhaustive switch, so a new case cannot slip
  /// through either.
  static func contribution(_ source: PaymentSource, _ outcome: Result<Fetched, any Error>)
    -> (shows: Contribution, kept: CopiedAnswer?)
  {
    switch outcome {
    case .success(.wallet(let wallet)) where !wallet.hasFunds:
      (.skip(.info, .wallet, "wallet has no funds", nil), .wallet(nil))
    case .success(.wallet(let wallet)):
      (.show([.wallet(wallet)]), .wallet(wallet))
    case .success(.cards(let cards)) where cards.isEmpty:
      (.skip(.debug, .cards, "user has no saved cards", nil), .cards([]))
    case .success(.cards(let cards)):
      (.show(cards.map(PaymentMethod.card)), .cards(cards))
    case .success(.applePay(let applePay)):
      (.show([.applePay(applePay)]), nil)
    case .failure(let error as WalletRepositoryError):
      switch error {
      case .noWalletFound:
        (.skip(.debug, .wallet, "user has no wallet", error), .wallet(nil))
      case .banned, .inReview:
        // The wallet exists but cannot pay; the wallet screen is where that is explained.
        (.skip(.info, .wallet, "wallet cannot pay right now", error), .wallet(nil))
      }
    case .failure(let error as ApplePayServiceError):
      (.skip(.debug, .applePay, "Apple Pay is not available on this device", error), nil)
    case .failure(let error):
      (.fail(SourceFailure(source: source, error: error)), nil)
    }
  }

  /// The failure the user hears about: the first, in source order, that trying again can
  /// help with; otherwise the first.
  private static func decidingFailure(_ failures: [SourceFailure]) -> SourceFailure? {
    failures.first { $0.recovery.isRetry } ?? failures.first
  }

  // MARK: - Logging what was swallowed

  private func logSkip(_ contribution: Contribution) {
    guard case .skip(let level, let source, let why, let error) = contribution else { return }
    var metadata = error.map { ErrorChain($0).logMetadata } ?? [:]
    metadata[LogMetadataKey.source] = source.rawValue
    logger.log(level, "skipped \(source.rawValue): \(why)", metadata: metadata)
  }
}
