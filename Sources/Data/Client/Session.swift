import Domain
import Foundation

/// Owns the user's tokens. When the backend says the access token expired, `refresh`
/// gets a new one; requests that meet the expiry at the same time share one refresh
/// (single flight).
///
/// Only the backend's refusal (`RefreshRefused`) ends the session. A refresh that fails on
/// the way (offline, timed out, a 5xx) leaves it as it was: that request fails, and a
/// later one may refresh again. A network blip must never sign the user out.
public actor Session {
  private var accessToken: Secret
  private var refreshToken: Secret
  private var refreshing: Task<Secret, any Error>?
  private var endedBy: SessionEnded?

  public init(accessToken: Secret, refreshToken: Secret) {
    self.accessToken = accessToken
    self.refreshToken = refreshToken
  }

  /// Starts over with the tokens of a new sign-in, whatever happened to the old session.
  func start(accessToken: Secret, refreshToken: Secret) {
    self.accessToken = accessToken
    self.refreshToken = refreshToken
    endedBy = nil
  }

  /// The token to send; throws `SessionEnded` once the backend has refused a refresh.
  func currentToken() throws -> Secret {
    if let endedBy { throw endedBy }
    return accessToken
  }

  /// A fresh token to replace `rejected`. Callers that arrive while a refresh runs wait for
  /// it, and callers that arrive after it succeeded get its token without another refresh.
  ///
  /// Throws `SessionEnded` when the backend refused, or the refresher's own error when the
  /// refresh failed on the way.
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
      } catch let refused as RefreshRefused {
        let ended = SessionEnded(cause: refused)
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
  /// The backend's refusal, such as its `invalid_grant` answer.
  public let cause: RefreshRefused
}

/// The backend answered the refresh with 400 or 401 (`invalid_grant`): the refresh token is
/// no longer any good. The one refresh failure that ends a session.
public struct RefreshRefused: ContextualError, Sendable, CustomStringConvertible {
  public let context: ErrorContext

  public var description: String { "RefreshRefused(\(context))" }
}
