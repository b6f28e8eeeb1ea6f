/// How an error can be recovered from: the one thing the presentation switches on, instead
/// of on concrete error types. Every error the app produces has exactly one.
public enum Recovery: Sendable, Equatable, Hashable {
  /// Something the user has to do before trying again helps.
  public enum UserAction: String, Sendable, Equatable, Hashable, CaseIterable {
    case reconnect
    case verifyAccount
    case addPaymentMethod
    /// Wait until someone else (a review team) has finished.
    case waitForReview
  }

  /// Why trying again will not help.
  public enum Obstacle: String, Sendable, Equatable, Hashable, CaseIterable {
    /// The app or the backend is set up wrongly; a developer has to fix it.
    case fixConfiguration
    /// This app version or device cannot do this any more.
    case clientNotSupported
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

  /// Errors that send the user somewhere else (sign in, verify the account, contact
  /// support, update the app). They are never skipped, and the app handles them in one
  /// place rather than in each screen.
  public var changesFlow: Bool {
    switch self {
    case .signInAgain, .retryWhenUserActs(.verifyAccount), .notRecoverable(.contactSupport),
      .notRecoverable(.clientNotSupported):
      true
    case .retryNow, .retryWhenUserActs, .notRecoverable:
      false
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

/// An error that knows how it can be recovered from and what it wraps.
public protocol ClassifiedError: Error {
  var recovery: Recovery { get }
  /// The error this one was made from, if any: the next link of the chain.
  var underlyingError: (any Error)? { get }
  /// What this link adds, in one line for the developer log.
  var summary: String { get }
}

extension Recovery {
  /// The recovery of any error: its own if it declares one; otherwise nobody planned for
  /// it, and the only way on is to inspect its cause.
  public init(of error: any Error) {
    self = (error as? any ClassifiedError)?.recovery ?? .notRecoverable(.inspectCause)
  }
}

/// An error that carries the context of the request behind it.
public protocol ContextualError: Error {
  var context: ErrorContext { get }
}
