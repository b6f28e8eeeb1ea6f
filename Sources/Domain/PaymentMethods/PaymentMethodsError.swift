/// The payment-methods use case's business errors: the ways it can end without a list.
public enum PaymentMethodsError: ClassifiedError, Sendable {
  /// Every source answered, and none had a method the user can see: the empty state.
  case noPaymentMethodsFound
  /// Nothing can be shown and at least one source failed, so "you have no payment methods"
  /// would be a lie. Carries every failure, in source order.
  case couldNotLoad([SourceFailure])
  /// A source answered with something the user must deal with before any payment can
  /// happen (an ended session, an unverified or locked account, an outdated app). Never
  /// skipped, whatever else loaded.
  case flowInterrupted(SourceFailure)

  public var recovery: Recovery {
    switch self {
    case .noPaymentMethodsFound: .retryWhenUserActs(.addPaymentMethod)
    case .couldNotLoad(let failures): Self.recovery(of: failures)
    case .flowInterrupted(let failure): failure.recovery
    }
  }

  public var underlyingError: (any Error)? {
    switch self {
    case .noPaymentMethodsFound: nil
    case .couldNotLoad(let failures): failures.first
    case .flowInterrupted(let failure): failure
    }
  }

  public var summary: String {
    switch self {
    case .noPaymentMethodsFound: "PaymentMethodsError.noPaymentMethodsFound"
    case .couldNotLoad(let failures):
      "PaymentMethodsError.couldNotLoad(\(failures.map(\.description).joined(separator: "; ")))"
    case .flowInterrupted: "PaymentMethodsError.flowInterrupted"
    }
  }

  /// Several sources failed: if trying again can help with any of them, that is the advice;
  /// otherwise the first failure's recovery stands.
  private static func recovery(of failures: [SourceFailure]) -> Recovery {
    let recoveries = failures.map(\.recovery)
    if let retry = recoveries.first(where: \.isRetry) { return retry }
    return recoveries.first ?? .retryNow
  }
}

extension Recovery {
  /// Trying again, now or after the user acts, may work.
  var isRetry: Bool {
    switch self {
    case .retryNow, .retryWhenUserActs: true
    case .signInAgain, .notRecoverable: false
    }
  }
}
