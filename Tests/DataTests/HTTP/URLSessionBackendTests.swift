import Domain
import Foundation
import TestSupport
import Testing

@testable import DataLayer
@testable import URLSessionBackend

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The app's tokens in these tests: searched for in every URL and log line.
private let accessToken = Secret("at_http_test_5e1d")
private let refreshToken = Secret("rt_http_test_9a2c")

/// A client over `URLSessionPaymentsBackend`, whose session `server` answers.
private struct HTTPFixture {
  let server: StubServer
  let backend: URLSessionPaymentsBackend
  let client: BackendClient
  let logger = LogSpy()
  let clock = AdvancingClock()

  init(
    _ answers: [StubServer.Answer], policy: RetryPolicy = RetryPolicy(), userAgent: String? = nil
  ) {
    server = StubServer(answers)
    backend = URLSessionPaymentsBackend(
      baseURL: server.baseURL, configuration: server.configuration(), userAgent: userAgent)
    let traceIDs = SequentialTraceIDs()
    client = BackendClient(
      backend: backend,
      session: Session(accessToken: accessToken, refreshToken: refreshToken),
      policy: policy,
      environment: BackendClient.Environment(
        clock: clock, jitter: { $0 }, traceID: { traceIDs.next($0.rawValue) },
        now: { Date(timeIntervalSince1970: 0) }, idempotencyKey: { "key-1" }),
      logger: logger)
  }

  func request(
    _ endpoint: BackendEndpoint, credential: BackendCredential = .accessToken(accessToken),
    body: BackendRequest.Body? = nil, idempotencyKey: String? = nil
  ) -> BackendRequest {
    BackendRequest(
      endpoint: endpoint, traceID: "trace-1", credential: credential, body: body,
      idempotencyKey: idempotencyKey)
  }
}

@Suite("URLSession backend: the wire contract's requests", .timeLimit(.minutes(1)))
struct URLSessionRequestTests {
  @Test(
    "each endpoint is sent with its method and path",
    arguments: [
      (BackendEndpoint.wallet, "GET", "/wallet"),
      (.cards, "GET", "/cards"),
      (.userStatus, "GET", "/me/status"),
      (.signIn, "POST", "/session"),
      (.refreshSession, "POST", "/session/refresh"),
      (.addCard, "POST", "/cards"),
    ])
  func methodAndPath(endpoint: BackendEndpoint, method: String, path: String) async throws {
    let fixture = HTTPFixture([.json(200, "{}")])

    _ = try await fixture.backend.send(fixture.request(endpoint))

    let sent = try #require(fixture.server.received.first)
    #expect(sent.method == method)
    #expect(sent.path == path)
  }

  @Test("every request accepts JSON and carries its trace id as X-Request-ID")
  func commonHeaders() async throws {
    let fixture = HTTPFixture([.json(200, "{}")])

    _ = try await fixture.backend.send(fixture.request(.wallet))

    let sent = try #require(fixture.server.received.first)
    #expect(sent.headers["accept"] == "application/json")
    #expect(sent.headers["x-request-id"] == "trace-1")
  }

  @Test("a backend given the app's name and version sends them as User-Agent")
  func userAgent() async throws {
    let fixture = HTTPFixture([.json(200, "{}")], userAgent: "payment-methods-http/1.0.0")

    _ = try await fixture.backend.send(fixture.request(.wallet))

    let sent = try #require(fixture.server.received.first)
    #expect(sent.headers["user-agent"] == "payment-methods-http/1.0.0")
  }

  @Test("an authenticated request sends the access token as a bearer token, not in the URL")
  func bearerToken() async throws {
    let fixture = HTTPFixture([.json(200, "{}")])

    _ = try await fixture.backend.send(fixture.request(.cards))

    let sent = try #require(fixture.server.received.first)
    #expect(sent.headers["authorization"] == "Bearer \(accessToken.value)")
    #expect(!sent.url.contains(accessToken.value))
  }

