import Domain
import Foundation

/// Owns the user's tokens. When the backend says the access token expired, `refresh` gets
/// a new one, shared by the requests that met the expiry at once (single flight).
///
/// Only the backend's refusal (`sessionEnded`) ends the session, and it is thrown to every
/// later request; a refresh that fails on the way leaves the session as it was, since a
/// network blip must never sign the user out. A rotated refresh token (OAuth 2.1) replaces
/// the old one. With the device's `KnownSessions`, it knows whose session its two tokens
/// are.
public actor Session {
  private var accessToken: Secret
  private var refreshToken: Secret
  private var refreshing: Task<Secret, any Error>?
  /// The tokens the session started with: what a program that cannot keep tokens (the
  /// terminal program reads them from its environment) starts from again next time.
  private var firstTokens: (access: Secret, refresh: Secret)
  /// The backend's refusal that ended the session; nil while it is open.
  private var ended: RequestFailure?
  /// Whose session this is, once the backend or the device said: a refresh whose answer
  /// names someone else ends it (`BackendClient.refreshSession`).
  private(set) var person: String?
  private let known: (any KnownSessions)?

  public init(accessToken: Secret, refreshToken: Secret, known: (any KnownSessions)? = nil) {
    self.accessToken = accessToken
    self.refreshToken = refreshToken
    self.known = known
    firstTokens = (accessToken, refreshToken)
  }

  /// Starts over with the tokens of a new sign-in, whatever happened to the old session,
  /// and keeps whose it is when the backend said.
  func start(accessToken: Secret, refreshToken: Secret, person: String?) {
    self.accessToken = accessToken
    self.refreshToken = refreshToken
    firstTokens = (accessToken, refreshToken)
    ended = nil
    self.person = nil
    if let person { record(person: person) }
  }

  /// Whose session this is, when this device has seen the backend say it for these two
  /// tokens together.
  func knownPerson() -> String? {
    guard let known = known?.person(accessToken: accessToken, refreshToken: refreshToken) else {
      return nil
    }
    person = known
    return known
  }

  /// Keeps `person` as this session's: for the tokens it has now, and for those it started
  /// with, which a program that cannot keep tokens starts from again. (Tokens a refresh
  /// gave are never taken to be the person's without the backend saying so: a pair never
  /// seen together is asked for.)
  func record(person: String) {
    self.person = person
    known?.record(person, accessToken: accessToken, refreshToken: refreshToken)
    if firstTokens.access != accessToken || firstTokens.refresh != refreshToken {
      known?.record(person, accessToken: firstTokens.access, refreshToken: firstTokens.refresh)
    }
  }

  /// The token to send; throws the refusal that ended the session, once there was one.
  func currentToken() throws(RequestFailure) -> Secret {
    if let ended { throw ended }
    return accessToken
  }

  /// A fresh token to replace `refused`, the one the backend refused. Callers that arrive
  /// while a refresh runs wait for it, and callers that arrive after it succeeded get its
  /// token without another refresh.
  ///
  /// Throws the refresher's error: a `sessionEnded` failure ends the session, any other
  /// leaves it open.
  func refresh(
    replacing refused: Secret,
    using refresher: @escaping @Sendable (Secret) async throws -> RefreshedTokens
  ) async throws -> Secret {
    if let ended { throw ended }
    if accessToken != refused { return accessToken }
    if let refreshing { return try await refreshing.value }

    // The task, not its first caller, records the outcome: every caller waiting on it
    // resumes only after the session already holds the new token (or knows it has ended).
    // It is unstructured on purpose: the refresh belongs to the session, so cancelling the
    // request that happened to start it must not fail the others waiting.
    let refreshToken = refreshToken
    let refresh = Task { () async throws -> Secret in
      defer { self.refreshing = nil }
      do {
        let tokens = try await refresher(refreshToken)
        self.accessToken = tokens.accessToken
        if let rotated = tokens.rotatedRefreshToken { self.refreshToken = rotated }
        return tokens.accessToken
      } catch let refused as RequestFailure where refused.kind == .sessionEnded {
        self.ended = refused
        throw refused
      }
    }
    refreshing = refresh
    return try await refresh.value
  }
}

/// What a refresh gives the session: a new access token, and the rotated refresh token when
/// the backend replaced the old one (nil: the session keeps the refresh token it has).
struct RefreshedTokens: Sendable, Equatable {
  var accessToken: Secret
  var rotatedRefreshToken: Secret?
}
