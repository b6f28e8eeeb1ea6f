import Domain

/// An error as a person sees it: what went wrong, in their terms, and what they can do.
public struct PresentationError: Sendable, Equatable {
  /// What kind of trouble this is, for whoever reacts to it (an illustration, a retry
  /// button, the CLI's exit code).
  public enum Category: String, Sendable, Equatable {
    /// Trying again, now or once the user has acted, may work.
    case retryable
    /// The service kept failing through every retry.
    case serviceUnavailable
    /// Nobody planned for this error: a bug.
    case unexpected
    case other
  }

  public var title: String
  public var message: String
  public var hint: String
  public var category: Category
  public var recovery: Recovery
  /// Shown only where support has to take over (errors that are not recoverable).
  public var traceID: String?

  public init(
    title: String, message: String, hint: String, category: Category, recovery: Recovery,
    traceID: String? = nil
  ) {
    self.title = title
    self.message = message
    self.hint = hint
    self.category = category
    self.recovery = recovery
    self.traceID = traceID
  }
}

/// A screen-filling message that is not an error: an empty state, or an account status the
/// user has to know about.
public struct Notice: Sendable, Equatable {
  public var title: String
  public var message: String
  public var hint: String

  public init(title: String, message: String, hint: String) {
    self.title = title
    self.message = message
    self.hint = hint
  }
}
