import Domain
import Foundation
import TestSupport
import Testing

@testable import DataLayer

/// A card as the backend gives it back: id "1" or "2", expiry "MM/YY".
private func cardBody(_ id: String, expiry: String) -> String {
  #"{"id":"\#(id)","brand":"Visa","last4":"4242","expiry":"\#(expiry)","status":"active"}"#
}

/// The method `PUT /me/default-payment-method` answers is now the default.
private func defaultBody(_ method: String) -> ScriptedBackend.Answer {
  .ok(#"{"method":\#(method)}"#)
}

/// A request's JSON body with its keys sorted; "" without a body.
private func sentJSON(_ request: BackendRequest) -> String {
  guard let bytes = request.body?.bytes,
    let object = try? JSONSerialization.jsonObject(with: bytes),
    let sorted = try? JSONSerialization.data(
      withJSONObject: object, options: [.sortedKeys])
  else { return "" }
  return String(decoding: sorted, as: UTF8.self)
}

private let wallet = #"{"kind":"wallet"}"#
private let cardTwo = #"{"kind":"card","id":"2"}"#

/// The wiring of the writes to a saved card: the requests, an answer through to a value, a
/// failure as the client made it, retries under the change's key. What each answer means is
/// `SavedCardWritesMapper`'s, tested in `SavedCardWritesMapperTests`.
@Suite("Saved cards: remove, make default, give a new expiry", .timeLimit(.minutes(1)))
struct SavedCardWritesTests {
  private func fixture(
    removeCard: [ScriptedBackend.Answer] = [], setDefault: [ScriptedBackend.Answer] = [],
    updateCard: [ScriptedBackend.Answer] = []
  ) -> (BackendCardsRepository, ClientFixture) {
    let fixture = ClientFixture([
      .removeCard: removeCard, .setDefault: setDefault, .updateCard: updateCard,
    ])
    return (BackendCardsRepository(client: fixture.client), fixture)
  }

  @Test("a write that fails offline is thrown with its advice")
  func removeOffline() async throws {
    let (cards, _) = fixture(removeCard: [.fail(.offline), .respond(status: 204, body: "")])

    let error = await #expect(throws: RequestFailure.self) {
      try await cards.remove(cardID: "1", idempotencyKey: "key-5")
    }

    #expect(error?.kind == .offline)
    #expect(error?.recovery == .retryWhenUserActs(.reconnect))
  }

  @Test("a new expiry comes back as the updated card")
  func updateExpiry() async throws {
    let (cards, _) = fixture(updateCard: [.ok(cardBody("2", expiry: "12/30"))])
    let expiry = try #require(CardExpiry(month: 12, year: 2030))

    let outcome = try await cards.updateExpiry(cardID: "2", to: expiry, idempotencyKey: "k")

    guard case .updated(let card) = outcome else {
      Issue.record("expected the updated card, got \(outcome)")
      return
    }
    #expect(card.id == "2")
    #expect(card.expiry == expiry)
  }

  @Test("each write names its card in the path and sends its change in the body")
  func requests() async throws {
    let (cards, fixture) = fixture(
      removeCard: [.respond(status: 204, body: "")],
      setDefault: [defaultBody(cardTwo), defaultBody(wallet)],
      updateCard: [.ok(cardBody("2", expiry: "12/30"))])
    let expiry = try #require(CardExpiry(month: 12, year: 2030))

    _ = try await cards.remove(cardID: "1", idempotencyKey: "key-1")
    _ = try await cards.makeDefault(.card(id: "2"), idempotencyKey: "key-2")
    _ = try await cards.makeDefault(.wallet, idempotencyKey: "key-3")
    _ = try await cards.updateExpiry(cardID: "2", to: expiry, idempotencyKey: "key-4")

    let removal = await fixture.backend.requests(to: .removeCard)
    let defaults = await fixture.backend.requests(to: .setDefault).map { sentJSON($0) }
    let update = await fixture.backend.requests(to: .updateCard)
    #expect(removal.map(\.resourceID) == ["1"])
    #expect(removal.map(\.body) == [nil])
    #expect(
      defaults == [#"{"method":{"id":"2","kind":"card"}}"#, #"{"method":{"kind":"wallet"}}"#])
    #expect(update.map(\.resourceID) == ["2"])
    // As sent: the slash unescaped.
    #expect(
      update.map { String(decoding: $0.body?.bytes ?? Data(), as: UTF8.self) } == [
        #"{"expiry":"12/30"}"#
      ])
  }

  @Test("a lost answer to a new expiry is retried, and the retry's answer is the updated card")
  func updateRetried() async throws {
    let (cards, fixture) = fixture(updateCard: [
      .fail(.timedOut), .ok(cardBody("1", expiry: "12/30")),
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

  @Test("a new expiry's retry and its replay after a token refresh carry the submission's key")
  func updateKeyReused() async throws {
    let (cards, fixture) = fixture(updateCard: [
      .fail(.timedOut), .error(401, code: "token_expired"), .ok(cardBody("2", expiry: "01/30")),
    ])
    let expiry = try #require(CardExpiry(month: 1, year: 2030))

    let outcome = try await cards.updateExpiry(cardID: "2", to: expiry, idempotencyKey: "key-3")

    let sent = await fixture.backend.requests(to: .updateCard).map(\.idempotencyKey)
    #expect(sent == ["key-3", "key-3", "key-3"])
    guard case .updated(let card) = outcome else {
      Issue.record("expected the updated card, got \(outcome)")
      return
    }
    #expect(card.expiry == expiry)
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
  @Test(
    "a removal and a new default send the change's key on every attempt, through retry and refresh"
  )
  func keysPerChange() async throws {
    let tokenExpired = ScriptedBackend.Answer.error(401, code: "token_expired")
    let fixture = ClientFixture([
      .removeCard: [.fail(.timedOut), tokenExpired, .respond(status: 204, body: "")],
      .setDefault: [.fail(.timedOut), tokenExpired, defaultBody(cardTwo), defaultBody(wallet)],
    ])
    let cards = BackendCardsRepository(client: fixture.client)

    #expect(try await cards.remove(cardID: "1", idempotencyKey: "key-9") == .removed)
    #expect(
      try await cards.makeDefault(.card(id: "2"), idempotencyKey: "key-10")
        == .madeDefault(.card(id: "2")))
    #expect(try await cards.makeDefault(.wallet, idempotencyKey: "key-11") == .madeDefault(.wallet))

    let removals = await fixture.backend.requests(to: .removeCard).map(\.idempotencyKey)
    let defaults = await fixture.backend.requests(to: .setDefault).map(\.idempotencyKey)
    #expect(removals == ["key-9", "key-9", "key-9"])
    // Three attempts of the first new default under its key, then the second change's own.
    #expect(defaults == ["key-10", "key-10", "key-10", "key-11"])
  }
}
