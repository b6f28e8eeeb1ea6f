/// Where the user stands with us: what "check my status again" reads first, after an error
/// said the user was in the wrong state.
public protocol UserStatusRepository: Sendable {
  /// Throws `RequestFailure`, or anything unknown, like the other sources.
  func fetchUserStatus() async throws -> UserStatus
}

public enum UserStatus: String, Sendable, Equatable, CaseIterable {
  case verified
  case notVerified
  case locked

  /// Where a status that stands in the way sends the user; nil when nothing does.
  public var journey: Journey? {
    switch self {
    case .verified: nil
    case .notVerified: .verifyAccount
    case .locked: .contactSupport
    }
  }

  /// The advice that goes with the status: the same as the request failures' that report it.
  public var recovery: Recovery {
    switch self {
    case .verified: .retryNow
    case .notVerified: RequestFailure.Kind.userNotVerified.recovery
    case .locked: RequestFailure.Kind.userLocked.recovery
    }
  }
}
