import Domain
import Foundation
import TestSupport

/// Stand-ins for the three sources: each answers with whatever closure the test gives it.
struct WalletRepositoryStub: WalletRepository {
  let answer: @Sendable () async throws -> Wallet

  func fetchWallet() async throws -> Wallet { try await answer() }

  static func returning(_ wallet: Wallet) -> Self { Self { wallet } }
  static func throwing(_ error: any Error) -> Self { Self { throw error } }
}

struct CardsRepositoryStub: CardsRepository {
  let answer: @Sendable () async throws -> [PaymentCard]

  func fetchCards() async throws -> [PaymentCard] { try await answer() }

  static func returning(_ cards: [PaymentCard]) -> Self { Self { cards } }
  static func throwing(_ error: any Error) -> Self { Self { throw error } }
}

struct ApplePayServiceStub: ApplePayService {
  let answer: @Sendable () async throws -> ApplePay

  func fetchApplePay() async throws -> ApplePay { try await answer() }

  static func returning(_ applePay: ApplePay) -> Self { Self { applePay } }
  static func throwing(_ error: any Error) -> Self { Self { throw error } }
}

/// An error no layer knows, as a third-party SDK might throw.
struct SurpriseError: Error, Equatable {
  let detail: String
}

enum Fixtures {
  static let wallet = Wallet(balance: 42.5, currency: "EUR")
  static let emptyWallet = Wallet(balance: 0, currency: "EUR")
  static let visa = PaymentCard(
    id: "1", brand: "Visa", lastFour: "4242", expiry: CardExpiry(month: 8, year: 2028)!,
    status: .active)
  static let expiredMastercard = PaymentCard(
    id: "2", brand: "Mastercard", lastFour: "4444", expiry: CardExpiry(month: 1, year: 2024)!,
    status: .expired)
  static let applePay = ApplePay(status: .available)

  static func context(_ operation: String = "GET /wallet", traceID: String = "trace-1")
    -> ErrorContext
  {
    ErrorContext(operation: operation, traceID: traceID)
  }

  static func request(_ kind: RequestFailure.Kind, _ operation: String = "GET /wallet")
    -> RequestFailure
  {
    RequestFailure(kind, context: context(operation, traceID: "trace-\(kind.rawValue)"))
  }

  /// A failed wallet request, as the wallet repository throws it.
  static func wallet(_ kind: RequestFailure.Kind) -> RequestFailure {
    request(kind)
  }

  /// A failed cards request, as the cards repository throws it.
  static func cards(_ kind: RequestFailure.Kind) -> RequestFailure {
    request(kind, "GET /cards")
  }
}

/// Builds the use case with every source answering, unless the test says otherwise.
func makeUseCase(
  wallet: WalletRepositoryStub = .returning(Fixtures.wallet),
  cards: CardsRepositoryStub = .returning([Fixtures.visa]),
  applePay: ApplePayServiceStub = .returning(Fixtures.applePay),
  flags: PaymentMethodsFeatureFlags = .allEnabled,
  deadline: Duration = PaymentMethodsUseCase.defaultDeadline,
  clock: any Clock<Duration> = StoppedClock(),
  localCopy: (any LocalCopyStore)? = nil,
  logger: LogSpy = LogSpy()
) -> PaymentMethodsUseCase {
  PaymentMethodsUseCase(
    walletRepository: wallet, cardsRepository: cards, applePayService: applePay,
    flags: flags, deadline: deadline, clock: clock,
    localCopy: localCopy.map { Saved.keeper($0, logger: logger) }, logger: logger)
}
