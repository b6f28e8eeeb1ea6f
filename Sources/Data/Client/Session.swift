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
    if let refreshing {
      do {
        return try await refreshing.value
      } catch {
        throw endedBy ?? SessionEnded(cause: error)
      }
    }

    // Unstructured on purpose: the refresh belongs to the session, not to the request that
    // happened to start it, so cancelling that request must not fail the others waiting.
    let refreshToken = refreshToken
    let refresh = Task { try await refresher(refreshToken) }
    refreshing = refresh
    defer { refreshing = nil }
    do {
      accessToken = try await refresh.value
      return accessToken
    } catch {
      let ended = SessionEnded(cause: error)
      endedBy = ended
      throw ended
    }
  }
}

/// The backend refused to refresh the session: only a new sign-in helps.
public struct SessionEnded: Error, Sendable {
  /// Why the refresh failed, such as the backend's `invalid_grant` answer.
  public let cause: any Error
}
