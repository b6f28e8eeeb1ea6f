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

    public init(
      clock: any Clock<Duration> = ContinuousClock(),
      jitter: @escaping @Sendable (Duration) -> Duration = { $0 * Double.random(in: 0...1) },
      traceID: @escaping @Sendable (BackendEndpoint) -> String = { _ in
        // 16 hex digits, the size of a W3C span id: unique enough, short enough to read out.
        String(UUID().uuidString.lowercased().filter(\.isHexDigit).prefix(16))
      },
      now: @escaping @Sendable () -> Date = Date.init
    ) {
      self.clock = clock
      self.jitter = jitter
      self.traceID = traceID
      self.now = now
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
  public func send(_ endpoint: BackendEndpoint) async throws -> Answer {
    try await send(endpoint, clock: environment.clock)
  }

  private func send<C: Clock<Duration>>(_ endpoint: BackendEndpoint, clock: C) async throws
    -> Answer
  {
    let start = clock.now
    var attempt = 0
    var refreshed = false
    while true {
      attempt += 1
      let outcome = try await sendOnce(endpoint, attempt: attempt)
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
            after: failure, endpoint: endpoint, attempt: attempt, elapsed: elapsed,
            jitter: environment.jitter)
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
  private func sendOnce(_ endpoint: BackendEndpoint, attempt: Int) async throws -> Outcome {
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
      response = try await backend.send(
        BackendRequest(endpoint: endpoint, traceID: traceID, credential: token))
    } catch let transport as TransportError {
      try Task.checkCancellation()
      context.underlying = transport
      return .failure(RequestFailure(Self.kind(of: transport), context: context))
    }

    let payload = try? JSONDecoder().decode(ErrorPayload.self, from: response.body)
    context.status = response.status
    context.serverCode = payload?.code
    context.serverMessage = payload?.message
    context.retryAfter = response.headers["retry-after"].flatMap {
      RetryAfter.parse($0, now: environment.now())
    }

    switch (response.status, payload?.code) {
    case (200..<300, _):
      return .answer(Answer(response: response, context: context))
    case (401, _):
      return .tokenExpired(token, context)
    case (403, ServerCode.userNotVerified):
      return .failure(RequestFailure(.userNotVerified, context: context))
    case (403, ServerCode.userLocked):
      return .failure(RequestFailure(.userLocked, context: context))
    case (408, _):
      return .failure(RequestFailure(.timedOut, context: context))
    case (426, _):
      return .failure(RequestFailure(.clientOutdated, context: context))
    case (429, _):
      return .failure(RequestFailure(.rateLimited, context: context))
    case (500..<600, _):
      return .failure(RequestFailure(.serviceUnavailable, context: context))
    default:
      return .answer(Answer(response: response, context: context))
    }
  }

  private func refreshSession(replacing token: Secret, context: ErrorContext) async throws {
    let backend = backend
    let traceID = environment.traceID
    do {
      _ = try await session.refresh(replacing: token) { refreshToken in
        let request = BackendRequest(
          endpoint: .refreshSession, traceID: traceID(.refreshSession), credential: refreshToken)
        let response = try await backend.send(request)
        guard response.status == 200,
          let payload = try? JSONDecoder().decode(SessionPayload.self, from: response.body)
        else {
          let code = (try? JSONDecoder().decode(ErrorPayload.self, from: response.body))?.code
          throw RefreshRefused(status: response.status, serverCode: code, traceID: request.traceID)
        }
        return Secret(payload.accessToken)
      }
      var metadata: [String: String] = [:]
      metadata[LogMetadataKey.traceID] = context.traceID
      logger.log(
        .info, "access token expired; repeating \(context.operation) with a fresh token",
        metadata: metadata)
    } catch let ended as SessionEnded {
      var context = context
      context.underlying = ended.cause
      throw RequestFailure(.sessionExpired, context: context)
    }
  }

  private static func kind(of transport: TransportError) -> RequestFailure.Kind {
    switch transport {
    case .offline: .offline
    case .timedOut: .timedOut
    case .connectionLost: .connectionLost
    case .cancelled: .interrupted
    }
  }
}

/// The backend would not refresh the session, such as `invalid_grant`.
public struct RefreshRefused: Error, Equatable, Sendable, CustomStringConvertible {
  public let status: Int
  public let serverCode: String?
  public let traceID: String

  public var description: String {
    "RefreshRefused(POST /session/refresh status=\(status) code=\(serverCode ?? "none") traceId=\(traceID))"
  }
}
