/// Where an error sends the user: the navigation decision, kept apart from `Recovery`
/// (the advice). Only the few errors that another screen must resolve carry one; the
/// app-level handlers (`JourneyHandlers`) act on it alone, never on a recovery or a
/// concrete error type.
public enum Journey: String, Sendable, Equatable, Hashable, CaseIterable {
  /// The session is over: sign in again.
  case signIn
  /// The account must be verified before the user can pay.
  case verifyAccount
  /// The account is locked; only support can unlock it.
  case contactSupport
  /// This version of the app is no longer supported: update it.
  case updateApp

  /// The journey an error declares, if any. Only the error itself is asked: a journey is
  /// never inferred from its recovery or dug out of its chain.
  public init?(of error: any Error) {
    guard let journey = (error as? any ClassifiedError)?.journey else { return nil }
    self = journey
  }
}
