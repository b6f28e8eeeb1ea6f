import Domain
import Foundation

/// The session's requests: the token's refresh, shared by every request that met a 401,
/// and sign-in.
extension BackendClient {
  /// Gets a fresh token for a request the backend answered 401, through the session, so
  /// that concurrent 401s share one refresh. A refresh that failed fails the request with
  /// that failure's kind (and so its recovery): `sessionEnded` when the backend refused,
  /// the network's kind when it failed on the way.
  func refreshSession(replacing token: Secret, context: ErrorContext) async throws {
    let person = await session.person
    do {
      _ = try await session.refresh(replacing: token) { refreshToken in
        try await self.sendRefresh(refreshToken, for: person)
      }
    } catch let failure as RequestFailure {
      throw Self.failed(context, because: failure)
    }
    var metadata: [String: String] = [:]
    metadata[LogMetadataKey.traceID] = context.traceID
    logger.log(
      .info, "access token expired; repeating \(context.operation) with a fresh token",
      metadata: metadata)
  }

  /// `POST /session/refresh`, sent once per shared refresh and logged once, as a request of
  /// its own with its trace id and outcome. The backend's refusal (400 or 401,
  /// `invalid_grant`) is the failure that ends the session: `sessionEnded`, made here. A new
  /// refresh token in the answer is the rotated one, for the session to keep; an empty one
  /// is none. An answer naming someone other than `person`, the session's, ends the session
  /// too: its tokens are another person's, and nothing of this one's is sent under them.
  private func sendRefresh(_ refreshToken: Secret, for person: String?) async throws
    -> RefreshedTokens
  {
    do {
      let (body, context) = try await sendSessionRequest(
        .refreshSession, credential: .refreshToken(refreshToken),
        refusal: { RequestFailure(.sessionEnded, context: $0) })
      guard let payload = try? JSONDecoder().decode(SessionPayload.self, from: body) else {
        throw RequestFailure(.malformedResponse, context: context)
      }
      if let named = payload.userId, let person, !named.utf8.elementsEqual(person.utf8) {
        logRefresh(
          .warning, "the refreshed session is another person's; this session has ended",
          context: context)
        throw AnotherPersonsSession(context: context)
      }
      let rotated = payload.refreshToken.flatMap { $0.isEmpty ? nil : Secret($0) }
      logRefresh(
        .info,
        rotated == nil
          ? "refreshed the session"
          : "refreshed the session; the backend rotated its refresh token",
        context: context)
      return RefreshedTokens(
        accessToken: Secret(payload.accessToken), rotatedRefreshToken: rotated)
    } catch let other as AnotherPersonsSession {
      throw RequestFailure(.sessionEnded, context: other.context)
    } catch let failure as RequestFailure {
      logRefresh(
        .warning,
        failure.kind == .sessionEnded
          ? "the backend refused to refresh the session; it has ended"
          : "could not refresh the session (\(failure.kind.rawValue)); it stays open",
        failure)
      throw failure
    }
  }

  /// Signs in: `POST /session` with the user's credentials, and on success a new session
  /// with the tokens it returns.
  ///
  /// Throws `SignInRefused` when the backend turns the credentials down, a `RequestFailure`
  /// when the request itself failed, or `CancellationError`.
  ///
  /// - Returns: the person signed in, as the backend names them; nil when it did not say.
  @discardableResult
  public func signIn(username: String, password: Secret) async throws -> String? {
    let (body, context) = try await sendSessionRequest(
      .signIn, credential: .password(username: username, password: password),
      refusal: SignInRefused.init)
    guard let tokens = try? JSONDecoder().decode(SignInPayload.self, from: body) else {
      throw RequestFailure(.malformedResponse, context: context)
    }
    let person = tokens.userId.flatMap { FileFormat.isPlainText($0) ? $0 : nil }
    await session.start(
      accessToken: Secret(tokens.accessToken), refreshToken: Secret(tokens.refreshToken),
      person: person)
    logRefresh(.info, "signed in: a new session", context: context)
    return person
  }

  /// Whose session this is: known without a request when this device has seen its two
  /// tokens answered together before, else asked of the backend (`GET /me/status`, whose
  /// answer names the person) and kept. Nil when neither can say (offline with tokens never
  /// seen, an answer without a usable `userId`): logged, for the caller to keep nothing of anyone's;
  /// nil too, unlogged, once the caller is cancelled.
  public func signedInPerson() async -> String? {
    if let person = await session.knownPerson() { return person }
    do {
      let person = try UserStatusMapper.person(from: await send(.userStatus))
      await session.record(person: person)
      logger.log(.debug, "the backend says whose session this is")
      return person
    } catch is CancellationError {
      return nil  // The caller went away, and says why if it must.
    } catch {
      logger.log(
        .warning, "whose session this is cannot be known; nothing kept on the device is used",
        metadata: [LogMetadataKey.error: ErrorChain(error).description])
      return nil
    }
  }

  /// A request about the session itself (a refresh, a sign-in): sent once, since neither
  /// is idempotent, and never refreshed, since it is what makes a session. Returns a 2xx
  /// answer's body; a 400 or 401 is the backend's refusal, made by `refusal`; anything
  /// else is a `RequestFailure`, as for every request.
  private func sendSessionRequest(
    _ endpoint: BackendEndpoint, credential: BackendCredential,
    refusal: (ErrorContext) -> any Error
  ) async throws -> (Foundation.Data, ErrorContext) {
    let traceID = environment.traceID(endpoint)
    var context = ErrorContext(operation: endpoint.rawValue, traceID: traceID)
    let response = try await exchange(
      BackendRequest(endpoint: endpoint, traceID: traceID, credential: credential),
      context: &context)
    switch response.status {
    case 200..<300:
      return (response.body, context)
    case 400, 401:
      throw refusal(context)
    default:
      throw RequestFailure(
        Self.failureKind(status: response.status, serverCode: context.serverCode)
          ?? .unexpectedAnswer,
        context: context)
    }
  }

  private func logRefresh(_ level: LogLevel, _ message: String, context: ErrorContext) {
    var metadata = ["operation": context.operation]
    metadata[LogMetadataKey.traceID] = context.traceID
    logger.log(level, message, metadata: metadata)
  }

  private func logRefresh(_ level: LogLevel, _ message: String, _ error: any ContextualError) {
    var metadata = [LogMetadataKey.error: ErrorChain(error).description]
    metadata[LogMetadataKey.traceID] = error.context.traceID
    logger.log(level, message, metadata: metadata)
  }

  /// A request that failed because its session could not give it a token: the session's
  /// failure (a refusal, or a refresh that failed on the way) with this request's context,
  /// the session's failure kept as its cause, so the log has both trace ids.
  static func failed(_ context: ErrorContext, because session: RequestFailure) -> RequestFailure {
    var context = context
    context.underlying = session
    return RequestFailure(session.kind, context: context)
  }
}

/// A refresh answered with another person's tokens: said once where it is found, then the
/// session's end (`sessionEnded`), as a refusal is.
private struct AnotherPersonsSession: Error {
  var context: ErrorContext
}
