/// Gathers the methods the user can pay with, from the wallet, the saved cards and Apple Pay.
///
/// This is the layer that decides which source errors matter on this screen:
/// - absence (no wallet, no cards, Apple Pay not on this device) is an answer: skipped,
///   logged at debug;
/// - a wallet that is banned, in review or empty is skipped here, logged at info;
/// - a failure (a request failure, past the deadline, unknown) is skipped, and logged, only while
///   something else can be shown;
/// - a failure that changes the user's flow (session ended, account not verified or locked,
///   app outdated) is never skipped: it throws `flowInterrupted`;
/// - with nothing to show, it throws `noPaymentMethodsFound` if every source answered, and
///   `couldNotLoad` if any failed.
public struct PaymentMethodsUseCase: Sendable {
  public static let defaultDeadline: Duration = .seconds(3)

  private let walletRepository: any WalletRepository
  private let cardsRepository: any CardsRepository
  private let applePayService: any ApplePayService
  private let flags: PaymentMethodsFeatureFlags
  private let deadline: SourceDeadline
  private let logger: any DeveloperLog

  /// - Parameters:
  ///   - deadline: how long each source may take; a source past it counts as failed.
  ///   - clock: measures the deadline; tests pass a clock they control.
  public init(
    walletRepository: any WalletRepository,
    cardsRepository: any CardsRepository,
    applePayService: any ApplePayService,
    flags: PaymentMethodsFeatureFlags = .allEnabled,
    deadline: Duration = defaultDeadline,
    clock: any Clock<Duration> = ContinuousClock(),
    logger: any DeveloperLog
  ) {
    self.walletRepository = walletRepository
    self.cardsRepository = cardsRepository
    self.applePayService = applePayService
    self.flags = flags
    self.deadline = SourceDeadline(duration: deadline, clock: clock)
    self.logger = logger
  }

  /// The methods in a fixed order (wallet, cards, Apple Pay), however the sources finish.
  ///
  /// Throws `PaymentMethodsError`, or `CancellationError` when the caller went away.
  public func execute() async throws -> [PaymentMethod] {
    async let wallet = fetchWallet()
    async let cards = deadline.run { [cardsRepository] in try await cardsRepository.fetchCards() }
    async let applePay = fetchApplePay()
    let outcomes = await (wallet, cards, applePay)

    // A cancelled load is nobody's failure: leave before any policy runs or anything is logged.
    try Task.checkCancellation()

    let verdicts = [
      walletVerdict(outcomes.0),
      cardsVerdict(outcomes.1),
      applePayVerdict(outcomes.2),
    ]
    let methods = verdicts.flatMap(\.methods)
    var failures = verdicts.compactMap(\.failure)

    if let blocking = failures.firstIndex(where: { $0.recovery.changesFlow }) {
      let failure = failures.remove(at: blocking)
      failures.forEach(logSkipped)
      throw PaymentMethodsError.flowInterrupted(failure)
    }
    guard methods.isEmpty else {
      failures.forEach(logSkipped)
      return methods
    }
    guard failures.isEmpty else { throw PaymentMethodsError.couldNotLoad(failures) }
    throw PaymentMethodsError.noPaymentMethodsFound
  }

  // MARK: - Calling the sources

  /// nil when the wallet is switched off.
  private func fetchWallet() async -> Result<Wallet, any Error>? {
    guard flags.isWalletEnabled else { return nil }
    return await deadline.run { [walletRepository] in try await walletRepository.fetchWallet() }
  }

  /// nil when Apple Pay is switched off.
  private func fetchApplePay() async -> Result<ApplePay, any Error>? {
    guard flags.isApplePayEnabled else { return nil }
    return await deadline.run { [applePayService] in try await applePayService.fetchApplePay() }
  }

  // MARK: - The policy, one source at a time

  /// What one source contributes to the screen.
  private enum Verdict {
    case show([PaymentMethod])
    case skip
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

  private func walletVerdict(_ outcome: Result<Wallet, any Error>?) -> Verdict {
    switch outcome {
    case nil:
      logSkip(.debug, .wallet, "wallet is switched off by a feature flag")
    case .success(let wallet) where !wallet.hasFunds:
      logSkip(.info, .wallet, "wallet has no funds")
    case .success(let wallet):
      .show([.wallet(wallet)])
    case .failure(let error as WalletRepositoryError):
      // Every case is decided here, so a new one cannot slip through unnoticed.
      switch error {
      case .noWalletFound:
        logSkip(.debug, .wallet, "user has no wallet", error: error)
      case .banned, .inReview:
        // The wallet exists but cannot pay; the wallet screen is where that is explained.
        logSkip(.info, .wallet, "wallet cannot pay right now", error: error)
      case .requestFailed(let failure):
        .fail(SourceFailure(source: .wallet, reason: .requestFailed(failure)))
      }
    case .failure(let error):
      .fail(SourceFailure(source: .wallet, error: error))
    }
  }

  private func cardsVerdict(_ outcome: Result<[PaymentCard], any Error>) -> Verdict {
    switch outcome {
    case .success(let cards) where cards.isEmpty:
      logSkip(.debug, .cards, "user has no saved cards")
    case .success(let cards):
      .show(cards.map(PaymentMethod.card))
    case .failure(let error):
      .fail(SourceFailure(source: .cards, error: error))
    }
  }

  private func applePayVerdict(_ outcome: Result<ApplePay, any Error>?) -> Verdict {
    switch outcome {
    case nil:
      logSkip(.debug, .applePay, "Apple Pay is switched off by a feature flag")
    case .success(let applePay):
      .show([.applePay(applePay)])
    case .failure(let error as ApplePayServiceError):
      logSkip(.debug, .applePay, "Apple Pay is not available on this device", error: error)
    case .failure(let error):
      .fail(SourceFailure(source: .applePay, error: error))
    }
  }

  // MARK: - Logging what was swallowed

  private func logSkip(
    _ level: LogLevel, _ source: PaymentSource, _ why: String, error: (any Error)? = nil
  ) -> Verdict {
    var metadata = [LogMetadataKey.source: source.rawValue]
    if let error {
      metadata[LogMetadataKey.error] = ErrorChain(error).description
      metadata[LogMetadataKey.traceID] = ErrorChain(error).traceID
    }
    logger.log(level, "skipped \(source.rawValue): \(why)", metadata: metadata)
    return .skip
  }

  /// A failure swallowed because other methods can still be shown. Unknown errors are logged
  /// as errors, with the original error, since they point at a bug.
  private func logSkipped(_ failure: SourceFailure) {
    var metadata = [
      LogMetadataKey.source: failure.source.rawValue,
      LogMetadataKey.error: ErrorChain(failure).description,
    ]
    metadata[LogMetadataKey.traceID] = ErrorChain(failure).traceID
    logger.log(
      failure.isUnknown ? .error : .warning,
      "skipped \(failure.source.rawValue) after a failure (\(failure.reason))",
      metadata: metadata)
  }
}
