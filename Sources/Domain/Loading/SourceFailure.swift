/// The three places payment methods come from.
public enum PaymentSource: String, Sendable, Equatable, CaseIterable {
  case wallet
  case cards
  case applePay
}

/// A source that gave no usable answer because something went wrong, as opposed to an
/// answer such as "this user has no wallet".
public struct SourceFailure: ClassifiedError, Sendable {
  public enum Reason: Sendable {
    /// The source's request failed; the failure says how, with its context.
    case requestFailed(RequestFailure)
    /// The source did not answer within the deadline.
    case deadlineExceeded(Duration)
    /// The source threw `CancellationError` although nobody cancelled the load.
    case cancelledBelow
    /// The source threw something no layer knows; the original error is kept for the log.
    case unknown(any Error)
  }

  public let source: PaymentSource
  public let reason: Reason

  public init(source: PaymentSource, reason: Reason) {
    self.source = source
    self.reason = reason
  }

  /// Sorts an error that a use case's policy did not claim into a reason. This is where an
  /// error from outside the known layer errors becomes `unknown`, once.
  init(source: PaymentSource, error: any Error) {
    let reason: Reason =
      switch error {
      case let timeout as DeadlineExceeded: .deadlineExceeded(timeout.deadline)
      case let failure as RequestFailure: .requestFailed(failure)
      case is CancellationError: .cancelledBelow
      default: .unknown(error)
      }
    self.init(source: source, reason: reason)
  }

  /// Unknown errors point at a bug or a contract nobody wrote down: they are logged as errors.
  public var isUnknown: Bool {
    if case .unknown = reason { return true }
    return false
  }

  /// The request failure's own recovery, unchanged; a source's other failures are decided here.
  public var recovery: Recovery {
    switch reason {
    case .requestFailed(let failure): failure.recovery
    case .deadlineExceeded, .cancelledBelow: .retryNow
    case .unknown: .notRecoverable(.inspectCause)
    }
  }

  /// Only a request failure can send the user on a journey, and only if it says so.
  public var journey: Journey? {
    if case .requestFailed(let failure) = reason { return failure.journey }
    return nil
  }

  /// The failed request, or for an unknown error, whatever request it reports; past the
  /// deadline, a request that timed out, with no trace id (which one, the deadline does not
  /// know).
  public var failedRequest: FailedRequest? {
    switch reason {
    case .requestFailed(let failure): failure.failedRequest
    case .deadlineExceeded: FailedRequest(kind: .timedOut, traceID: nil)
    case .cancelledBelow: nil
    case .unknown(let error): (error as? any ClassifiedError)?.failedRequest
    }
  }

  public var underlyingError: (any Error)? {
    switch reason {
    case .requestFailed(let failure): failure
    case .deadlineExceeded, .cancelledBelow: nil
    case .unknown(let error): error
    }
  }

  public var summary: String { "SourceFailure(\(description))" }
}

extension SourceFailure: CustomStringConvertible {
  /// A developer-facing line for logs, such as "cards: offline".
  public var description: String {
    "\(source.rawValue): \(reason)"
  }
}

extension SourceFailure.Reason: CustomStringConvertible {
  public var description: String {
    switch self {
    case .requestFailed(let failure): failure.kind.rawValue
    case .deadlineExceeded(let deadline): "no answer within \(LogFormat.milliseconds(deadline))"
    case .cancelledBelow: "cancelled by something other than the screen"
    case .unknown(let error):
      "unknown error \((error as? any ClassifiedError)?.summary ?? String(reflecting: error))"
    }
  }
}
