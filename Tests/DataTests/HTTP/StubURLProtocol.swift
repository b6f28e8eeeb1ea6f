import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A `URLProtocol` that answers every request of a `URLSession` made by `StubServer`,
/// without a socket: each `StubServer` has a host of its own, so tests running side by
/// side never see each other's requests.
final class StubURLProtocol: URLProtocol {
  override class func canInit(with request: URLRequest) -> Bool { true }
  override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

  override func startLoading() {
    guard let host = request.url?.host, let server = StubServer.registered(host) else {
      client?.urlProtocol(self, didFailWithError: URLError(.unsupportedURL))
      return
    }
    switch server.answer(Self.recorded(request)) {
    case .respond(let status, let headers, let body):
      respond(status: status, headers: headers, pieces: [body])
    case .respondInPieces(let status, let body, let pieceSize):
      let pieces = stride(from: 0, to: body.count, by: pieceSize).map {
        body.subdata(in: $0..<min($0 + pieceSize, body.count))
      }
      respond(status: status, headers: [:], pieces: pieces)
    case .fail(let code):
      client?.urlProtocol(self, didFailWithError: URLError(code))
    case .neverAnswer:
      // Nothing until URLSession stops loading: the request's task was cancelled.
      server.noteWaiting()
    }
  }

  override func stopLoading() {}

  private func respond(status: Int, headers: [String: String], pieces: [Data]) {
    guard
      let url = request.url,
      let response = HTTPURLResponse(
        url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)
    else {
      client?.urlProtocol(self, didFailWithError: URLError(.badServerResponse))
      return
    }
    client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
    for piece in pieces { client?.urlProtocol(self, didLoad: piece) }
    client?.urlProtocolDidFinishLoading(self)
  }

  /// The request as the server saw it, its body read from the stream URLSession may have
  /// turned it into.
  private static func recorded(_ request: URLRequest) -> StubServer.Request {
    var body = request.httpBody ?? Data()
    if body.isEmpty, let stream = request.httpBodyStream {
      stream.open()
      defer { stream.close() }
      var buffer = [UInt8](repeating: 0, count: 4096)
      while stream.hasBytesAvailable {
        let count = stream.read(&buffer, maxLength: buffer.count)
        guard count > 0 else { break }
        body.append(contentsOf: buffer.prefix(count))
      }
    }
    var headers: [String: String] = [:]
    for (name, value) in request.allHTTPHeaderFields ?? [:] { headers[name.lowercased()] = value }
    return StubServer.Request(
      method: request.httpMethod ?? "GET", url: request.url?.absoluteString ?? "",
      path: request.url?.path ?? "", headers: headers, body: body)
  }
}

/// A scripted server behind `StubURLProtocol`: it records every request and answers each
/// with the next of its answers (the last repeating).
final class StubServer: @unchecked Sendable {
  // Safe: every var is touched only while holding `lock`, and the registry only while
  // holding `registryLock`.
  struct Request: Sendable {
    let method: String
    let url: String
    let path: String
    /// Header names in lower case.
    let headers: [String: String]
    let body: Data

    var json: [String: String]? {
      try? JSONSerialization.jsonObject(with: body) as? [String: String]
    }
  }

  enum Answer: Sendable {
    case respond(status: Int, headers: [String: String], body: Data)
    /// The body handed over `pieceSize` bytes at a time, as a network delivers it.
    case respondInPieces(status: Int, body: Data, pieceSize: Int)
    case fail(URLError.Code)
    case neverAnswer

    static func json(_ status: Int, _ body: String, headers: [String: String] = [:]) -> Answer {
      .respond(status: status, headers: headers, body: Data(body.utf8))
    }
  }

  private struct Registered {
    weak var server: StubServer?
  }

  private static let registryLock = NSLock()
  private nonisolated(unsafe) static var servers: [String: Registered] = [:]

  let host = "stub-\(UUID().uuidString.lowercased()).test"
  private let lock = NSLock()
  private var answers: [Answer]
  private var requests: [Request] = []
  private var waiting: [CheckedContinuation<Void, Never>] = []
  private var isWaiting = false

  init(_ answers: [Answer]) {
    self.answers = answers
    Self.registryLock.withLock { Self.servers[host] = Registered(server: self) }
  }

  deinit {
    let host = host
    Self.registryLock.withLock { _ = Self.servers.removeValue(forKey: host) }
  }

  static func registered(_ host: String) -> StubServer? {
    registryLock.withLock { servers[host]?.server }
  }

  var baseURL: URL { URL(string: "http://\(host)") ?? URL(fileURLWithPath: "/") }

  /// A URLSession configuration whose every request this server answers.
  func configuration() -> URLSessionConfiguration {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.protocolClasses = [StubURLProtocol.self]
    return configuration
  }

  var received: [Request] { lock.withLock { requests } }

  fileprivate func answer(_ request: Request) -> Answer {
    lock.withLock {
      requests.append(request)
      let answer = answers.first ?? .neverAnswer
      if answers.count > 1 { answers.removeFirst() }
      return answer
    }
  }

  fileprivate func noteWaiting() {
    let resumed = lock.withLock {
      isWaiting = true
      defer { waiting = [] }
      return waiting
    }
    for continuation in resumed { continuation.resume() }
  }

  /// Returns once a request is waiting for an answer that never comes.
  func untilARequestWaits() async {
    await withCheckedContinuation { continuation in
      let already = lock.withLock {
        if !isWaiting { waiting.append(continuation) }
        return isWaiting
      }
      if already { continuation.resume() }
    }
  }
}
