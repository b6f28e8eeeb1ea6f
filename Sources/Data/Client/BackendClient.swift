import Domain
import Foundation

/// Sends the repositories' requests: gives each a trace id, attaches the access token,
/// refreshes it once when the backend says it expired, retries what `RetryPolicy` allows,
/// and maps every generic failure (transport, 401, 403 user states, 408, 426, 429, 5xx,
/// unreadable bodies) to a `RequestFailure` with its context. Answers that only a
/// repository understands (a 404 for a wallet, say) are returned for it to map.
public struct BackendClient: Sendable {
  /// Tools the client needs from outside, injected so tests control time and chance.
  public struct Environment: Sendable {
    public var clock: any Clock<Duration>
    /// Picks a duration between zero and the given maximum: the jitter of the backoff.
    public var jitter: @Sendable (Duration) -> Duration
    /// Gives the trace id for a new request to an operation.
    public var traceID: @Sendable (BackendEndpoint) -> String
    /// The wall-clock date, to read a `Retry-After` given as an HTTP date.
    public var now: @Sendable () -> Date
    /// A fresh idempotency key, one per submission of a write.
    public var idempotencyKey: @Sendable () -> String

    public init(
      clock: any Clock<Duration> = ContinuousClock(),
      jitter: @escaping @Sendable (Duration) -> Duration = { $0 * Double.random(in: 0...1) },
      traceID: @escaping @Sendable (BackendEndpoint) -> String = { _ in
        // 16 hex digits, the size of a W3C span id: unique enough, short enough to read out.
        String(UUID().uuidString.lowercased().filter(\.isHexDigit).prefix(16))
      },
      now: @escaping @Sendable () -> Date = Date.init,
      idempotencyKey: @escaping @Sendable () -> String = { UUID().uuidString.lowercased() }
    ) {
      self.clock = clock
      self.jitter = jitter
      self.traceID = traceID
      self.now = now
      self.idempotencyKey = idempotencyKey
    }
  }

  private let backend: any PaymentsBackend
  private let session: Session
  private let policy: RetryPolicy
  private let environment: Environment
  private let logger: any DeveloperLog

  public init(
    backend: any PaymentsBackend, session: Session, policy: RetryPolicy = RetryPolicy(),
    environment: Environment = Environment(), logger: any DeveloperLog
  ) {
    self.backend = backend
    self.session = session
    self.policy = policy
    self.environment = environment
    self.logger = logger
  }

  /// An answer the repository maps itself, with the context to put in its errors.
  public struct Answer: Sendable {
    public var response: BackendResponse
    public var context: ErrorContext
  }

  /// Throws `RequestFailure`, or `CancellationError` when the caller went away.
  ///
  /// - Parameters:
  ///   - body: the request's JSON body, if it has one.
  ///   - idempotencyKey: for a write: the same on every attempt and on the replay after a
  ///     token refresh, which is what makes retrying it safe.
  public func send(
    _ endpoint: BackendEndpoint, body: BackendRequest.Body? = nil, idempotencyKey: String? = nil
  ) async throws -> Answer {
    try await send(
      Outgoing(endpoint: endpoint, body: body, idempotencyKey: idempotencyKey),
      clock: environment.clock)
  }

  /// What every attempt of one request sends again.
  private struct Outgoing {
    let endpoint: BackendEndpoint
    let body: BackendRequest.Body?
    let idempotencyKey: String?
  }

  private func send<C: Clock<Duration>>(_ outgoing: Outgoing, clock: C) async throws -> Answer {
    let endpoint = outgoing.endpoint
    let start = clock.now
    var attempt = 0
    var refreshed = false
    while true {
      attempt += 1
      let outcome = try await sendOnce(outgoing, attempt: attempt)
      switch outcome {
      case .answer(let answer):
        return answer
      case .tokenExpired(let token, let context):
        guard !refreshed else { throw RequestFailure(.sessionExpired, context: context) }
        refreshed = true
        try await refreshSession(replacing: token, context: context)
      case .failure(let failure):
        let elapsed = start.duration(to: clock.now)
        guard
          let wait = policy.delay(
            after: failure, endpoint: endpoint, idempotencyKey: outgoing.idempotencyKey,
            attempt: attempt, elapsed: elapsed, jitter: environment.jitter)
        else { throw failure }
        var metadata = [LogMetadataKey.error: failure.summary]
        metadata[LogMetadataKey.traceID] = failure.context.traceID
        logger.log(
          .info,
          "retrying \(endpoint.rawValue) in \(LogFormat.milliseconds(wait)) (attempt \(attempt + 1) of \(policy.maxAttempts))",
          metadata: metadata)
        // Cancellation during the wait ends the request at once, as CancellationError.
        try await clock.sleep(for: wait)
      }
    }
  }

