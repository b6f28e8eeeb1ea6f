/// What a developer needs to know about an error that crossed the data boundary: which
/// request, which answer, and what it wrapped.
public struct ErrorContext: Sendable {
  /// The source call that failed, such as "GET /cards".
  public var operation: String
  /// Unique per request sent; the id support asks for. Nil where no request was sent.
  public var traceID: String?
  /// The HTTP status, where the backend answered.
  public var status: Int?
  /// The backend's own code and message, where its answer had them.
  public var serverCode: String?
  public var serverMessage: String?
  /// How many times the request was sent, retries and the repeat after a token refresh
  /// included.
  public var attempts: Int
  /// How long the backend asked the client to wait before trying again.
  public var retryAfter: Duration?
  /// Whether an attempt before the last may have reached the backend (it timed out, lost
  /// its connection, or was answered): then a write may have been made, whatever the last
  /// attempt met.
  public var anEarlierAttemptMayHaveArrived: Bool
  /// The error this one was made from, such as a transport error.
  public var underlying: (any Error)?

  public init(
    operation: String, traceID: String? = nil, status: Int? = nil, serverCode: String? = nil,
    serverMessage: String? = nil, attempts: Int = 1, retryAfter: Duration? = nil,
    anEarlierAttemptMayHaveArrived: Bool = false, underlying: (any Error)? = nil
  ) {
    self.operation = operation
    self.traceID = traceID
    self.status = status
    self.serverCode = serverCode
    self.serverMessage = serverMessage
    self.attempts = attempts
    self.retryAfter = retryAfter
    self.anEarlierAttemptMayHaveArrived = anEarlierAttemptMayHaveArrived
    self.underlying = underlying
  }
}

extension ErrorContext: CustomStringConvertible {
  /// "GET /cards status=503 code=maintenance attempts=3 traceId=…": the facts, none missing,
  /// none invented.
  public var description: String {
    var parts = [operation]
    if let status { parts.append("status=\(status)") }
    if let serverCode { parts.append("code=\(serverCode)") }
    if let serverMessage { parts.append("message=\"\(serverMessage)\"") }
    if attempts > 1 { parts.append("attempts=\(attempts)") }
    if let retryAfter { parts.append("retryAfter=\(LogFormat.milliseconds(retryAfter))") }
    if anEarlierAttemptMayHaveArrived { parts.append("anEarlierAttemptMayHaveArrived") }
    if let traceID { parts.append("traceId=\(traceID)") }
    return parts.joined(separator: " ")
  }
}
