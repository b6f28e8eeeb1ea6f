import Domain
import Foundation
import TestSupport

/// What the wallet source can do, every case the README's policy names.
enum WalletBehaviour: Sendable, CustomStringConvertible {
  case ok, noFunds, notFound, banned, inReview
  case fails(RequestFailure.Kind)
  case pastDeadline, unknown, switchedOff

  static let all: [Self] =
    [.ok, .noFunds, .notFound, .banned, .inReview]
    + RequestFailure.Kind.allCases.map(Self.fails) + [.pastDeadline, .unknown, .switchedOff]

  var description: String {
    switch self {
    case .ok: "ok"
    case .noFunds: "noFunds"
    case .notFound: "notFound"
    case .banned: "banned"
    case .inReview: "inReview"
    case .fails(let kind): "fails(\(kind.rawValue))"
    case .pastDeadline: "pastDeadline"
    case .unknown: "unknown"
    case .switchedOff: "switchedOff"
    }
  }
}

/// What the cards source can do.
enum CardsBehaviour: Sendable, CustomStringConvertible {
  case ok, none, onlyRejected
  case fails(RequestFailure.Kind)
  case pastDeadline, unknown

  static let all: [Self] =
    [.ok, .none, .onlyRejected] + RequestFailure.Kind.allCases.map(Self.fails)
    + [.pastDeadline, .unknown]

  var description: String {
    switch self {
    case .ok: "ok"
    case .none: "none"
    case .onlyRejected: "onlyRejected"
    case .fails(let kind): "fails(\(kind.rawValue))"
    case .pastDeadline: "pastDeadline"
    case .unknown: "unknown"
    }
  }
}

/// What the Apple Pay service can do.
enum ApplePayBehaviour: Sendable, CaseIterable {
  case available, needsSetup, notAvailable, unknown, switchedOff
}

/// An error no layer knows.
struct MatrixSurprise: Error {}

/// The stand-ins that play a behaviour. Each failure carries a trace id naming its source
/// and kind, so that the screen shows which failure decided it.
enum MatrixSources {
  static let visa = PaymentCard(
    id: "visa", brand: "Visa", lastFour: "4242", expiry: CardExpiry(month: 8, year: 2028)!,
    status: .active)
  static let rejected = [
    PaymentCard(
      id: "blocked", brand: "Visa", lastFour: "0001", expiry: CardExpiry(month: 8, year: 2028)!,
      status: .active, decline: IssuerDecline(reason: .blocked)),
    PaymentCard(
      id: "refused", brand: "Amex", lastFour: "0002", expiry: CardExpiry(month: 9, year: 2029)!,
      status: .active, decline: IssuerDecline(reason: .expired, message: "Card refused")),
  ]

  static func traceID(_ source: PaymentSource, _ kind: RequestFailure.Kind) -> String {
    "\(source.rawValue)-\(kind.rawValue)"
  }

  static func failure(_ source: PaymentSource, _ kind: RequestFailure.Kind) -> RequestFailure {
    RequestFailure(
      kind, context: ErrorContext(operation: source.rawValue, traceID: traceID(source, kind)))
  }

  static func wallet(_ behaviour: WalletBehaviour) -> @Sendable () async throws -> Wallet {
    let context = ErrorContext(operation: "GET /wallet", traceID: "wallet-answer")
    return {
      switch behaviour {
      case .ok, .switchedOff: return Wallet(balance: 10, currency: "EUR")
      case .noFunds: return Wallet(balance: 0, currency: "EUR")
      case .notFound: throw WalletRepositoryError.noWalletFound(context)
      case .banned: throw WalletRepositoryError.banned(context)
      case .inReview: throw WalletRepositoryError.inReview(.pending, context)
      case .fails(let kind): throw failure(.wallet, kind)
      case .pastDeadline:
        try await suspendUntilCancelled()
        return Wallet(balance: 10, currency: "EUR")
      case .unknown: throw MatrixSurprise()
      }
    }
  }

  static func cards(_ behaviour: CardsBehaviour) -> @Sendable () async throws -> [PaymentCard] {
    {
      switch behaviour {
      case .ok: return [visa]
      case .none: return []
      case .onlyRejected: return rejected
      case .fails(let kind): throw failure(.cards, kind)
      case .pastDeadline:
        try await suspendUntilCancelled()
        return [visa]
      case .unknown: throw MatrixSurprise()
      }
    }
  }

  static func applePay(_ behaviour: ApplePayBehaviour) -> @Sendable () async throws -> ApplePay {
    {
      switch behaviour {
      case .available, .switchedOff: return ApplePay(status: .available)
      case .needsSetup: return ApplePay(status: .needsSetup)
      case .notAvailable: throw ApplePayServiceError.serviceNotAvailable
      case .unknown: throw MatrixSurprise()
      }
    }
  }
}

struct ClosureWallet: WalletRepository {
  let answer: @Sendable () async throws -> Wallet
  func fetchWallet() async throws -> Wallet { try await answer() }
}

struct ClosureCards: CardsRepository {
  let answer: @Sendable () async throws -> [PaymentCard]
  func fetchCards() async throws -> [PaymentCard] { try await answer() }
}

struct ClosureApplePay: ApplePayService {
  let answer: @Sendable () async throws -> ApplePay
  func fetchApplePay() async throws -> ApplePay { try await answer() }
}