  private enum Outcome {
    case answer(Answer)
    case tokenExpired(Secret, ErrorContext)
    case failure(RequestFailure)
  }

  /// One request and its answer, sorted.
  private func sendOnce(_ outgoing: Outgoing, attempt: Int) async throws -> Outcome {
    let endpoint = outgoing.endpoint
    let traceID = environment.traceID(endpoint)
    var context = ErrorContext(operation: endpoint.rawValue, traceID: traceID, attempts: attempt)
    let token: Secret
    do {
      token = try await session.currentToken()
    } catch {
      context.underlying = error
      throw RequestFailure(.sessionExpired, context: context)
    }

    let response: BackendResponse
    do {
      switch try await exchange(
        BackendRequest(
          endpoint: endpoint, traceID: traceID, credential: .accessToken(token),
          body: outgoing.body, idempotencyKey: outgoing.idempotencyKey))
      {
      case .answered(let answer):
        response = answer
      case .failed(let transport, let cause):
        try Task.checkCancellation()
        context.underlying = cause
        return .failure(RequestFailure(Self.kind(of: transport), context: context))
      }
    } catch is CancellationError {
      throw CancellationError()
    } catch {
      // Not the client's to classify, but the request's context is: support must be able
      // to find this request too.
      context.underlying = error
      throw UnclassifiedRequestError(context: context)
    }

    record(response, in: &context)

    switch response.status {
    case 200..<300:
      return .answer(Answer(response: response, context: context))
    case 401:
      return .tokenExpired(token, context)
    default:
      guard let kind = Self.failureKind(status: response.status, serverCode: context.serverCode)
      else { return .answer(Answer(response: response, context: context)) }
      return .failure(RequestFailure(kind, context: context))
    }
  }

  /// The failures every endpoint shares, by status and server code; nil for an answer
  /// that only the caller can read (a 404 for a wallet, say).
  private static func failureKind(status: Int, serverCode: String?) -> RequestFailure.Kind? {
    switch (status, serverCode) {
    case (403, ServerCode.userNotVerified): .userNotVerified
    case (403, ServerCode.userLocked): .userLocked
    case (408, _): .timedOut
    case (426, _): .clientOutdated
    case (429, _): .rateLimited
    case (500..<600, _): .serviceUnavailable
    default: nil
    }
  }

  /// One request on the wire, logged at debug when it is sent and when it is answered (its
  /// status, or how the transport failed), so a reader of the log can watch the sources
  /// run side by side, the retries back off and the refresh being shared.
  ///
  /// A failed transport comes back as a value, with the error that reported it kept as
  /// its cause (a `TransportFailure` names the platform's code); any other error is thrown.
  private func exchange(_ request: BackendRequest) async throws -> Exchanged {
    var trace = [LogMetadataKey.traceID: request.traceID]
    trace["idempotencyKey"] = request.idempotencyKey
    logger.log(.debug, "→ \(request.endpoint.rawValue)", metadata: trace)
    do {
      var response = try await backend.send(request)
      logger.log(
        .debug, "← \(request.endpoint.rawValue) \(response.status)", metadata: trace)
      let (body, repairs) = AnswerBody.sanitized(response.body)
      if !repairs.isEmpty {
        response.body = body
        logger.log(
          .warning, "read the answer to \(request.endpoint.rawValue) with \(repairs.description)",
          metadata: trace)
      }
      return .answered(response)
    } catch {
      let transport = (error as? TransportError) ?? (error as? TransportFailure)?.error
      // A TransportFailure adds the platform's code: "connectionLost (URLError -1011)".
      let what: String
      if transport != nil {
        what = "\(error)"
      } else if error is CancellationError {
        what = "cancelled"
      } else if let urlError = error as? URLError {
        what = "failed (URLError \(urlError.code.rawValue))"
      } else {
        what = "failed (\(type(of: error)))"
      }
      logger.log(.debug, "← \(request.endpoint.rawValue) \(what)", metadata: trace)
      guard let transport else { throw error }
      return .failed(transport, cause: error)
    }
  }

  private enum Exchanged {
    case answered(BackendResponse)
    case failed(TransportError, cause: any Error)
  }

  /// The facts of an answer that every error made from it carries.
  private func record(_ response: BackendResponse, in context: inout ErrorContext) {
    let payload = try? JSONDecoder().decode(ErrorPayload.self, from: response.body)
    context.status = response.status
    context.serverCode = payload?.code
    context.serverMessage = payload?.message
    context.retryAfter = response.headers["retry-after"].flatMap {
      RetryAfter.parse($0, now: environment.now())
    }
  }

