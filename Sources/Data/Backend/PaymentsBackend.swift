import Foundation

/// The payments backend as the client sees it: a request goes out, a status with headers
/// and a body comes back, or the transport fails with `TransportError` (or a
/// `TransportFailure`, which carries one with the platform's own error).
public protocol PaymentsBackend: Sendable {
  func send(_ request: BackendRequest) async throws -> BackendResponse
}

public enum BackendEndpoint: String, Sendable, Equatable, CaseIterable {
  case wallet = "GET /wallet"
  case cards = "GET /cards"
  case userStatus = "GET /me/status"
  case refreshSession = "POST /session/refresh"
  case signIn = "POST /session"
  case addCard = "POST /cards"
  /// `{id}` is the request's `resourceID`.
  case removeCard = "DELETE /cards/{id}"
  case setDefault = "PUT /me/default-payment-method"
  case updateCard = "PATCH /cards/{id}"
  /// Where a card that waits for its bank's approval (3-D Secure) stands; `{id}` is the
  /// setup's.
  case cardSetup = "GET /cards/setups/{id}"
  case cancelCardSetup = "POST /cards/setups/{id}/cancel"

  /// The most bytes an answer's body may have, decoded, before the transport stops reading
  /// it and the request fails as `responseTooLarge`: far above any real answer (a list of
  /// cards is a few kilobytes), so that only a broken or hostile server ever meets it.
  public var responseLimit: Int {
    switch self {
    case .cards, .wallet: 1 << 20
    case .userStatus, .refreshSession, .signIn, .addCard, .removeCard, .setDefault, .updateCard,
      .cardSetup, .cancelCardSetup:
      64 << 10
    }
  }

  /// The most header fields an answer may have, on any endpoint (a real one has a dozen or
  /// two); their size is capped below the app, by the platform's HTTP stack.
  public static let headerCountLimit = 100

  /// Only a request that can be repeated without side effects may be retried (a write
  /// that is not, only with an idempotency key). Removing a card twice removes it once;
  /// making a method the default twice makes it the default once; so with cancelling a
  /// card's setup.
  public var isIdempotent: Bool {
    switch self {
    case .wallet, .cards, .userStatus, .removeCard, .setDefault, .cardSetup, .cancelCardSetup:
      true
    case .refreshSession, .signIn, .addCard, .updateCard: false
    }
  }

  /// A write a person waits for: saving a card, a change to a saved card, cancelling a
  /// card's setup. Its answer may take as long as its use case's deadline (15 s), over HTTP
  /// as in process, where the server does the work before it answers; a read or a request
  /// about the session is held to the transport's shorter limits (docs/HTTP.md).
  public var isWrite: Bool {
    switch self {
    case .addCard, .removeCard, .setDefault, .updateCard, .cancelCardSetup: true
    case .wallet, .cards, .userStatus, .refreshSession, .signIn, .cardSetup: false
    }
  }

  /// The method and the path, with `{id}` replaced by `resourceID`, percent-encoded.
  public func methodAndPath(resourceID: String?) -> (method: String, path: String) {
    let parts = rawValue.split(separator: " ", maxSplits: 1)
    var path = String(parts.last ?? "/")
    if path.contains("{id}") {
      var allowed = CharacterSet.urlPathAllowed
      allowed.remove(charactersIn: "/")
      let id = resourceID?.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
      path = path.replacingOccurrences(of: "{id}", with: id)
    }
    return (String(parts.first ?? "GET"), path)
  }
}

/// What a request proves about its sender. Every form is secret: none is ever part of a
/// description, a log line or an error.
public enum BackendCredential: Sendable, Equatable {
  /// Sent as `Authorization: Bearer …` on every authenticated request.
  case accessToken(Secret)
  /// The body of a refresh.
  case refreshToken(Secret)
  /// The body of a sign-in.
  case password(username: String, password: Secret)
}

public struct BackendRequest: Sendable {
  public var endpoint: BackendEndpoint
  /// Sent to the backend with the request, so both sides log the same id.
  public var traceID: String
  public var credential: BackendCredential
  /// A JSON body. It may hold what must never be shown (a card's number), so it is never
  /// logged and never part of a description.
  public var body: Body?
  /// Sent as `Idempotency-Key`: the same on every attempt of one submission, so the backend
  /// does a write at most once. A request that carries one may be retried.
  public var idempotencyKey: String?
  /// What `{id}` in the endpoint's path stands for, such as the card a write is about.
  public var resourceID: String?

  public init(
    endpoint: BackendEndpoint, traceID: String, credential: BackendCredential, body: Body? = nil,
    idempotencyKey: String? = nil, resourceID: String? = nil
  ) {
    self.endpoint = endpoint
    self.traceID = traceID
    self.credential = credential
    self.body = body
    self.idempotencyKey = idempotencyKey
    self.resourceID = resourceID
  }

  /// A request body: its bytes are no one's business but the backend's.
  public struct Body: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
  {
    public let bytes: Foundation.Data

    public init(_ bytes: Foundation.Data) {
      self.bytes = bytes
    }

    public var description: String { "<\(bytes.count) bytes, redacted>" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: [:]) }
  }
}

public struct BackendResponse: Sendable, Equatable {
  public var status: Int
  /// Header names in lower case, such as "retry-after".
  public var headers: [String: String]
  public var body: Foundation.Data

  public init(status: Int, headers: [String: String] = [:], body: Foundation.Data) {
    self.status = status
    self.headers = headers
    self.body = body
  }
}

/// The request never got an answer. `URLSessionPaymentsBackend` maps every `URLError` it
/// meets to one of these through one table (docs/HTTP.md).
public enum TransportError: Error, Equatable, Sendable, CaseIterable {
  /// The device has no network.
  case offline
  case timedOut
  /// The connection dropped, or the answer arrived cut short or garbled.
  case connectionLost
  /// The server's name did not resolve, or nothing accepted the connection.
  case serverUnreachable
  /// The secure connection failed: an untrusted certificate, or a failed handshake.
  case insecureConnection
  /// The answer was larger than the endpoint allows (`BackendEndpoint.responseLimit`), and
  /// the transport stopped reading it.
  case responseTooLarge
  /// The transport cancelled the request (URLError.cancelled).
  case cancelled
}

/// A transport failure with the platform's error that reported it, such as a `URLError`,
/// so that the log shows the code the platform gave as well as what the app made of it.
public struct TransportFailure: Error, Sendable, CustomStringConvertible {
  public let error: TransportError
  public let cause: any Error & Sendable

  public init(_ error: TransportError, cause: any Error & Sendable) {
    self.error = error
    self.cause = cause
  }

  public var description: String {
    let cause = (self.cause as? URLError).map { "URLError \($0.code.rawValue)" } ?? "\(self.cause)"
    return "\(error) (\(cause))"
  }
}

/// A credential: its value is never part of a description, a log line or an error.
public struct Secret: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  public let value: String

  public init(_ value: String) {
    self.value = value
  }

  public var description: String { "<redacted>" }
  public var debugDescription: String { "<redacted>" }
  public var customMirror: Mirror { Mirror(self, children: [:]) }
}