  @Test("a refresh sends its token in the body and no Authorization header")
  func refreshBody() async throws {
    let fixture = HTTPFixture([.json(200, "{}")])

    _ = try await fixture.backend.send(
      fixture.request(.refreshSession, credential: .refreshToken(refreshToken)))

    let sent = try #require(fixture.server.received.first)
    #expect(sent.headers["authorization"] == nil)
    #expect(sent.headers["content-type"] == "application/json")
    #expect(sent.json == ["refreshToken": refreshToken.value])
    #expect(!sent.url.contains(refreshToken.value))
  }

  @Test("signing in sends the username and password in the body and no Authorization header")
  func signInBody() async throws {
    let fixture = HTTPFixture([.json(200, "{}")])

    _ = try await fixture.backend.send(
      fixture.request(.signIn, credential: .password(username: "demo", password: Secret("pw"))))

    let sent = try #require(fixture.server.received.first)
    #expect(sent.headers["authorization"] == nil)
    #expect(sent.json == ["username": "demo", "password": "pw"])
  }

  @Test("adding a card sends its body as JSON with the idempotency key")
  func addCardBody() async throws {
    let fixture = HTTPFixture([.json(201, "{}")])
    let body = Data(#"{"number":"4242424242424242"}"#.utf8)

    _ = try await fixture.backend.send(
      fixture.request(.addCard, body: .init(body), idempotencyKey: "key-7"))

    let sent = try #require(fixture.server.received.first)
    #expect(sent.body == body)
    #expect(sent.headers["content-type"] == "application/json")
    #expect(sent.headers["idempotency-key"] == "key-7")
  }

  @Test("a read carries no body and no idempotency key")
  func readHasNoBody() async throws {
    let fixture = HTTPFixture([.json(200, "{}")])

    _ = try await fixture.backend.send(fixture.request(.wallet))

    let sent = try #require(fixture.server.received.first)
    #expect(sent.body.isEmpty)
    #expect(sent.headers["idempotency-key"] == nil)
    #expect(sent.headers["content-type"] == nil)
  }

  @Test("a base URL with a path keeps it in front of the contract's paths")
  func basePath() async throws {
    let server = StubServer([.json(200, "{}")])
    let backend = URLSessionPaymentsBackend(
      baseURL: server.baseURL.appendingPathComponent("v1"), configuration: server.configuration())

    _ = try await backend.send(
      BackendRequest(endpoint: .userStatus, traceID: "t", credential: .accessToken(accessToken)))

    #expect(server.received.first?.path == "/v1/me/status")
  }

  @Test("the request's timeout is the one given; on Linux in whole seconds, at least one")
  func timeout() throws {
    let server = StubServer([])
    let request = BackendRequest(
      endpoint: .wallet, traceID: "t", credential: .accessToken(accessToken))

    let given = try URLSessionPaymentsBackend(
      baseURL: server.baseURL, configuration: server.configuration(), requestTimeout: .seconds(7)
    ).makeURLRequest(request)
    let tiny = try URLSessionPaymentsBackend(
      baseURL: server.baseURL, configuration: server.configuration(),
      requestTimeout: .milliseconds(10)
    ).makeURLRequest(request)

    #expect(given.timeoutInterval == 7)
    #if canImport(FoundationNetworking)
      // Linux's URLSession drops the fraction, which would leave no timeout at all.
      #expect(tiny.timeoutInterval == 1)
    #else
      #expect(tiny.timeoutInterval == 0.01)
    #endif
  }

  @Test(
    "a write may go its own time limit without a byte; a read and a status check keep theirs",
    arguments: BackendEndpoint.allCases)
  func writeTimeout(endpoint: BackendEndpoint) throws {
    let server = StubServer([])
    let backend = URLSessionPaymentsBackend(
      baseURL: server.baseURL, configuration: server.configuration(), requestTimeout: .seconds(1),
      writeTimeLimit: .seconds(15))

    let request = try backend.makeURLRequest(
      BackendRequest(
        endpoint: endpoint, traceID: "t", credential: .accessToken(accessToken), resourceID: "c"))

    let isWrite = ["POST /cards", "DELETE", "PUT", "PATCH", "/cancel"].contains {
      endpoint.rawValue.contains($0)
    }
    #expect(endpoint.isWrite == isWrite)
    #expect(request.timeoutInterval == (isWrite ? 15 : 1))
  }
}

@Suite("URLSession backend: answers reach the client whole", .timeLimit(.minutes(1)))
struct URLSessionAnswerTests {
  @Test(
    "each status comes back with its body and headers, names in lower case",
    arguments: [200, 201, 400, 401, 402, 403, 404, 408, 409, 422, 426, 429, 500, 503])
  func statusAndBody(status: Int) async throws {
    let body = #"{"code":"some_code","message":"hello"}"#
    let fixture = HTTPFixture([.json(status, body, headers: ["Retry-After": "3"])])

    let response = try await fixture.backend.send(fixture.request(.wallet))

    #expect(response.status == status)
    #expect(response.body == Data(body.utf8))
    #expect(response.headers["retry-after"] == "3")
  }

