import DataLayer
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The payments backend over HTTP, as an app ships it: each `BackendRequest` becomes one
/// `URLRequest` of the wire contract (docs/HTTP.md), and each answer a `BackendResponse`.
///
/// It decides nothing about what an answer means; `BackendClient` does. Its one decision is
/// at the boundary: every `URLError` becomes a `TransportError` through `transportErrors`,
/// one table for Darwin and Linux, whose `URLSession`s fail in different words for the same
/// events. The caller's cancellation stays a `CancellationError` on both.
public struct URLSessionPaymentsBackend: PaymentsBackend {
  private let baseURL: URL
  private let session: URLSession
  private let requestTimeout: Duration

  /// - Parameters:
  ///   - baseURL: where the contract's paths start, such as `https://api.example.com/v1`.
  ///   - session: injected, so that tests can pass a configuration with stub protocol
  ///     classes, and an app its own configuration.
  ///   - requestTimeout: how long one request may go without receiving anything before it
  ///     fails as `timedOut`. Linux's URLSession counts it in whole seconds, rounding down,
  ///     so there it is never less than one. A use case's deadline still bounds every
  ///     source.
  ///
  /// The base URL should be http or https: any other scheme fails every request.
  public init(baseURL: URL, session: URLSession, requestTimeout: Duration = .seconds(10)) {
    self.baseURL = baseURL
    self.session = session
    self.requestTimeout = requestTimeout
  }

  public func send(_ request: BackendRequest) async throws -> BackendResponse {
    let urlRequest = try makeURLRequest(request)
    let data: Foundation.Data
    let response: URLResponse
    do {
      (data, response) = try await exchange(urlRequest)
    } catch let error as URLError {
      // Both platforms report the caller's own cancellation as URLError.cancelled: it is
      // not a failure of the request.
      if Task.isCancelled { throw CancellationError() }
      guard let transport = Self.transportErrors[error.code] else { throw error }
      throw TransportFailure(transport, cause: error)
    }
    guard let http = response as? HTTPURLResponse else {
      // Not an HTTP answer at all: nothing the client can read.
      let error = URLError(.badServerResponse)
      throw TransportFailure(Self.transportErrors[error.code] ?? .connectionLost, cause: error)
    }
    var headers: [String: String] = [:]
    for (name, value) in http.allHeaderFields {
      guard let name = name as? String, let value = value as? String else { continue }
      headers[name.lowercased()] = value
    }
    return BackendResponse(status: http.statusCode, headers: headers, body: data)
  }

  /// The request of the wire contract: method and path from the endpoint; `Accept` and
  /// `X-Request-ID` always; the access token as a bearer token, never in the URL; the
  /// refresh token or the sign-in credentials in the body; the idempotency key as a header.
  func makeURLRequest(_ request: BackendRequest) throws -> URLRequest {
    let (method, path) = Self.methodAndPath(request.endpoint)
    var urlRequest = URLRequest(url: baseURL.appendingPathComponent(path))
    urlRequest.httpMethod = method
    urlRequest.timeoutInterval = Self.seconds(requestTimeout)
    urlRequest.setValue("application/json", forHTTPHeaderField: "Accept")
    urlRequest.setValue(request.traceID, forHTTPHeaderField: "X-Request-ID")
    if let key = request.idempotencyKey {
      urlRequest.setValue(key, forHTTPHeaderField: "Idempotency-Key")
    }

    var body = request.body?.bytes
    switch request.credential {
    case .accessToken(let token):
      // Apple lists Authorization among the headers URLSession may manage itself; it only
      // does so when it answers an authentication challenge, which a bearer-token API
      // never sends. Redirects, which could carry it to another origin, are refused.
      urlRequest.setValue("Bearer \(token.value)", forHTTPHeaderField: "Authorization")
    case .refreshToken(let token):
      body = try JSONEncoder().encode(["refreshToken": token.value])
    case .password(let username, let password):
      body = try JSONEncoder().encode(["username": username, "password": password.value])
    }
    if let body {
      urlRequest.httpBody = body
      urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type")
    }
    return urlRequest
  }

