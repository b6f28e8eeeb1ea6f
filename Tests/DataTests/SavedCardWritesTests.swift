import Domain
import Foundation
import TestSupport
import Testing

@testable import DataLayer
@testable import DemoBackend

@Suite("Saved cards: remove, make default, give a new expiry", .timeLimit(.minutes(1)))
struct SavedCardWritesTests {
  private func fixture(
    removeCard: [ScriptedAnswer]? = nil, setDefault: [ScriptedAnswer]? = nil,
    updateCard: [ScriptedAnswer]? = nil,
    cards: [ScriptedAnswer] = [CardsOutcome.defaultCards.answer]
  ) -> (BackendCardsRepository, ClientFixture) {
    var script = scenario(cards: cards)
    if let removeCard { script.removeCard = SourceScript(removeCard, latency: .zero) }
    if let setDefault { script.setDefault = SourceScript(setDefault, latency: .zero) }
    if let updateCard { script.updateCard = SourceScript(updateCard, latency: .zero) }
    let fixture = ClientFixture(script)
    return (BackendCardsRepository(client: fixture.client), fixture)
  }

  @Test("a removed card is listed no more, and removing it again finds it gone already")
  func remove() async throws {
    let (cards, _) = fixture()

    let first = try await cards.remove(cardID: "1", idempotencyKey: "key-1")
    let listed = try await cards.fetchCards().map(\.id)
    let again = try await cards.remove(cardID: "1", idempotencyKey: "key-2")

    #expect(first == .removed)
    #expect(listed == ["2"])
    #expect(again == .alreadyRemoved)
  }

  @Test("409 last_payment_method keeps the card; other answers are not the backend's on purpose")
  func removeRefused() async throws {
    let (refused, _) = fixture(removeCard: [.error(409, code: "last_payment_method")])
    let (odd, _) = fixture(removeCard: [.error(409, code: "something_else")])

    #expect(try await refused.remove(cardID: "1", idempotencyKey: "key-3") == .refusedLastMethod)
    #expect(try await refused.fetchCards().map(\.id) == ["1", "2"])
    await #expect(throws: RequestFailure.self) {
      try await odd.remove(cardID: "1", idempotencyKey: "key-4")
    }
  }

  @Test("a write meets what GET /cards meets: offline is thrown with its advice, nothing removed")
  func removeOffline() async throws {
    let (cards, _) = fixture(cards: [.transport(.offline), CardsOutcome.defaultCards.answer])

    let error = await #expect(throws: RequestFailure.self) {
      try await cards.remove(cardID: "1", idempotencyKey: "key-5")
    }

    #expect(error?.kind == .offline)
    #expect(error?.recovery == .retryWhenUserActs(.reconnect))
  }

  @Test("the wallet, or a listed card, becomes the default; a card not listed is gone")
  func makeDefault() async throws {
    let (cards, _) = fixture()

    #expect(try await cards.makeDefault(.wallet, idempotencyKey: "key-6") == .madeDefault(.wallet))
    #expect(
      try await cards.makeDefault(.card(id: "2"), idempotencyKey: "key-7")
        == .madeDefault(.card(id: "2")))
    #expect(try await cards.makeDefault(.card(id: "99"), idempotencyKey: "key-8") == .methodGone)
  }

  @Test("a new expiry comes back as the updated card, and is listed so from then on")
  func updateExpiry() async throws {
    let (cards, _) = fixture()
    let expiry = try #require(CardExpiry(month: 12, year: 2030))

    let outcome = try await cards.updateExpiry(cardID: "2", to: expiry, idempotencyKey: "k")
    let listed = try await cards.fetchCards().first { $0.id == "2" }

    guard case .updated(let card) = outcome else {
      Issue.record("expected the updated card, got \(outcome)")
      return
    }
    #expect(card.expiry == expiry)
    #expect(listed?.expiry == expiry)
  }

  @Test("each answer to a new expiry the backend gives on purpose is its outcome")
  func updateAnswers() async throws {
    let expiry = try #require(CardExpiry(month: 12, year: 2030))
    func update(_ answer: ScriptedAnswer, card: String = "1") async throws -> UpdateCardOutcome {
      let (cards, _) = fixture(updateCard: [answer])
      return try await cards.updateExpiry(cardID: card, to: expiry, idempotencyKey: "k")
    }

    let invalid = try await update(
      AddCardOutcomeScript.invalid(["expiry": ["Too far ahead"]]).answer)
    // A 402 with no reason and no advice, as an older server sends it.
    let declined = try await update(.error(402, code: "card_declined", message: "Ask your bank"))
    let gone = try await update(.error(404, code: "card_not_found"))

    #expect(invalid == .invalid([.expiry: [.described("Too far ahead")]]))
    #expect(declined == .declined(CardDecline(code: nil, adviceCode: nil)))
    #expect(gone == .cardGone)
    await #expect(throws: RequestFailure.self) {
      try await update(AddCardOutcomeScript.invalid(["number": ["Not sent"]]).answer)
    }
  }

  @Test("a lost answer to a new expiry is retried under the same key, and updates the card once")
  func updateRetried() async throws {
    let (cards, fixture) = fixture(updateCard: [
      .transport(.timedOut), .respond(status: 200, body: ""),
    ])
    let expiry = try #require(CardExpiry(month: 12, year: 2030))

    let outcome = try await cards.updateExpiry(cardID: "1", to: expiry, idempotencyKey: "same")

    guard case .updated(let card) = outcome else {
      Issue.record("expected the updated card, got \(outcome)")
      return
    }
    #expect(card.expiry == expiry)
    #expect(await fixture.backend.requestCount(.updateCard) == 2)
  }
}

