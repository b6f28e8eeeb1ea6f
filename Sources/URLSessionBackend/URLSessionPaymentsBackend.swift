import DataLayer
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The payments backend over HTTP, as an app ships it: each `BackendRequest` becomes one
/// `URLRequest` of the wire contract (docs/HTTP.md), and each answer a `BackendResponse`.
///
/// What an answer means is `BackendClient`'s to decide. This type keeps the boundary's own
/// promises: every `URLError` becomes a `TransportError` (`transportErrors`, one table for
/// Darwin's and Linux's words), a body past the endpoint's `responseLimit` is cut off
/// (`responseTooLarge`), a request past its deadline fails as `timedOut` however slowly the
/// bytes trickle in, and the caller's cancellation returns at once.
public final class URLSessionPaymentsBackend: PaymentsBackend {
  private let baseURL: URL
  private let session: URLSession
  private let exchanges: Exchanges
  /// Where the session calls its delegate; kept here, since an operation queue does not
  /// keep its underlying queue alive.
  private let deliveryQueue = DispatchQueue(label: "URLSessionPaymentsBackend.delegate")
  private let requestTimeout: Duration
  private let requestDeadline: Duration
  private let writeTimeLimit: Duration?
  private let userAgent: String?
  private let clock: any Clock<Duration>

  /// - Parameters:
  ///   - baseURL: where the contract's paths start, such as `https://api.example.com/v1`;
  ///     any scheme but http and https fails every request.
  ///   - configuration: an app's own, or one with stub protocol classes in tests. The
  ///     backend is its session's delegate: on Linux, the only way to see a body arrive.
  ///   - requestTimeout: how long a request may receive nothing before it fails as
  ///     `timedOut` (Linux counts whole seconds, so there it is at least one).
  ///   - requestDeadline: how long a request may take to its last byte, whatever the
  ///     server does, before it fails as `timedOut`.
  ///   - writeTimeLimit: for a write (`BackendEndpoint.isWrite`), both limits at once: how
  ///     long it may receive nothing, and take in all. A server that makes the change before
  ///     it answers sends nothing meanwhile, so a write waits as long as its use case's
  ///     deadline lets it. Nil holds a write to the limits above, as a read.
  ///   - userAgent: `name/version`, sent as `User-Agent`; nil leaves the platform's own.
  ///   - clock: what `requestDeadline` is measured on.
  public init(
    baseURL: URL, configuration: URLSessionConfiguration = .ephemeral,
    requestTimeout: Duration = .seconds(10), requestDeadline: Duration = .seconds(30),
    writeTimeLimit: Duration? = nil, userAgent: String? = nil,
    clock: any Clock<Duration> = ContinuousClock()
  ) {
    self.baseURL = baseURL
    self.requestTimeout = requestTimeout
    self.requestDeadline = requestDeadline
    self.writeTimeLimit = writeTimeLimit
    self.userAgent = userAgent
    self.clock = clock
    let exchanges = Exchanges()
    // The delegate's calls run in order on a dispatch queue of the backend's own. (On
    // Linux, an operation queue of its own falls behind a fast body and holds every chunk
    // it has not yet handed over: hundreds of megabytes a second.)
    let delegateQueue = OperationQueue()
    delegateQueue.maxConcurrentOperationCount = 1
    delegateQueue.underlyingQueue = deliveryQueue
    self.exchanges = exchanges
    self.session = URLSession(
      configuration: configuration, delegate: exchanges, delegateQueue: delegateQueue)
  }

  deinit {
    // A session keeps its delegate, and itself, until it is invalidated. Not here and now:
    // on Linux, invalidating waits for the session's queue (see `Exchange`). No exchange
    // waits for its answer (each `send` holds the backend), so the events can stop here.
    let session = session
    Exchange.aside { session.invalidateAndCancel() }
    exchanges.finish()
  }

  public func send(_ request: BackendRequest) async throws -> BackendResponse {
    let urlRequest = try makeURLRequest(request)
    let exchange = Exchange(limit: request.endpoint.responseLimit)
    let (body, response): (Foundation.Data, HTTPURLResponse)
    do {
      (body, response) = try await withTaskCancellationHandler {
        try await exchange.answer(
          to: urlRequest, in: session, through: exchanges,
          deadline: limits(of: request.endpoint).whole, on: clock)
      } onCancel: {
        exchange.cancel()
      }
    } catch let error as URLError {
      // Both platforms report the caller's own cancellation as URLError.cancelled: it is
      // not a failure of the request.
      if Task.isCancelled { throw CancellationError() }
      guard let transport = Self.transportErrors[error.code] else { throw error }
      throw TransportFailure(transport, cause: error)
    }
    var headers: [String: String] = [:]
    for (name, value) in response.allHeaderFields {
      guard let name = name as? String, let value = value as? String else { continue }
      headers[name.lowercased()] = value
    }
    return BackendResponse(status: response.statusCode, headers: headers, body: body)
  }

