/// A request to the backend that produced no usable answer, with the facts about it.
/// The Data layer makes these at its boundary; the Domain decides what they mean.
public struct RequestFailure: ClassifiedError, ContextualError, Sendable {
  public enum Kind: String, Sendable, Equatable, CaseIterable {
    /// No network.
    case offline
    /// The request, or the backend (HTTP 408), timed out.
    case timedOut
    /// The connection dropped mid-request.
    case connectionLost
    /// The server could not be reached at all: its name did not resolve, or nothing
    /// accepted the connection. The device is online; the server is not there for it.
    case serverUnreachable
    /// A secure connection could not be made: the server's certificate was not trusted, or
    /// the handshake failed, as behind a Wi-Fi sign-in page. Nothing was sent.
    case insecureConnection
    /// The transport cancelled the request although nobody asked it to.
    case cancelledBelow
    /// HTTP 429: too many requests; `context.retryAfter` says when to come back, if known.
    case rateLimited
    /// HTTP 5xx, still failing when the retries ran out.
    case serviceUnavailable
    /// The access token could not be refreshed: the user has to sign in again.
    case sessionEnded
    /// HTTP 403 user_not_verified: the user has to verify their account first.
    case userNotVerified
    /// HTTP 403 user_locked: only support can unlock the account.
    case userLocked
    /// HTTP 426: this app version is no longer supported.
    case appOutdated
    /// A success whose body could not be read.
    case malformedResponse
    /// An answer larger than the client reads for its request: a broken or hostile server.
    case responseTooLarge
    /// A status or server code this client has no mapping for.
    case unexpectedAnswer
    /// HTTP 405 or 501: the service does not do this request at all, and never will for
    /// this app (a static site's server, a backend without this feature).
    case notOffered
  }

  public let kind: Kind
  public let context: ErrorContext

  public init(_ kind: Kind, context: ErrorContext) {
    self.kind = kind
    self.context = context
  }

  public var recovery: Recovery { kind.recovery }

  /// Four kinds send the user elsewhere; the rest stay on the screen.
  public var journey: Journey? { kind.journey }

  public var failedRequest: FailedRequest? {
    FailedRequest(kind: kind, traceID: context.traceID)
  }

  public var underlyingError: (any Error)? { context.underlying }

  public var summary: String { "RequestFailure.\(kind.rawValue)(\(context))" }

  /// Whether no attempt of the request can have reached the backend: the last one failed
  /// before anything was sent (`Kind.neverReachesTheBackend`), and no earlier one may have
  /// arrived (`ErrorContext.anEarlierAttemptMayHaveArrived`). A write that failed so was
  /// not made.
  public var neverReachedTheBackend: Bool {
    kind.neverReachesTheBackend && !context.anEarlierAttemptMayHaveArrived
  }
}

/// A request that failed, as a screen needs it: how it failed, which chooses between words
/// that give the same advice ("You're offline" or "Can't connect securely"), and its trace
/// id, the reference support asks for.
public struct FailedRequest: Sendable, Equatable {
  /// Nil for a request that failed in a way the client has no name for.
  public var kind: RequestFailure.Kind?
  public var traceID: String?

  public init(kind: RequestFailure.Kind?, traceID: String?) {
    self.kind = kind
    self.traceID = traceID
  }
}

/// Everything a kind of failure decides, in one table, so that a new kind is added by
/// adding its row (the compiler then asks for its words on the screen): whether its attempt
/// can have reached the backend, the advice, where it sends the user, whether sending the
/// same request again may help, and whether it answers a write for good.
extension RequestFailure.Kind {
  /// Whether a failure of this kind proves that its attempt never reached the backend:
  /// offline, the server unreachable, no secure connection. Any other may have arrived, and
  /// a write may have been made: a timeout, a dropped connection, an answer of any status.
  public var neverReachesTheBackend: Bool { facts.arrival == .never }

  /// The advice for every failure of this kind.
  public var recovery: Recovery { facts.recovery }

  /// Where a failure of this kind sends the user: four kinds do; the rest stay on the screen.
  public var journey: Journey? { facts.journey }

  /// Whether a failure of this kind may pass if the same request is sent again: a timeout,
  /// a dropped connection, a server not there for now, a 429, a 5xx. `RetryPolicy` sends
  /// again only these.
  public var mayPassIfSentAgain: Bool { facts.again == .mayPass }

  /// Whether a write that failed so was answered for good, so that sending it again under
  /// its key would only get the same answer: a refusal of the request itself (an account
  /// not verified or locked, an outdated app, a service that does not offer it), a status
  /// the backend meant, an answer it would replay unreadable again. The rest settle
  /// nothing (a transport failure, a timeout, a 429 or a 5xx, a cancelled wait), and an
  /// ended session neither: the change is the person's, sent once they have signed in. An
  /// answer too large to read settles nothing either: it may be a 2xx, the change made,
  /// and whether it was is not known.
  public var answersAWriteForGood: Bool { facts.write == .answeredForGood }

  /// One row of the table: each fact spelled as what it says, so that a row reads whole.
  private typealias Facts = (
    arrival: Arrival, again: SentAgain, write: Write, recovery: Recovery, journey: Journey?
  )
  private enum Arrival { case never, mayHave }
  private enum SentAgain { case mayPass, failsAgain }
  private enum Write { case answeredForGood, settlesNothing }

  /// The table, one row per kind; its columns: may its attempt have arrived, may it pass if
  /// sent again, does it answer a write for good, its advice, its journey.
  private var facts: Facts {
    switch self {
    case .offline: (.never, .failsAgain, .settlesNothing, .retryWhenUserActs(.reconnect), nil)
    case .serverUnreachable: (.never, .mayPass, .settlesNothing, .retryNow, nil)
    case .insecureConnection:
      (.never, .failsAgain, .settlesNothing, .retryWhenUserActs(.reconnect), nil)
    case .timedOut: (.mayHave, .mayPass, .settlesNothing, .retryNow, nil)
    case .connectionLost: (.mayHave, .mayPass, .settlesNothing, .retryNow, nil)
    case .rateLimited: (.mayHave, .mayPass, .settlesNothing, .retryNow, nil)
    case .serviceUnavailable: (.mayHave, .mayPass, .settlesNothing, .retryNow, nil)
    case .cancelledBelow: (.mayHave, .failsAgain, .settlesNothing, .retryNow, nil)
    case .sessionEnded: (.mayHave, .failsAgain, .settlesNothing, .signInAgain, .signIn)
    case .userNotVerified:
      (.mayHave, .failsAgain, .answeredForGood, .retryWhenUserActs(.verifyAccount), .verifyAccount)
    case .userLocked:
      (.mayHave, .failsAgain, .answeredForGood, .notRecoverable(.contactSupport), .contactSupport)
    case .appOutdated:
      (.mayHave, .failsAgain, .answeredForGood, .notRecoverable(.unsupported), .updateApp)
    case .notOffered: (.mayHave, .failsAgain, .answeredForGood, .notRecoverable(.unsupported), nil)
    case .malformedResponse, .unexpectedAnswer:
      (.mayHave, .failsAgain, .answeredForGood, .notRecoverable(.inspectCause), nil)
    case .responseTooLarge:
      (.mayHave, .failsAgain, .settlesNothing, .notRecoverable(.inspectCause), nil)
    }
  }
}
