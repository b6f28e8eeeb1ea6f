import DataLayer
import Foundation

/// A payments backend for the Data layer's tests: each endpoint answers from a script, one
/// answer per request, the last repeating; and every request it got is kept, to look at.
///
/// Unless a test scripts them, the reads and the session's requests answer as a healthy
/// backend does (`ScriptedBackend.healthy`); a write nobody scripted fails with `Fault`. It never
/// checks a token: a 401 is an answer a test scripts. A test that needs more (an answer made
/// from the request) gives a closure instead of a script.
actor ScriptedBackend: PaymentsBackend {
  /// One answer to one request.
  enum Answer: Sendable {
    /// An HTTP answer. Header names are lower case.
    case respond(status: Int, headers: [String: String] = [:], body: String)
    /// The transport fails.
    case fail(TransportError)
    /// The backend fails with an error no layer knows: `Fault`.
    case fault

    /// A 200 with this body.
    static func ok(_ body: String) -> Answer { .respond(status: 200, body: body) }

    /// An error answer with the backend's usual body: `{"code": …, "message": …}`, written
    /// by `JSONSerialization`, so that a quote or a backslash in a message stays valid JSON.
    static func error(
      _ status: Int, code: String, message: String? = nil, detail: String? = nil,
      headers: [String: String] = [:]
    ) -> Answer {
      var members = ["code": code]
      members["message"] = message
      members["detail"] = detail
      // Writing a dictionary of strings cannot fail.
      let body = (try? JSONSerialization.data(withJSONObject: members, options: [.sortedKeys]))
      return .respond(
        status: status, headers: headers,
        body: String(decoding: body ?? Foundation.Data(), as: UTF8.self))
    }
  }

  /// What `.fault`, and an endpoint with nothing scripted, throw: an error no layer maps.
  struct Fault: Error, Equatable {
    let endpoint: BackendEndpoint
  }

  /// The tokens of the session a test starts with. Fake, but treated as secret: tests
  /// search outputs for them.
  static let accessToken = Secret("sk_test_access_9f4c1e2b")
  static let refreshToken = Secret("sk_test_refresh_6d0a7b3c")
  /// The person the healthy backend says the session is: `userId` in its answers.
  static let userID = "demo"

  /// Bodies of a healthy backend.
  enum Body {
    static let wallet = #"{"balance":125.5,"currency":"EUR"}"#
    /// Two cards that can pay, with ids "1" and "2".
    static let cards = """
      {"cards":[\
      {"id":"1","brand":"Visa","last4":"4242","expiry":"08/28","status":"active"},\
      {"id":"2","brand":"Mastercard","last4":"5454","expiry":"11/27","status":"active"}]}
      """
    static let userStatus = #"{"status":"verified","userId":"\#(ScriptedBackend.userID)"}"#
    static let refreshed = #"{"accessToken":"sk_test_access_refreshed_1"}"#
    static let signedIn = """
      {"accessToken":"sk_test_access_signed_in_1","refreshToken":"sk_test_refresh_signed_in_1",\
      "userId":"\(ScriptedBackend.userID)"}
      """
  }

  /// What each read and each of the session's requests answers when a test scripts nothing.
  static let healthy: [BackendEndpoint: [Answer]] = [
    .wallet: [.respond(status: 200, body: Body.wallet)],
    .cards: [.respond(status: 200, body: Body.cards)],
    .userStatus: [.respond(status: 200, body: Body.userStatus)],
    .refreshSession: [.respond(status: 200, body: Body.refreshed)],
    .signIn: [.respond(status: 200, body: Body.signedIn)],
  ]

  private let scripts: [BackendEndpoint: [Answer]]
  private let answering: (@Sendable (BackendRequest) -> Answer)?
  /// Every request received, in order.
  private(set) var requests: [BackendRequest] = []

  /// A backend that answers each endpoint from `scripts`, and the rest as `healthy` does.
  init(_ scripts: [BackendEndpoint: [Answer]] = [:]) {
    self.scripts = scripts.merging(Self.healthy) { scripted, _ in scripted }
    self.answering = nil
  }

  /// A backend that answers each request as `answer` says.
  init(answering answer: @escaping @Sendable (BackendRequest) -> Answer) {
    self.scripts = [:]
    self.answering = answer
  }

  func send(_ request: BackendRequest) async throws -> BackendResponse {
    let endpoint = request.endpoint
    let earlier = requestCount(endpoint)
    requests.append(request)
    let script = scripts[endpoint] ?? []
    let answer =
      answering?(request) ?? (script.isEmpty ? .fault : script[min(earlier, script.count - 1)])
    switch answer {
    case .respond(let status, let headers, let body):
      return BackendResponse(status: status, headers: headers, body: Foundation.Data(body.utf8))
    case .fail(let error):
      throw error
    case .fault:
      throw Fault(endpoint: endpoint)
    }
  }

  /// How many requests an endpoint received.
  func requestCount(_ endpoint: BackendEndpoint) -> Int {
    requests.filter { $0.endpoint == endpoint }.count
  }

  /// The requests an endpoint received, in order.
  func requests(to endpoint: BackendEndpoint) -> [BackendRequest] {
    requests.filter { $0.endpoint == endpoint }
  }
}
