/// The payment-methods use case's business errors: the ways it can end without a list.
public enum PaymentMethodsError: ClassifiedError, Sendable {
  /// Every source answered, and none had a method the user can see: the empty state.
  case noPaymentMethodsFound
  /// Nothing can be shown and at least one source failed, so "you have no payment methods"
  /// would be a lie. The first failure decides what the user is told; the others failed
  /// too, in source order, and are kept so that every one of them reaches the log.
  case couldNotLoad(SourceFailure, alsoFailed: [SourceFailure])
  /// A source failed in a way that sends the user elsewhere (an ended session, an
  /// unverified or locked account, an outdated app). Never skipped, whatever else loaded;
  /// the sources still running were cancelled. `alsoFailed` holds the failures that had
  /// already arrived.
  case needsJourney(SourceFailure, alsoFailed: [SourceFailure])

  /// The failure that decides the screen, if any.
  public var decidingFailure: SourceFailure? {
    switch self {
    case .noPaymentMethodsFound: nil
    case .couldNotLoad(let failure, _), .needsJourney(let failure, _): failure
    }
  }

  /// The failures that did not decide the screen but must still reach the log.
  public var otherFailures: [SourceFailure] {
    switch self {
    case .noPaymentMethodsFound: []
    case .couldNotLoad(_, let others), .needsJourney(_, let others): others
    }
  }

  public var recovery: Recovery {
    decidingFailure?.recovery ?? .retryWhenUserActs(.addPaymentMethod)
  }

  public var journey: Journey? {
    guard case .needsJourney(let failure, _) = self else { return nil }
    return failure.journey
  }

  public var failedRequest: FailedRequest? { decidingFailure?.failedRequest }

  public var underlyingError: (any Error)? { decidingFailure }

  public var summary: String {
    switch self {
    case .noPaymentMethodsFound: "PaymentMethodsError.noPaymentMethodsFound"
    case .couldNotLoad: "PaymentMethodsError.couldNotLoad"
    case .needsJourney: "PaymentMethodsError.needsJourney"
    }
  }
}