  /// The request of the wire contract: method and path from the endpoint; `Accept`,
  /// `X-Request-ID`, and the app's `User-Agent` if it has one, always; the access token as a
  /// bearer token, never in the URL; the refresh token or the sign-in credentials in the
  /// body; the idempotency key as a header.
  func makeURLRequest(_ request: BackendRequest) throws -> URLRequest {
    let (method, path) = request.endpoint.methodAndPath(resourceID: request.resourceID)
    // The path is percent-encoded already (an id may hold any byte): joined as it is, so
    // nothing encodes it twice.
    let base = baseURL.absoluteString
    guard let url = URL(string: (base.hasSuffix("/") ? String(base.dropLast()) : base) + path)
    else { throw URLError(.badURL) }
    var urlRequest = URLRequest(url: url)
    urlRequest.httpMethod = method
    urlRequest.timeoutInterval = Self.seconds(limits(of: request.endpoint).idle)
    urlRequest.setValue("application/json", forHTTPHeaderField: "Accept")
    // Bodies uncompressed: a few kilobytes of JSON gain nothing, and a compressed body
    // can inflate a thousandfold before anything counts it. (One sent compressed anyway
    // is still counted, and cut off, as it is inflated.)
    urlRequest.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
    urlRequest.setValue(request.traceID, forHTTPHeaderField: "X-Request-ID")
    if let userAgent { urlRequest.setValue(userAgent, forHTTPHeaderField: "User-Agent") }
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

  /// How long a request to `endpoint` may go without a byte, and take in all: a write's own
  /// limit for both, where one is given.
  private func limits(of endpoint: BackendEndpoint) -> (idle: Duration, whole: Duration) {
    guard endpoint.isWrite, let writeTimeLimit else { return (requestTimeout, requestDeadline) }
    return (writeTimeLimit, writeTimeLimit)
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

  /// Every `URLError` code the app gives a meaning to, with the transport failure it is.
  /// docs/HTTP.md has the same table with the events each platform reports with each code.
  /// A code not listed (a bad URL, a redirect loop) is a bug or a misconfiguration rather
  /// than the network's weather: it is thrown as it is, and the client keeps it, with the
  /// request's trace id, as an error nobody classified.
  public static let transportErrors: [URLError.Code: TransportError] = [
    // No network. Darwin only: Linux has no way to know, and reports a connection that
    // could not be made instead.
    .notConnectedToInternet: .offline,
    .dataNotAllowed: .offline,
    .internationalRoamingOff: .offline,
    .callIsActive: .offline,
    // Too long without a byte, a connection that never opened, or past the request's
    // deadline.
    .timedOut: .timedOut,
    // The connection dropped, or the answer came back cut short or unreadable as HTTP.
    // Linux says badServerResponse when the server closed without a word, and unknown (-1)
    // for most failures it has no code for, such as a body cut short.
    .networkConnectionLost: .connectionLost,
    .badServerResponse: .connectionLost,
    .unknown: .connectionLost,
    // Online, but the server is not there: a name that does not resolve, a refused
    // connection. Not "offline", which would send the user to their Wi-Fi settings.
    .cannotFindHost: .serverUnreachable,
    .dnsLookupFailed: .serverUnreachable,
    .cannotConnectToHost: .serverUnreachable,
    // The TLS handshake or the certificate failed (Darwin; Linux says unknown).
    .secureConnectionFailed: .insecureConnection,
    .serverCertificateHasBadDate: .insecureConnection,
    .serverCertificateUntrusted: .insecureConnection,
    .serverCertificateHasUnknownRoot: .insecureConnection,
    .serverCertificateNotYetValid: .insecureConnection,
    .clientCertificateRejected: .insecureConnection,
    .clientCertificateRequired: .insecureConnection,
    // More than the endpoint's limit: a body, or headers, past what the contract allows.
    .dataLengthExceedsMaximum: .responseTooLarge,
    // Cancelled by something other than the caller (the system, a session invalidated).
    .cancelled: .cancelled,
  ]
}
