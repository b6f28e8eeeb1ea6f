/// Wraps the platform's Apple Pay checks, so the use cases can be tested and so its failures
/// arrive as one error type of our own.
///
/// `fetchApplePay()` throws `ApplePayServiceError.serviceNotAvailable` when this device
/// cannot pay with Apple Pay at all. Anything else it throws is treated as unknown.
public protocol ApplePayService: Sendable {
  func fetchApplePay() async throws -> ApplePay
}

public enum ApplePayServiceError: ClassifiedError, Equatable, Sendable {
  case serviceNotAvailable

  /// This device cannot pay with Apple Pay; nothing the app can do changes that.
  public var recovery: Recovery { .notRecoverable(.unsupported) }
  /// The user cannot do anything about the device, and need not go anywhere: the screen
  /// simply has no Apple Pay.
  public var journey: Journey? { nil }
  public var failedRequest: FailedRequest? { nil }
  public var underlyingError: (any Error)? { nil }
  public var summary: String { "ApplePayServiceError.serviceNotAvailable" }
}
