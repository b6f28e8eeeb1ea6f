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
  /// The whole error as a screen reader reads it, with the reference and the button to
  /// try again where there is one.
  public var accessibilityLabel: String

  /// - Parameter accessibilityLabel: by default, the title, message and hint in a row.
  public init(
    title: String, message: String, hint: String, category: Category, recovery: Recovery,
    traceID: String? = nil, accessibilityLabel: String? = nil
  ) {
    self.title = title
    self.message = message
    self.hint = hint
    self.category = category
    self.recovery = recovery
    self.traceID = traceID
    self.accessibilityLabel =
      accessibilityLabel ?? [title, message, hint].joined(separator: " ")
  }

  /// An error worded in `words`' language, its accessibility label included.
  init(
    title: String, message: String, hint: String, category: Category, recovery: Recovery,
    traceID: String?, words: Phrasebook
  ) {
    self.init(
      title: title, message: message, hint: hint, category: category, recovery: recovery,
      traceID: traceID,
      accessibilityLabel: words.spoken(
        title: title, message: message, hint: hint, traceID: traceID))
  }
}

/// A screen-filling message that is not an error: an empty state, or an account status the
/// user has to know about.
public struct Notice: Sendable, Equatable {
  public var title: String
  public var message: String
  public var hint: String
  /// The notice as a screen reader reads it.
  public var accessibilityLabel: String

  /// - Parameter accessibilityLabel: by default, the title, message and hint in a row.
  public init(title: String, message: String, hint: String, accessibilityLabel: String? = nil) {
    self.title = title
    self.message = message
    self.hint = hint
    self.accessibilityLabel =
      accessibilityLabel ?? [title, message, hint].joined(separator: " ")
  }

  /// A notice worded in `words`' language.
  init(title: String, message: String, hint: String, words: Phrasebook) {
    self.init(
      title: title, message: message, hint: hint,
      accessibilityLabel: words.spoken(
        title: title, message: message, hint: hint, traceID: nil))
  }
}
