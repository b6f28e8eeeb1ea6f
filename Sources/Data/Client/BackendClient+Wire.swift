import Domain
import Foundation

/// One exchange on the wire, and the names of its failures.
extension BackendClient {
  /// One request on the wire, logged at debug when it is sent and when it is answered (its
  /// status, or how the transport failed), so a reader of the log can watch the sources
  /// run side by side, the retries back off and the refresh being shared.
  ///
  /// Returns the answer, whatever its status, with its facts recorded in `context`. Throws
  /// a `RequestFailure` of the transport's kind when the transport failed, the error that
  /// reported it kept as its cause (a `TransportFailure` names the platform's code); the
  /// caller's own cancellation as `CancellationError`; anything else, which the client has
  /// no name for, as an `UnclassifiedRequestError` that keeps it with the request's context.
  func exchange(_ request: BackendRequest, context: inout ErrorContext) async throws
    -> BackendResponse
  {
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
      Self.record(response, in: &context, now: environment.now())
      return response
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
      if error is CancellationError { throw error }
      // The transport may report the caller's own cancellation as its own failure.
      try Task.checkCancellation()
      context.underlying = error
      guard let transport else { throw UnclassifiedRequestError(context: context) }
      throw RequestFailure(Self.kind(of: transport), context: context)
    }
  }

  /// The facts of an answer that every error made from it carries. Only a refusal's body
  /// holds the server's code and message: a success's is the answer itself.
  static func record(_ response: BackendResponse, in context: inout ErrorContext, now: Date) {
    let refused = !(200..<300).contains(response.status)
    let payload = refused ? try? JSONDecoder().decode(ErrorPayload.self, from: response.body) : nil
    context.status = response.status
    context.serverCode = payload?.code
    context.serverMessage = payload?.message
    context.retryAfter = response.headers["retry-after"].flatMap {
      RetryAfter.parse($0, now: now)
    }
  }

  /// The failures every endpoint shares, by status and server code; nil for an answer
  /// that only the caller can read (a 404 for a wallet, say).
  static func failureKind(status: Int, serverCode: String?) -> RequestFailure.Kind? {
    switch (status, serverCode) {
    case (403, ServerCode.userNotVerified): .userNotVerified
    case (403, ServerCode.userLocked): .userLocked
    case (405, _), (501, _): .notOffered
    case (408, _): .timedOut
    case (426, _): .appOutdated
    case (429, _): .rateLimited
    case (500..<600, _): .serviceUnavailable
    default: nil
    }
  }

  static func kind(of transport: TransportError) -> RequestFailure.Kind {
    switch transport {
    case .offline: .offline
    case .timedOut: .timedOut
    case .connectionLost: .connectionLost
    case .serverUnreachable: .serverUnreachable
    case .insecureConnection: .insecureConnection
    case .responseTooLarge: .responseTooLarge
    case .cancelled: .cancelledBelow
    }
  }
}