  /// One exchange on a data task, with the caller's cancellation passed on to it.
  ///
  /// Not `URLSession.data(for:)`: on Linux (swift-corelibs-foundation, up to at least Swift
  /// 6.3) cancelling it while its answer arrives can deadlock, since the cancellation
  /// handler runs under the task's lock and `URLSessionTask.cancel()` waits for the queue
  /// that is delivering the answer (swift-corelibs-foundation#5412). Here the cancellation
  /// only asks a global queue to cancel the data task, and never waits.
  private func exchange(_ urlRequest: URLRequest) async throws -> (Foundation.Data, URLResponse) {
    let handle = DataTaskHandle()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let task = session.dataTask(with: urlRequest) { data, response, error in
          if let error {
            continuation.resume(throwing: error)
          } else if let response {
            continuation.resume(returning: (data ?? Foundation.Data(), response))
          } else {
            continuation.resume(throwing: URLError(.badServerResponse))
          }
        }
        task.delegate = Self.refusingRedirects
        handle.start(task)
      }
    } onCancel: {
      handle.cancel()
    }
  }

  /// The delegate of every data task: a redirect is never followed, so the bearer token
  /// and a card's body only ever go to the base URL's origin. The 3xx answer itself comes
  /// back, and the client reads it as an answer it has no mapping for.
  private static let refusingRedirects = RefusingRedirects()

  private final class RefusingRedirects: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
      _ session: URLSession, task: URLSessionTask,
      willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
      completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
      completionHandler(nil)
    }
  }

  /// The request's timeout as URLRequest takes it. Linux drops any fraction of a second, so
  /// there a timeout under one second would be none at all: it is raised to one.
  private static func seconds(_ duration: Duration) -> TimeInterval {
    let (seconds, attoseconds) = duration.components
    let exact = Double(seconds) + Double(attoseconds) / 1e18
    #if canImport(FoundationNetworking)
      return max(1, exact.rounded(.down))
    #else
      return exact
    #endif
  }

  private static func methodAndPath(_ endpoint: BackendEndpoint) -> (String, String) {
    // The raw value is the contract's own "METHOD /path".
    let parts = endpoint.rawValue.split(separator: " ", maxSplits: 1)
    return (String(parts.first ?? "GET"), String(parts.last ?? "/"))
  }

  /// Every `URLError` code the app gives a meaning to, with the transport failure it is.
  /// docs/HTTP.md has the same table with the events each platform reports with each code.
  /// A code not listed (a bad URL, a redirect loop, an undecodable body) is a bug or a
  /// misconfiguration rather than the network's weather: it is thrown as it is, and the
  /// client keeps it, with the request's trace id, as an error nobody classified.
  public static let transportErrors: [URLError.Code: TransportError] = [
    // No network. Darwin only: Linux has no way to know, and reports a connection that
    // could not be made instead.
    .notConnectedToInternet: .offline,
    .dataNotAllowed: .offline,
    .internationalRoamingOff: .offline,
    .callIsActive: .offline,
    // Too long without a byte: the request's timeout, or a connection that never opened.
    .timedOut: .timedOut,
    // The connection dropped, or the answer came back cut short or unreadable as HTTP.
    // Linux says badServerResponse when the server closed without a word, and unknown (-1)
    // for most failures it has no code for, such as a body cut short.
    .networkConnectionLost: .connectionLost,
    .badServerResponse: .connectionLost,
    .unknown: .connectionLost,
    // Online, but the server is not there: a name that does not resolve, a refused
    // connection. Not "offline", which would send the user to their Wi-Fi settings.
    .cannotFindHost: .cannotReachServer,
    .dnsLookupFailed: .cannotReachServer,
    .cannotConnectToHost: .cannotReachServer,
    // The TLS handshake or the certificate failed (Darwin; Linux says unknown).
    .secureConnectionFailed: .secureConnectionFailed,
    .serverCertificateHasBadDate: .secureConnectionFailed,
    .serverCertificateUntrusted: .secureConnectionFailed,
    .serverCertificateHasUnknownRoot: .secureConnectionFailed,
    .serverCertificateNotYetValid: .secureConnectionFailed,
    .clientCertificateRejected: .secureConnectionFailed,
    .clientCertificateRequired: .secureConnectionFailed,
    // Cancelled by something other than the caller (the system, a session invalidated).
    .cancelled: .cancelled,
  ]
}

/// The data task of one exchange, started and cancelled from different threads.
private final class DataTaskHandle: @unchecked Sendable {
  // Safe: `task` and `isCancelled` are only read or written while holding `lock`, and the
  // task itself is Sendable.
  private let lock = NSLock()
  private var task: URLSessionDataTask?
  private var isCancelled = false

  /// Resumes the task, or cancels it at once if the caller was cancelled before it existed.
  func start(_ task: URLSessionDataTask) {
    let cancelled = lock.withLock {
      self.task = task
      return isCancelled
    }
    task.resume()
    if cancelled { Self.cancelLater(task) }
  }

  func cancel() {
    let task = lock.withLock {
      isCancelled = true
      return self.task
    }
    if let task { Self.cancelLater(task) }
  }

  /// Cancels on a global queue, so that the caller's cancellation never waits for the
  /// session's own queue (see `exchange`).
  private static func cancelLater(_ task: URLSessionDataTask) {
    DispatchQueue.global().async { task.cancel() }
  }
}
