/// An error as a person sees it: what went wrong, in their terms, and what they can do.
public struct PresentationError: Sendable, Equatable {
  public var title: String
  public var message: String
  public var hint: String

  public init(title: String, message: String, hint: String) {
    self.title = title
    self.message = message
    self.hint = hint
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