  @Test("a 200 wallet answer becomes the wallet")
  func wallet() async throws {
    let fixture = HTTPFixture([.json(200, #"{"balance": 125.5, "currency": "EUR"}"#)])

    let wallet = try await BackendWalletRepository(client: fixture.client).fetchWallet()

    #expect(wallet == Wallet(balance: Decimal(string: "125.5") ?? 0, currency: "EUR"))
  }

  @Test("a 404 wallet_not_found becomes the repository's own error")
  func walletNotFound() async throws {
    let fixture = HTTPFixture([.json(404, #"{"code": "wallet_not_found"}"#)])

    do {
      _ = try await BackendWalletRepository(client: fixture.client).fetchWallet()
      Issue.record("expected noWalletFound")
    } catch WalletRepositoryError.noWalletFound(let context) {
      #expect(context.status == 404)
    }
  }

  @Test("a 401 token_expired refreshes once over HTTP and repeats the request")
  func tokenExpired() async throws {
    let fixture = HTTPFixture([
      .json(401, #"{"code": "token_expired"}"#),
      .json(200, #"{"accessToken": "at_new"}"#),
      .json(200, #"{"status": "verified"}"#),
    ])

    let status = try await BackendUserStatusRepository(client: fixture.client).fetchUserStatus()

    let sent = fixture.server.received
    #expect(status == .verified)
    #expect(sent.map(\.path) == ["/me/status", "/session/refresh", "/me/status"])
    #expect(sent.last?.headers["authorization"] == "Bearer at_new")
  }

  @Test("a Retry-After in seconds is read from the HTTP answer")
  func retryAfterSeconds() async throws {
    let fixture = HTTPFixture([.json(429, "{}", headers: ["Retry-After": "120"])])

    let failure = await requestFailure { _ = try await fixture.client.send(.cards) }

    #expect(failure?.kind == .rateLimited)
    #expect(failure?.context.retryAfter == .seconds(120))
  }

  @Test("a Retry-After as an HTTP date is read from the HTTP answer")
  func retryAfterDate() async throws {
    let fixture = HTTPFixture([
      .json(503, "{}", headers: ["Retry-After": "Thu, 01 Jan 1970 00:01:30 GMT"])
    ])

    let failure = await requestFailure { _ = try await fixture.client.send(.cards) }

    #expect(failure?.kind == .serviceUnavailable)
    #expect(failure?.context.retryAfter == .seconds(90))
  }

  @Test("a write retried after a 503 sends the same idempotency key and a new trace id")
  func idempotencyKeyOnRetries() async throws {
    let fixture = HTTPFixture([.json(503, "{}"), .json(201, "{}")])

    _ = try await fixture.client.send(
      .addCard, body: .init(Data("{}".utf8)), idempotencyKey: "key-9")

    let sent = fixture.server.received
    #expect(sent.count == 2)
    #expect(sent.map { $0.headers["idempotency-key"] } == ["key-9", "key-9"])
    #expect(Set(sent.compactMap { $0.headers["x-request-id"] }).count == 2)
  }

  @Test("no token reaches the log, the URL of any request, or a failure's description")
  func tokensStaySecret() async throws {
    let fixture = HTTPFixture([
      .json(401, #"{"code": "token_expired"}"#),
      .json(200, #"{"accessToken": "at_new"}"#),
      .fail(.notConnectedToInternet),
    ])

    let failure = await requestFailure { _ = try await fixture.client.send(.wallet) }

    let secrets = [accessToken.value, refreshToken.value, "at_new"]
    let logged = fixture.logger.entries.map { "\($0)" }.joined(separator: "\n")
    let urls = fixture.server.received.map(\.url).joined(separator: "\n")
    let described = failure.map { ErrorChain($0).description } ?? ""
    #expect(failure?.kind == .offline)
    for secret in secrets {
      #expect(!logged.contains(secret))
      #expect(!urls.contains(secret))
      #expect(!described.contains(secret))
    }
  }
}

@Suite("URLSession backend: every URLError has its meaning", .timeLimit(.minutes(1)))
struct URLErrorMappingTests {
  /// The table of docs/HTTP.md, written again here from the document's words.
  static let expected: [(URLError.Code, RequestFailure.Kind)] = [
    (.notConnectedToInternet, .offline),
    (.dataNotAllowed, .offline),
    (.internationalRoamingOff, .offline),
    (.callIsActive, .offline),
    (.timedOut, .timedOut),
    (.networkConnectionLost, .connectionLost),
    (.badServerResponse, .connectionLost),
    (.unknown, .connectionLost),
    (.cannotFindHost, .serverUnreachable),
    (.dnsLookupFailed, .serverUnreachable),
    (.cannotConnectToHost, .serverUnreachable),
    (.secureConnectionFailed, .insecureConnection),
    (.serverCertificateHasBadDate, .insecureConnection),
    (.serverCertificateUntrusted, .insecureConnection),
    (.serverCertificateHasUnknownRoot, .insecureConnection),
    (.serverCertificateNotYetValid, .insecureConnection),
    (.clientCertificateRejected, .insecureConnection),
    (.clientCertificateRequired, .insecureConnection),
    (.dataLengthExceedsMaximum, .responseTooLarge),
    (.cancelled, .cancelledBelow),
  ]

  @Test("each URLError code of the table becomes its kind of request failure", arguments: expected)
  func mapped(code: URLError.Code, kind: RequestFailure.Kind) async throws {
    let fixture = HTTPFixture([.fail(code)], policy: RetryPolicy(maxAttempts: 1))

    let failure = try #require(await requestFailure { _ = try await fixture.client.send(.cards) })

    #expect(failure.kind == kind)
    let cause = try #require(failure.context.underlying as? TransportFailure)
    #expect((cause.cause as? URLError)?.code == code)
    #expect(cause.description.contains("URLError \(code.rawValue)"))
  }

  @Test("the backend's table holds exactly the codes of the table above")
  func tableIsComplete() {
    let documented = Set(Self.expected.map(\.0.rawValue))
    let implemented = Set(URLSessionPaymentsBackend.transportErrors.keys.map(\.rawValue))

    #expect(implemented == documented)
  }

  @Test(
    "a URLError outside the table is kept whole as an error nobody classified",
    arguments: [
      URLError.Code.badURL, .unsupportedURL, .httpTooManyRedirects, .cannotDecodeContentData,
    ])
  func unmapped(code: URLError.Code) async throws {
    let fixture = HTTPFixture([.fail(code)])

    do {
      _ = try await fixture.client.send(.cards)
      Issue.record("expected a failure")
    } catch let error as UnclassifiedRequestError {
      #expect((error.context.underlying as? URLError)?.code == code)
      #expect(error.context.traceID == "cards-1")
    }
  }

  @Test("a connection that was refused is retried, since the server may be back in a moment")
  func refusedIsRetried() async throws {
    let fixture = HTTPFixture([.fail(.cannotConnectToHost), .json(200, #"{"status": "locked"}"#)])

    let status = try await BackendUserStatusRepository(client: fixture.client).fetchUserStatus()

    #expect(status == .locked)
    #expect(fixture.server.received.count == 2)
  }
}

@Suite("URLSession backend: the caller's cancellation", .timeLimit(.minutes(1)))
struct URLSessionCancellationTests {
  @Test("cancelling the caller's task ends the request as cancellation, not a failure")
  func cancelled() async throws {
    let fixture = HTTPFixture([.neverAnswer])
    let sending = Task { try await fixture.client.send(.wallet) }
    await fixture.server.untilARequestWaits()

    sending.cancel()

    await #expect(throws: CancellationError.self) { _ = try await sending.value }
  }

  @Test("the backend itself turns the URLError of the caller's cancellation into CancellationError")
  func backendCancelled() async throws {
    let fixture = HTTPFixture([.neverAnswer])
    let sending = Task { try await fixture.backend.send(fixture.request(.cards)) }
    await fixture.server.untilARequestWaits()

    sending.cancel()

    await #expect(throws: CancellationError.self) { _ = try await sending.value }
  }

  @Test("a URLError.cancelled that nobody asked for is an interrupted request")
  func cancelledByTheSystem() async throws {
    let fixture = HTTPFixture([.fail(.cancelled)], policy: RetryPolicy(maxAttempts: 1))

    let failure = await requestFailure { _ = try await fixture.client.send(.wallet) }

    #expect(failure?.kind == .cancelledBelow)
  }
}

@Suite("URLSession backend: a server cannot flood or hold the app", .timeLimit(.minutes(1)))
struct URLSessionBoundsTests {
  @Test("a body past its endpoint's limit is not kept, and fails as responseTooLarge")
  func bodyPastTheLimit() async throws {
    let limit = BackendEndpoint.cards.responseLimit
    let fixture = HTTPFixture(
      [.respond(status: 200, headers: [:], body: Data(repeating: 0x20, count: limit + 1))],
      policy: RetryPolicy(maxAttempts: 1))

    let failure = await requestFailure { _ = try await fixture.client.send(.cards) }

    #expect(failure?.kind == .responseTooLarge)
    #expect(failure?.recovery == .notRecoverable(.inspectCause))
  }

  @Test("a body of exactly the limit is read whole")
  func bodyAtTheLimit() async throws {
    let limit = BackendEndpoint.userStatus.responseLimit
    let body = Data(repeating: 0x20, count: limit)
    let fixture = HTTPFixture([.respond(status: 200, headers: [:], body: body)])

    let response = try await fixture.backend.send(fixture.request(.userStatus))

    #expect(response.body == body)
  }

  @Test("a body that arrives in many pieces comes back whole and in order")
  func bodyInPieces() async throws {
    let (limit, pieceSize) = (BackendEndpoint.userStatus.responseLimit, 97)
    // Each piece's bytes differ from its neighbours', so a piece out of place shows.
    let body = Data((0..<limit).map { UInt8(truncatingIfNeeded: ($0 / pieceSize) &* 131 &+ $0) })
    let fixture = HTTPFixture([.respondInPieces(status: 200, body: body, pieceSize: pieceSize)])

    let response = try await fixture.backend.send(fixture.request(.userStatus))

    #expect(response.body == body)
  }

  @Test("a body that passes its limit piece by piece fails as responseTooLarge")
  func bodyPastTheLimitInPieces() async throws {
    let limit = BackendEndpoint.userStatus.responseLimit
    let fixture = HTTPFixture([
      .respondInPieces(
        status: 200, body: Data(repeating: 0x20, count: limit + 1), pieceSize: 1_000)
    ])

    let error = await #expect(throws: TransportFailure.self) {
      _ = try await fixture.backend.send(fixture.request(.userStatus))
    }

    #expect(error?.error == .responseTooLarge)
  }

  @Test("an answer with more header fields than the limit fails as responseTooLarge")
  func tooManyHeaders() async throws {
    var headers: [String: String] = [:]
    for index in 0...BackendEndpoint.headerCountLimit { headers["X-Filler-\(index)"] = "1" }
    let fixture = HTTPFixture(
      [.respond(status: 200, headers: headers, body: Data("{}".utf8))],
      policy: RetryPolicy(maxAttempts: 1))

    let failure = await requestFailure { _ = try await fixture.client.send(.wallet) }

    #expect(failure?.kind == .responseTooLarge)
  }

  @Test("a request still unanswered at its deadline fails as timedOut, and returns then")
  func deadline() async throws {
    let server = StubServer([.neverAnswer])
    let clock = ManualClock()
    let backend = URLSessionPaymentsBackend(
      baseURL: server.baseURL, configuration: server.configuration(),
      requestDeadline: .seconds(5), clock: clock)
    let sending = Task {
      try await backend.send(
        BackendRequest(endpoint: .wallet, traceID: "t", credential: .accessToken(accessToken)))
    }
    await server.untilARequestWaits()
    await clock.sleepsBegun(1)

    clock.advance(by: .seconds(5))

    let error = await #expect(throws: TransportFailure.self) { _ = try await sending.value }
    #expect(error?.error == .timedOut)
  }

  @Test("a write is given up on at its own time limit, not at a read's deadline")
  func writeDeadline() async throws {
    let server = StubServer([.neverAnswer])
    let clock = ManualClock()
    let backend = URLSessionPaymentsBackend(
      baseURL: server.baseURL, configuration: server.configuration(),
      requestDeadline: .seconds(5), writeTimeLimit: .seconds(15), clock: clock)
    let sending = Task {
      try await backend.send(
        BackendRequest(
          endpoint: .removeCard, traceID: "t", credential: .accessToken(accessToken),
          resourceID: "card-1"))
    }
    await server.untilARequestWaits()
    await clock.sleepsBegun(1)
    #expect(clock.sleeps == [.seconds(15)], "the write's limit, not a read's 5 s")

    clock.advance(by: .seconds(15))

    let error = await #expect(throws: TransportFailure.self) { _ = try await sending.value }
    #expect(error?.error == .timedOut)
  }
}

@Suite(
  "URLSession backend: a server's text is read leniently and kept short", .timeLimit(.minutes(1)))
struct UntrustedAnswerTests {
  private static func body(_ parts: [Data]) -> Data { parts.reduce(Data(), +) }

  @Test(
    "an error's code is honoured when its message holds bytes that are not UTF-8, or raw controls",
    arguments: [Data([0xFF, 0xFE, 0x41]), Data([0x1B, 0x5B, 0x32, 0x4A, 0x07, 0x0A])])
  func codeSurvivesABadMessage(bad: Data) async throws {
    let body = Self.body([
      Data(#"{"code": "user_locked", "message": "locked "#.utf8), bad, Data(#""}"#.utf8),
    ])
    let fixture = HTTPFixture([.respond(status: 403, headers: [:], body: body)])

    let failure = await requestFailure { _ = try await fixture.client.send(.wallet) }

    #expect(failure?.kind == .userLocked)
    #expect(failure?.context.serverMessage?.hasPrefix("locked ") == true)
    #expect(
      fixture.logger.entries.contains {
        $0.level == .warning && $0.message.contains("read the answer to GET /wallet with")
      })
  }

  @Test("a server string past the limit is cut to it, and the log says so")
  func longStringsAreCut() async throws {
    let brand = String(repeating: "V", count: 10_000)
    let fixture = HTTPFixture([
      .json(
        200,
        #"{"cards": [{"id": "1", "brand": "\#(brand)", "last4": "4242", "expiry": "08/28", "#
          + #""status": "active"}]}"#
      )
    ])

    let cards = try await BackendCardsRepository(client: fixture.client).fetchCards()

    #expect(cards.first?.brand.count == AnswerBody.textLimit)
    #expect(
      fixture.logger.entries.contains { $0.message.contains("1 string(s) cut to 200 characters") })
  }

  @Test("a person's id is never cut, while the other strings of the answer are")
  func personIDNeverCut() throws {
    let person = String(repeating: "a", count: 250)
    let body = Data(#"{"status": "verified", "userId": "\#(person)", "note": "\#(person)"}"#.utf8)

    let (read, repairs) = AnswerBody.sanitized(body)

    let object = try #require(try JSONSerialization.jsonObject(with: read) as? [String: String])
    #expect(object["userId"] == person)
    #expect(object["note"]?.count == AnswerBody.textLimit)
    #expect(repairs.cutStrings == 1)
  }

  @Test("a body with nothing to repair is passed on byte for byte")
  func cleanBodyUntouched() {
    let body = Data(#"{"balance": 0.1, "currency": "EUR", "note": "tab\tand é"}"#.utf8)

    let (read, repairs) = AnswerBody.sanitized(body)

    #expect(read == body)
    #expect(repairs.isEmpty)
  }
}
