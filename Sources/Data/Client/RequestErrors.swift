import Domain

/// A request failed with an error the client has no mapping for (a bug in the transport,
/// an SDK's own error). It keeps that error whole and adds the request's context, so the
/// trace id reaches the log; the use cases treat it as unknown.
public struct UnclassifiedRequestError: ClassifiedError, ContextualError, Sendable {
  public let context: ErrorContext

  public var recovery: Recovery { .notRecoverable(.inspectCause) }
  public var journey: Journey? { nil }
  public var failedRequest: FailedRequest? { FailedRequest(kind: nil, traceID: context.traceID) }
  public var underlyingError: (any Error)? { context.underlying }
  public var summary: String { "UnclassifiedRequestError(\(context))" }
}

/// The backend turned the credentials of a sign-in down (`invalid_credentials`): the user
/// is still signed out, so the way on is the sign-in screen again.
public struct SignInRefused: ClassifiedError, ContextualError, Sendable {
  public let context: ErrorContext

  public var recovery: Recovery { .signInAgain }
  public var journey: Journey? { .signIn }
  public var failedRequest: FailedRequest? { FailedRequest(kind: nil, traceID: context.traceID) }
  public var underlyingError: (any Error)? { nil }
  public var summary: String { "SignInRefused(\(context))" }
}
