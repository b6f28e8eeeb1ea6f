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
}