  /// Gets a fresh token for a request the backend answered 401, through the session, so
  /// that concurrent 401s share one refresh. A refusal ends the session and the request
  /// fails as `sessionExpired`; a refresh that failed on the way fails the request with
  /// that failure's kind (and so its recovery), the refresh kept as its cause.
  private func refreshSession(replacing token: Secret, context: ErrorContext) async throws {
    do {
      _ = try await session.refresh(replacing: token) { refreshToken in
        try await self.sendRefresh(refreshToken)
      }
    } catch let ended as SessionEnded {
      var context = context
      context.underlying = ended.cause
      throw RequestFailure(.sessionExpired, context: context)
    } catch let failure as RequestFailure {
      var context = context
      context.underlying = failure
      throw RequestFailure(failure.kind, context: context)
    }
    var metadata: [String: String] = [:]
    metadata[LogMetadataKey.traceID] = context.traceID
    logger.log(
      .info, "access token expired; repeating \(context.operation) with a fresh token",
      metadata: metadata)
  }

  /// `POST /session/refresh`, sent once per shared refresh and logged once, as a request of
  /// its own with its trace id and outcome.
  private func sendRefresh(_ refreshToken: Secret) async throws -> Secret {
    do {
      let (body, context) = try await sendSessionRequest(
        .refreshSession, credential: .refreshToken(refreshToken), refusal: RefreshRefused.init)
      guard let payload = try? JSONDecoder().decode(SessionPayload.self, from: body) else {
        throw RequestFailure(.malformedResponse, context: context)
      }
      logRefresh(.info, "refreshed the session", context: context)
      return Secret(payload.accessToken)
    } catch let refused as RefreshRefused {
      logRefresh(.warning, "the backend refused to refresh the session; it has ended", refused)
      throw refused
    } catch let failure as RequestFailure {
      logRefresh(
        .warning, "could not refresh the session (\(failure.kind.rawValue)); it stays open",
        failure)
      throw failure
    }
  }

  /// Signs in: `POST /session` with the user's credentials, and on success a new session
  /// with the tokens it returns.
  ///
  /// Throws `SignInRefused` when the backend turns the credentials down, a `RequestFailure`
  /// when the request itself failed, or `CancellationError`.
  public func signIn(username: String, password: Secret) async throws {
    let (body, context) = try await sendSessionRequest(
      .signIn, credential: .password(username: username, password: password),
      refusal: SignInRefused.init)
    guard let tokens = try? JSONDecoder().decode(SignInPayload.self, from: body) else {
      throw RequestFailure(.malformedResponse, context: context)
    }
    await session.start(
      accessToken: Secret(tokens.accessToken), refreshToken: Secret(tokens.refreshToken))
    logRefresh(.info, "signed in: a new session", context: context)
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
    let response: BackendResponse
    switch try await exchange(
      BackendRequest(endpoint: endpoint, traceID: traceID, credential: credential))
    {
    case .answered(let answer):
      response = answer
    case .failed(let transport, let cause):
      try Task.checkCancellation()
      context.underlying = cause
      throw RequestFailure(Self.kind(of: transport), context: context)
    }
    record(response, in: &context)
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

  private static func kind(of transport: TransportError) -> RequestFailure.Kind {
    switch transport {
    case .offline: .offline
    case .timedOut: .timedOut
    case .connectionLost: .connectionLost
    case .cannotReachServer: .serverUnreachable
    case .secureConnectionFailed: .insecureConnection
    case .responseTooLarge: .responseTooLarge
    case .cancelled: .interrupted
    }
  }
}

/// A request failed with an error the client has no mapping for (a bug in the transport,
/// an SDK's own error). It keeps that error whole and adds the request's context, so the
/// trace id reaches the log; the use cases treat it as unknown.
public struct UnclassifiedRequestError: ClassifiedError, ContextualError, Sendable {
  public let context: ErrorContext

  public var recovery: Recovery { .notRecoverable(.inspectCause) }
  public var interruption: FlowInterruption? { nil }
  public var underlyingError: (any Error)? { context.underlying }
  public var summary: String { "UnclassifiedRequestError(\(context))" }
}

/// The backend turned the credentials of a sign-in down (`invalid_credentials`): the user
/// is still signed out, so the way on is the sign-in screen again.
public struct SignInRefused: ClassifiedError, ContextualError, Sendable {
  public let context: ErrorContext

  public var recovery: Recovery { .signInAgain }
  public var interruption: FlowInterruption? { .sessionEnded }
  public var underlyingError: (any Error)? { nil }
  public var summary: String { "SignInRefused(\(context))" }
}