extension SavedCardWritesTests {
  @Test("a new expiry's retry and its replay after a token refresh carry the submission's key")
  func updateKeyReused() async throws {
    let tokenExpired = ScriptedAnswer.error(401, code: WireBody.Code.tokenExpired)
    var script = scenario()
    script.updateCard = SourceScript(
      [.transport(.timedOut), tokenExpired, .respond(status: 200, body: "")], latency: .zero)
    let keys = UpdateKeys(inner: ScenarioBackend(scenario: script, clock: AdvancingClock()))
    let client = BackendClient(
      backend: keys,
      session: Session(
        accessToken: ScenarioBackend.initialAccessToken, refreshToken: ScenarioBackend.refreshToken),
      environment: BackendClient.Environment(clock: AdvancingClock(), jitter: { $0 }),
      logger: LogSpy())
    let expiry = try #require(CardExpiry(month: 1, year: 2030))

    let outcome = try await BackendCardsRepository(client: client).updateExpiry(
      cardID: "2", to: expiry, idempotencyKey: "key-3")

    #expect(await keys.sent == ["key-3", "key-3", "key-3"])
    guard case .updated(let card) = outcome else {
      Issue.record("expected the updated card, got \(outcome)")
      return
    }
    #expect(card.expiry == expiry)
  }
}

/// Passes every request on, recording the key of each `PATCH /cards/{id}`.
private actor UpdateKeys: PaymentsBackend {
  let inner: any PaymentsBackend
  private(set) var sent: [String?] = []

  init(inner: any PaymentsBackend) {
    self.inner = inner
  }

  func send(_ request: BackendRequest) async throws -> BackendResponse {
    if request.endpoint == .updateCard { sent.append(request.idempotencyKey) }
    return try await inner.send(request)
  }
}

@Suite("Saved cards: the requests on the wire", .timeLimit(.minutes(1)))
struct SavedCardRequestTests {
  @Test("a card's id goes in its path, percent-encoded, so no id can change the path")
  func path() {
    #expect(
      BackendEndpoint.removeCard.methodAndPath(resourceID: "a/b c?").path == "/cards/a%2Fb%20c%3F")
    #expect(BackendEndpoint.updateCard.methodAndPath(resourceID: "7").method == "PATCH")
    #expect(
      BackendEndpoint.setDefault.methodAndPath(resourceID: nil).path == "/me/default-payment-method"
    )
  }

  @Test("removing and making default may be retried; a new expiry only under its key")
  func idempotency() {
    #expect(BackendEndpoint.removeCard.isIdempotent)
    #expect(BackendEndpoint.setDefault.isIdempotent)
    #expect(!BackendEndpoint.updateCard.isIdempotent)
  }
}

@Suite("Saved cards: a retried write is the same write", .timeLimit(.minutes(1)))
struct SavedCardWriteKeyTests {
  /// A client whose idempotency keys are key-1, key-2…, on a clock that never waits.
  private func client(_ backend: any PaymentsBackend) -> BackendClient {
    let keys = SequentialTraceIDs()
    return BackendClient(
      backend: backend,
      session: Session(
        accessToken: ScenarioBackend.initialAccessToken, refreshToken: ScenarioBackend.refreshToken),
      environment: BackendClient.Environment(
        clock: AdvancingClock(), jitter: { $0 }, idempotencyKey: { keys.next("key") }),
      logger: LogSpy())
  }

