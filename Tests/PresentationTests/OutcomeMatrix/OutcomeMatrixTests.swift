import Domain
import Foundation
import Presentation
import TestSupport
import Testing

/// Every combination of what the three sources can do, run through the use case and the
/// view model, and compared with `PolicyOracle`. No wall clock: a source past the deadline
/// suspends until cancelled, and `ImmediateClock` lets the deadline pass at once.
@MainActor
@Suite(
  "Outcome matrix: every combination of the sources against the policy", .timeLimit(.minutes(1)))
struct OutcomeMatrixTests {
  @Test(
    "the payment-methods screen, its log and its deciding failure follow the policy",
    arguments: WalletBehaviour.all)
  func paymentMethodsScreen(wallet: WalletBehaviour) async {
    for cards in CardsBehaviour.all {
      for applePay in ApplePayBehaviour.allCases {
        let expected = PolicyOracle.paymentMethods(wallet, cards, applePay)
        let combination = "wallet \(wallet), cards \(cards), Apple Pay \(applePay)"

        let thrown = await useCaseOutcome(wallet, cards, applePay)
        #expect(thrown.deciding == expected.deciding, "deciding failure: \(combination)")
        if let others = expected.others {
          #expect(thrown.others == others, "other failures: \(combination)")
        }

        let logger = LogSpy()
        let viewModel = PaymentMethodsViewModel(
          loadMethods: makeUseCase(wallet, cards, applePay, logger: logger).execute,
          logger: logger, locale: Locale(identifier: "en_US"))
        await viewModel.load().value

        #expect(Self.screen(of: viewModel.state) == expected.screen, "screen: \(combination)")
        #expect(Self.sourceLevels(logger) == expected.sourceLogLevels, "log: \(combination)")
        #expect(
          logger.entries.filter { $0.metadata[LogMetadataKey.source] == nil }.map(\.level)
            == expected.outcomeLogLevels, "outcome log: \(combination)")
      }
    }
  }

  @Test(
    "the wallet screen and its log follow the policy",
    arguments: WalletBehaviour.all.filter { if case .switchedOff = $0 { false } else { true } })
  func walletScreen(wallet: WalletBehaviour) async {
    let expected = PolicyOracle.walletScreen(wallet)
    let logger = LogSpy()
    let useCase = WalletUseCase(
      repository: ClosureWallet(answer: MatrixSources.wallet(wallet)), clock: Self.clock(wallet))
    let viewModel = WalletViewModel(
      useCase: useCase, userStatus: VerifiedUser(), logger: logger,
      locale: Locale(identifier: "en_US"))

    await viewModel.load().value

    #expect(Self.screen(of: viewModel.state) == expected.screen)
    #expect(logger.entries.map(\.level) == expected.outcomeLogLevels)
  }

  // MARK: - Running one combination

  private func makeUseCase(
    _ wallet: WalletBehaviour, _ cards: CardsBehaviour, _ applePay: ApplePayBehaviour,
    logger: LogSpy
  ) -> PaymentMethodsUseCase {
    let isWalletOff = if case .switchedOff = wallet { true } else { false }
    let pastDeadline =
      if case .pastDeadline = wallet { true } else if case .pastDeadline = cards { true } else {
        false
      }
    return PaymentMethodsUseCase(
      walletRepository: ClosureWallet(answer: MatrixSources.wallet(wallet)),
      cardsRepository: ClosureCards(answer: MatrixSources.cards(cards)),
      applePayService: ClosureApplePay(answer: MatrixSources.applePay(applePay)),
      flags: PaymentMethodsFeatureFlags(
        isWalletEnabled: !isWalletOff, isApplePayEnabled: applePay != .switchedOff),
      // Only a combination with a source past the deadline lets the deadline pass.
      clock: pastDeadline ? ImmediateClock() : StoppedClock(),
      logger: logger)
  }

  private static func clock(_ wallet: WalletBehaviour) -> any Clock<Duration> {
    if case .pastDeadline = wallet { return ImmediateClock() }
    return StoppedClock()
  }

  /// The failures the use case threw, reduced to what the oracle decides.
  private func useCaseOutcome(
    _ wallet: WalletBehaviour, _ cards: CardsBehaviour, _ applePay: ApplePayBehaviour
  ) async -> (deciding: PolicyOracle.Failure?, others: [PolicyOracle.Failure]) {
    do {
      _ = try await makeUseCase(wallet, cards, applePay, logger: LogSpy()).execute()
      return (nil, [])
    } catch let error as PaymentMethodsError {
      return (error.decidingFailure.map(Self.failure), error.otherFailures.map(Self.failure))
    } catch {
      Issue.record("the use case threw \(error), which is not a PaymentMethodsError")
      return (nil, [])
    }
  }

  // MARK: - Reducing what happened to what the oracle speaks of

  private static func failure(_ failure: SourceFailure) -> PolicyOracle.Failure {
    let what: PolicyOracle.Failure.What =
      switch failure.reason {
      case .requestFailed(let request): .request(request.kind)
      case .deadlineExceeded: .pastDeadline
      // A CancellationError nobody asked for is not among the behaviours: flag it.
      case .cancelledBelow, .unknown: .unknown
      }
    return PolicyOracle.Failure(source: failure.source, what: what)
  }

  private static func sourceLevels(_ logger: LogSpy) -> [String: [LogLevel]] {
    var levels: [String: [LogLevel]] = [:]
    for entry in logger.entries {
      guard let source = entry.metadata[LogMetadataKey.source] else { continue }
      levels[source, default: []].append(entry.level)
    }
    return levels
  }

  private static func screen(of state: PaymentMethodsViewModel.State) -> PolicyOracle.Screen {
    switch state {
    case .loading: .loading
    case .loaded(let methods):
      .loaded(methods.rows.map { PolicyOracle.Row(id: $0.id, isSelectable: $0.isSelectable) })
    case .empty(let notice): .empty(notice.title)
    case .failed(let error): .failed(error.title, error.category, error.recovery, error.traceID)
    case .journey(let decision):
      .journey(decision.journey, decision.recovery, decision.traceID)
    }
  }

  private static func screen(of state: WalletViewModel.State) -> PolicyOracle.Screen {
    switch state {
    case .loading: .loading
    case .active(let summary): .wallet(.active(hasNote: summary.note != nil))
    case .noWallet: .wallet(.noWallet)
    case .banned: .wallet(.banned)
    case .inReview: .wallet(.inReview)
    case .failed(let error): .failed(error.title, error.category, error.recovery, error.traceID)
    case .journey(let decision):
      .journey(decision.journey, decision.recovery, decision.traceID)
    }
  }
}

/// The user's status, for "check my status again", which the matrix never presses.
private struct VerifiedUser: UserStatusRepository {
  func fetchUserStatus() async throws -> UserStatus { .verified }
}
