/// How an error can be recovered from: the advice the screen gives. Every error the app
/// produces has exactly one. Where the user has to go is a separate decision
/// (`Journey`); a recovery never routes anyone.
public enum Recovery: Sendable, Equatable, Hashable {
  /// Something the user has to do before trying again helps.
  public enum UserAction: String, Sendable, Equatable, Hashable, CaseIterable {
    case reconnect
    case verifyAccount
    case addPaymentMethod
    /// Wait until someone else (a review team) has finished.
    case waitForReview
    /// Approve the card in the bank's app (3-D Secure).
    case approveWithBank
  }

  /// Why trying again will not help.
  public enum Obstacle: String, Sendable, Equatable, Hashable, CaseIterable {
    /// The app or the backend is set up wrongly; a developer has to fix it.
    case fixConfiguration
    /// This app version or device cannot do this any more.
    case unsupported
    /// Only a person at support can unblock the user.
    case contactSupport
    /// Nobody planned for this error: look at its cause (a bug).
    case inspectCause
  }

  /// Transient: trying again, with backoff, is likely to work.
  case retryNow
  /// Trying again helps once the user has done something.
  case retryWhenUserActs(UserAction)
  /// The session is over: only a new sign-in flow helps.
  case signInAgain
  case notRecoverable(Obstacle)

  /// Trying again, now or after the user acts, may work.
  public var isRetry: Bool {
    switch self {
    case .retryNow, .retryWhenUserActs: true
    case .signInAgain, .notRecoverable: false
    }
  }

  /// Whether the user should see the trace id: only where support has to take over.
  public var showsTraceID: Bool {
    if case .notRecoverable = self { return true }
    return false
  }
}

extension Recovery: CustomStringConvertible {
  /// "retryNow", "retryWhenUserActs(reconnect)", "notRecoverable(inspectCause)".
  public var description: String {
    switch self {
    case .retryNow: "retryNow"
    case .retryWhenUserActs(let action): "retryWhenUserActs(\(action.rawValue))"
    case .signInAgain: "signInAgain"
    case .notRecoverable(let obstacle): "notRecoverable(\(obstacle.rawValue))"
    }
  }
}

/// An error one of the app's layers made on purpose: it knows how it can be recovered
/// from, whether it sends the user elsewhere, and what it wraps.
public protocol ClassifiedError: Error {
  var recovery: Recovery { get }
  /// Where the user has to go, for the few errors only another screen can resolve; nil for every
  /// other error. Stated by each type, never defaulted, so that no error routes by accident.
  var journey: Journey? { get }
  /// The request whose failure this error reports, if one was sent: what a screen needs to
  /// word it and to give the reference support asks for. Stated by each type, so the screen
  /// reads it from the error it was handed and never searches the chain for it.
  var failedRequest: FailedRequest? { get }
  /// The error this one was made from, if any: the next link of the chain.
  var underlyingError: (any Error)? { get }
  /// What this link adds, in one line for the developer log.
  var summary: String { get }
}

extension Recovery {
  /// The recovery of any error: its own if it declares one. A `CancellationError` that
  /// reaches a decision was not the caller's own cancellation (that is never shown, so it
  /// never gets here): something below stopped the work, and trying again may help.
  /// Anything else nobody planned for, and the only way on is to inspect its cause.
  public init(of error: any Error) {
    if let classified = error as? any ClassifiedError {
      self = classified.recovery
    } else if error is CancellationError {
      self = .retryNow
    } else {
      self = .notRecoverable(.inspectCause)
    }
  }
}

/// An error that carries the context of the request behind it.
public protocol ContextualError: Error {
  var context: ErrorContext { get }
}
