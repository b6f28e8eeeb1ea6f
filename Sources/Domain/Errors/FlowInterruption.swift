/// Where an error sends the user: the navigation decision, kept apart from `Recovery`
/// (the advice). Only the errors that truly interrupt the user's flow carry one; the
/// app-level handlers act on it alone, never on a recovery or a concrete error type.
public enum FlowInterruption: String, Sendable, Equatable, Hashable, CaseIterable {
  /// The session is over: the user has to sign in again.
  case sessionEnded
  /// The account must be verified before the user can pay.
  case accountNotVerified
  /// The account is locked; only support can unlock it.
  case accountLocked
  /// This version of the app is no longer supported.
  case appOutdated

  /// The interruption an error declares, if any. Only the error itself is asked: an
  /// interruption is never inferred from its recovery or dug out of its chain.
  public init?(of error: any Error) {
    guard let interruption = (error as? any ClassifiedError)?.interruption else { return nil }
    self = interruption
  }
}
