import Domain
import Foundation

/// Sends the repositories' requests: gives each a trace id, attaches the access token,
/// refreshes it once when the backend says it expired, retries what `RetryPolicy` allows,
/// and maps every generic failure (transport, 401, 403 user states, 408, 426, 429, 5xx,
/// unreadable bodies) to a `RequestFailure` with its context. Answers that only a
/// repository understands (a 404 for a wallet, say) are returned for it to map.
///
/// Three files, one job each: this one, a request and its retries;
/// `BackendClient+Session.swift`, the token's refresh and sign-in;
/// `BackendClient+Wire.swift`, one exchange on the wire and how its failures are named.
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

  let backend: any PaymentsBackend
  let session: Session
  private let policy: RetryPolicy
  let environment: Environment
  let logger: any DeveloperLog

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

  /// A response the repository maps itself (through its mapper, such as `WalletMapper`),
  /// with the context to put in its errors.
  public struct ResponseInContext: Sendable {
    public var response: BackendResponse
    public var context: ErrorContext
  }

  /// Throws `RequestFailure`, or `CancellationError` when the caller went away.
  ///
  /// - Parameters:
  ///   - body: the request's JSON body, if it has one.
  ///   - idempotencyKey: for a write: the same on every attempt and on the replay after a
  ///     token refresh, which is what makes retrying it safe.
  ///   - resourceID: what `{id}` in the endpoint's path stands for.
  public func send(
    _ endpoint: BackendEndpoint, body: BackendRequest.Body? = nil, idempotencyKey: String? = nil,
    resourceID: String? = nil
  ) async throws -> ResponseInContext {
    try await send(
      Outgoing(
        endpoint: endpoint, body: body, idempotencyKey: idempotencyKey, resourceID: resourceID),
      clock: environment.clock)
  }

  /// What every attempt of one request sends again.
  private struct Outgoing {
    let endpoint: BackendEndpoint
    let body: BackendRequest.Body?
    let idempotencyKey: String?
    let resourceID: String?
  }

  private func send<C: Clock<Duration>>(_ outgoing: Outgoing, clock: C) async throws
    -> ResponseInContext
  {
    let endpoint = outgoing.endpoint
    let start = clock.now
    var attempt = 0
    var refreshed = false
    // Whether an attempt so far may have reached the backend: said with the last failure,
    // so that a write is never taken for one not made because its last attempt was not.
    var mayHaveArrived = false
    while true {
      attempt += 1
      let result = try await sendOnce(outgoing, attempt: attempt)
      switch result {
      case .answer(let answer):
        return answer
      case .tokenExpired(let token, var context):
        // A second 401 with a fresh token: the backend will not take this session.
        context.anEarlierAttemptMayHaveArrived = mayHaveArrived
        guard !refreshed else { throw RequestFailure(.sessionEnded, context: context) }
        refreshed = true
        try await refreshSession(replacing: token, context: context)
      case .failure(let last):
        var context = last.context
        context.anEarlierAttemptMayHaveArrived = mayHaveArrived
        let failure = RequestFailure(last.kind, context: context)
        mayHaveArrived = mayHaveArrived || !failure.kind.neverReachesTheBackend
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
          "retrying \(endpoint.rawValue) in \(LogFormat.milliseconds(wait)) "
            + "(attempt \(attempt + 1) of \(policy.maxAttempts))",
          metadata: metadata)
        // Cancellation during the wait ends the request at once, as CancellationError.
        try await clock.sleep(for: wait)
      }
    }
  }

  /// How one attempt ended.
  private enum AttemptResult {
    case answer(ResponseInContext)
    case tokenExpired(Secret, ErrorContext)
    case failure(RequestFailure)
  }

  /// One request and its answer, sorted.
  private func sendOnce(_ outgoing: Outgoing, attempt: Int) async throws -> AttemptResult {
    let endpoint = outgoing.endpoint
    let traceID = environment.traceID(endpoint)
    var context = ErrorContext(operation: endpoint.rawValue, traceID: traceID, attempts: attempt)
    let token: Secret
    do {
      token = try await session.currentToken()
    } catch {
      throw Self.failed(context, because: error)
    }

    let response: BackendResponse
    do {
      response = try await exchange(
        BackendRequest(
          endpoint: endpoint, traceID: traceID, credential: .accessToken(token),
          body: outgoing.body, idempotencyKey: outgoing.idempotencyKey,
          resourceID: outgoing.resourceID),
        context: &context)
    } catch let failure as RequestFailure {
      // A transport failure: the retry policy decides whether it is worth another attempt.
      return .failure(failure)
    }

    switch response.status {
    case 200..<300:
      return .answer(ResponseInContext(response: response, context: context))
    case 401:
      return .tokenExpired(token, context)
    default:
      guard let kind = Self.failureKind(status: response.status, serverCode: context.serverCode)
      else { return .answer(ResponseInContext(response: response, context: context)) }
      return .failure(RequestFailure(kind, context: context))
    }
  }

}

extension BackendClient.ResponseInContext {
  /// Throws `unexpectedAnswer` unless the status is a 2xx: the client has sorted the
  /// failures every endpoint shares, and the endpoint has no meaning for any other answer.
  func requireSuccess() throws(RequestFailure) {
    guard (200..<300).contains(response.status) else {
      throw RequestFailure(.unexpectedAnswer, context: context)
    }
  }

  /// What a refusal's body says beside the server's code, which the client has read into
  /// the context (`ErrorContext.serverCode`, by `BackendClient.record`): nil when the body
  /// does not decode as `type`.
  func refusal<Payload: Decodable>(_ type: Payload.Type) -> Payload? {
    try? JSONDecoder().decode(type, from: response.body)
  }

  /// Decodes the body; a body that does not decode is a malformed response, with the
  /// decoding error kept as its cause.
  func decode<Payload: Decodable>(_ type: Payload.Type) throws(RequestFailure) -> Payload {
    do {
      return try JSONDecoder().decode(type, from: response.body)
    } catch {
      var context = context
      context.underlying = error
      throw RequestFailure(.malformedResponse, context: context)
    }
  }
}
