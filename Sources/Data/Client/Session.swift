import Domain
import Foundation

/// Owns the user's tokens. When the backend says the access token expired, `refresh`
/// gets a new one; requests that meet the expiry at the same time share one refresh
/// (single flight). A refresh the backend refuses ends the session for good.
public actor Session {
  private var accessToken: Secret
  private let refreshToken: Secret
  private var refreshing: Task<Secret, any Error>?
  private var endedBy: SessionEnded?

  public init(accessToken: Secret, refreshToken: Secret) {
    self.accessToken = accessToken
    self.refreshToken = refreshToken
  }

  /// The token to send; throws `SessionEnded` once a refresh has failed.
  func currentToken() throws -> Secret {
    if let endedBy { throw endedBy }
    return accessToken
  }

  /// A fresh token to replace `rejected`. Callers that arrive while a refresh runs wait for
  /// it, and callers that arrive after it get its token without another refresh.
  func refresh(
    replacing rejected: Secret, using refresher: @escaping @Sendable (Secret) async throws -> Secret
  ) async throws -> Secret {
    if let endedBy { throw endedBy }
    if accessToken != rejected { return accessToken }
    if let refreshing { return try await refreshing.value }

    // The task, not its first caller, records the outcome: every caller waiting on it
    // resumes only after the session already holds the new token (or knows it has ended).
    // It is unstructured on purpose: the refresh belongs to the session, so cancelling the
    // request that happened to start it must not fail the others waiting.
    let refreshToken = refreshToken
    let refresh = Task { () async throws -> Secret in
      defer { self.refreshing = nil }
      do {
        let token = try await refresher(refreshToken)
        self.accessToken = token
        return token
      } catch {
        let ended = SessionEnded(cause: error)
        self.endedBy = ended
        throw ended
      }
    }
    refreshing = refresh
    return try await refresh.value
  }
}

/// The backend refused to refresh the session: only a new sign-in helps.
public struct SessionEnded: Error, Sendable {
  /// Why the refresh failed, such as the backend's `invalid_grant` answer.
  public let cause: any Error
}