  @Test(
    "a removal and a new default send the change's key on every attempt, through a retry and a refresh"
  )
  func keysPerChange() async throws {
    let tokenExpired = ScriptedAnswer.error(401, code: WireBody.Code.tokenExpired)
    var script = scenario()
    script.removeCard = SourceScript(
      [.transport(.timedOut), tokenExpired, .respond(status: 204, body: "")], latency: .zero)
    script.setDefault = SourceScript(
      [.transport(.timedOut), tokenExpired, .respond(status: 200, body: "")], latency: .zero)
    let keys = WriteKeys(inner: ScenarioBackend(scenario: script, clock: AdvancingClock()))
    let cards = BackendCardsRepository(client: client(keys))

    #expect(try await cards.remove(cardID: "1", idempotencyKey: "key-9") == .removed)
    #expect(
      try await cards.makeDefault(.card(id: "2"), idempotencyKey: "key-10")
        == .madeDefault(.card(id: "2")))
    #expect(try await cards.makeDefault(.wallet, idempotencyKey: "key-11") == .madeDefault(.wallet))

    let removals = await keys.sent[.removeCard] ?? []
    let defaults = await keys.sent[.setDefault] ?? []
    #expect(removals == ["key-9", "key-9", "key-9"])
    // Three attempts of the first new default under its key, then the second change's own.
    #expect(defaults == ["key-10", "key-10", "key-10", "key-11"])
  }
}

@Suite("The in-process demo backend: a repeated key is the same write", .timeLimit(.minutes(1)))
struct ScenarioBackendReplayTests {
  private func request(
    _ endpoint: BackendEndpoint, _ id: String? = nil, method: String? = nil, key: String? = nil
  ) -> BackendRequest {
    BackendRequest(
      endpoint: endpoint, traceID: "t",
      credential: .accessToken(ScenarioBackend.initialAccessToken),
      body: method.map { BackendRequest.Body(Data($0.utf8)) }, idempotencyKey: key,
      resourceID: id)
  }

  private func said(_ response: BackendResponse) -> String {
    "\(response.status) \(String(decoding: response.body, as: UTF8.self))"
  }

  @Test("a repeated key gets its first answer, takes no step and removes the card once")
  func removalReplayed() async throws {
    var script = scenario()
    script.removeCard = SourceScript(
      [.respond(status: 204, body: ""), .error(409, code: WireBody.Code.lastPaymentMethod)],
      latency: .zero)
    let backend = ScenarioBackend(scenario: script, clock: ImmediateClock())

    let first = try await backend.send(request(.removeCard, "1", key: "a"))
    let again = try await backend.send(request(.removeCard, "1", key: "a"))
    // The same key for another card is another change: it takes the next step.
    let other = try await backend.send(request(.removeCard, "2", key: "a"))
    let listed = try await backend.send(request(.cards))

    #expect(first.status == 204)
    #expect(again.status == 204)
    #expect(other.status == 409)
    #expect(await backend.requestCount(.removeCard) == 3)
    #expect(said(listed).contains("\"id\":\"2\""))
    #expect(!said(listed).contains("\"id\":\"1\""))
  }

  @Test("a repeated key gets its first new default again, and the script does not move on")
  func defaultReplayed() async throws {
    var script = scenario()
    script.setDefault = SourceScript(
      [
        .respond(status: 200, body: ""), .error(404, code: WireBody.Code.methodNotFound),
        .respond(status: 200, body: ""),
      ], latency: .zero)
    let backend = ScenarioBackend(scenario: script, clock: ImmediateClock())
    let card = #"{"method":{"kind":"card","id":"2"}}"#

    let first = try await backend.send(request(.setDefault, method: card, key: "b"))
    let again = try await backend.send(request(.setDefault, method: card, key: "b"))
    // A new change takes the second step: the replay took none.
    let next = try await backend.send(
      request(.setDefault, method: #"{"method":{"kind":"wallet"}}"#, key: "c"))

    #expect(first.status == 200)
    #expect(said(again) == said(first))
    #expect(next.status == 404)
  }
}

/// Passes every request on, recording the key of each write to a saved card by endpoint.
private actor WriteKeys: PaymentsBackend {
  let inner: any PaymentsBackend
  private(set) var sent: [BackendEndpoint: [String?]] = [:]

  init(inner: any PaymentsBackend) {
    self.inner = inner
  }

  func send(_ request: BackendRequest) async throws -> BackendResponse {
    if [.removeCard, .setDefault].contains(request.endpoint) {
      sent[request.endpoint, default: []].append(request.idempotencyKey)
    }
    return try await inner.send(request)
  }
}
