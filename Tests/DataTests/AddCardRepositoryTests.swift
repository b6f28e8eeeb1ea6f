import Domain
import Foundation
import TestSupport
import Testing

@testable import DataLayer

private let card = NewCardFixture.visa

/// The card the backend saves, as its answers give it back.
private let savedBody =
  #"{"id":"100","brand":"Visa","last4":"5556","expiry":"08/28","status":"active"}"#

/// The wiring of adding a card: the request's body and key, retries and the replay. What each
/// answer means is `CardsMapper`'s, tested in `AddCardMapperTests`.
@Suite("Add a card: POST /cards, safe to retry", .timeLimit(.minutes(1)))
struct AddCardRepositoryTests {
  private func fixture(_ answers: [ScriptedBackend.Answer]) -> ClientFixture {
    ClientFixture([.addCard: answers])
  }

  private func save(_ fixture: ClientFixture, key: String = "key-1") async throws
    -> AddCardOutcome
  {
    try await BackendCardsRepository(client: fixture.client).save(card, idempotencyKey: key)
  }

  @Test(
    "each answer the backend gives on purpose is its outcome",
    arguments: [
      (ScriptedBackend.Answer.respond(status: 201, body: savedBody), "saved"),
      (
        .respond(status: 409, body: #"{"code":"card_already_saved","card":\#(savedBody)}"#),
        "alreadySaved"
      ),
      (.error(402, code: "card_declined"), "declined"),
      (
        .respond(status: 422, body: #"{"code":"validation_failed","fields":{"cvc":["Odd"]}}"#),
        "invalid"
      ),
    ])
  func answers(answer: ScriptedBackend.Answer, outcome: String) async throws {
    // What each means is the mapper's (AddCardMapperTests); here, that the client hands each
    // on to it, none taken for a failure.
    let read = try await save(fixture([answer]))

    #expect("\(read)".hasPrefix(outcome + "("))
  }

  @Test("a retry after a lost answer carries the same key, and its answer is the outcome")
  func retrySameKey() async throws {
    let fixture = fixture([.fail(.timedOut), .respond(status: 201, body: savedBody)])

    let outcome = try await save(fixture)

    guard case .saved = outcome else {
      Issue.record("expected saved, got \(outcome)")
      return
    }
    let keys = await fixture.backend.requests(to: .addCard).map(\.idempotencyKey)
    #expect(keys == ["key-1", "key-1"])
  }

  @Test("the replay after a token refresh carries the same key")
  func replaySameKey() async throws {
    let fixture = fixture([
      .error(401, code: "token_expired"), .respond(status: 201, body: savedBody),
    ])

    _ = try await BackendCardsRepository(client: fixture.client).save(card, idempotencyKey: "key-7")

    let keys = await fixture.backend.requests(to: .addCard).map(\.idempotencyKey)
    #expect(keys == ["key-7", "key-7"])
  }

  @Test("a write without a key is never retried; with one, it may be")
  func keyDecidesRetries() {
    let failure = RequestFailure(.timedOut, context: ErrorContext(operation: "POST /cards"))
    let policy = RetryPolicy()

    #expect(
      policy.delay(after: failure, endpoint: .addCard, attempt: 1, elapsed: .zero, jitter: { $0 })
        == nil)
    #expect(
      policy.delay(
        after: failure, endpoint: .addCard, idempotencyKey: "k", attempt: 1, elapsed: .zero,
        jitter: { $0 }) != nil)
  }

  @Test("the request's body is the card's JSON, its expiry written as the form takes it")
  func body() async throws {
    let fixture = fixture([.respond(status: 201, body: savedBody)])

    _ = try await save(fixture)

    let request = try #require(await fixture.backend.requests(to: .addCard).first)
    let bytes = try #require(request.body?.bytes)
    let sent = try #require(try JSONSerialization.jsonObject(with: bytes) as? [String: String])
    #expect(
      sent == [
        "number": "4000056655665556", "expiry": "08/28", "cvc": "123", "name": "Ada Lovelace",
      ])
    #expect(String(decoding: bytes, as: UTF8.self).contains(#""08/28""#))
  }

  @Test("the request's body, with the card in full, is never part of its description")
  func bodyRedacted() async throws {
    let fixture = fixture([.respond(status: 201, body: savedBody)])

    _ = try await save(fixture, key: "k")

    let request = try #require(await fixture.backend.requests(to: .addCard).first)
    #expect(!String(reflecting: request).contains("4000056655665556"))
    #expect(!String(describing: request).contains("\"cvc\""))
    let body = String(decoding: request.body?.bytes ?? Data(), as: UTF8.self)
    #expect(body.contains("4000056655665556"), "the backend does get the card")
  }
}

enum NewCardFixture {
  /// A Visa, checked by the app's own rules, as every card sent is.
  static let visa = checked("4000 0566 5566 5556")

  private static func checked(_ number: String) -> NewCard {
    let form = CardForm(
      number: number, expiry: "08/28", securityCode: "123", name: "Ada Lovelace")
    switch CardValidation.check(form, thisMonth: .init(year: 2027, month: 1)) {
    case .success(let card): return card
    // The form above passes every rule; CardValidationTests prove it.
    case .failure: preconditionFailure("the fixture card must pass the local checks")
    }
  }
}
