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
  ///     so it is never less than one. A use case's deadline still bounds every source.
  public init(baseURL: URL, session: URLSession, requestTimeout: Duration = .seconds(10)) {
    self.baseURL = baseURL
    self.session = session
    self.requestTimeout = max(requestTimeout, .seconds(1))
  }

  public func send(_ request: BackendRequest) async throws -> BackendResponse {
    let urlRequest = try makeURLRequest(request)
    let data: Foundation.Data
    let response: URLResponse
    do {
      (data, response) = try await session.data(for: urlRequest)
    } catch let error as URLError {
      // Both platforms report the caller's own cancellation as URLError.cancelled (Linux
      // always, Darwin for the async API): it is not a failure of the request.
      if Task.isCancelled { throw CancellationError() }
      guard let transport = Self.transportErrors[error.code] else { throw error }
      throw TransportFailure(transport, cause: error)
    }
    guard let http = response as? HTTPURLResponse else {
      // Only an http(s) base URL is accepted, so this is a transport that broke its promise.
      throw TransportError.connectionLost
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
    urlRequest.timeoutInterval = Double(requestTimeout.components.seconds)
    urlRequest.setValue("application/json", forHTTPHeaderField: "Accept")
    urlRequest.setValue(request.traceID, forHTTPHeaderField: "X-Request-ID")
    if let key = request.idempotencyKey {
      urlRequest.setValue(key, forHTTPHeaderField: "Idempotency-Key")
    }

    var body = request.body?.bytes
    switch request.credential {
    case .accessToken(let token):
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
