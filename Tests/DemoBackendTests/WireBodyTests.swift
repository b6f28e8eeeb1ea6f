import DataLayer
import Domain
import Foundation
import TestSupport
import Testing

@testable import DemoBackend

@Suite("The stub backend's JSON bodies", .timeLimit(.minutes(1)))
struct WireBodyTests {
  @Test("a value written as text reads back as the same value")
  func roundTrip() throws {
    let value = JSONValue.object([
      "text": .string("quote \" backslash \\ slash / tab \t line \n bell \u{7} é 東京 🎉"),
      "numbers": .array([.number(0), .number(-3), .number(Decimal(string: "125.5")!)]),
      "nested": .object(["empty": .array([]), "none": .null, "yes": .bool(true)]),
    ])

    #expect(try JSONValue.parse(Array(value.text.utf8)) == value)
  }

  @Test("a body is compact JSON with its keys sorted")
  func compactAndSorted() {
    let problem = WireBody.Problem(code: "card_not_found", message: "Gone", detail: "card-1")

    #expect(
      WireBody.text(problem) == #"{"code":"card_not_found","detail":"card-1","message":"Gone"}"#)
  }

  @Test("a member with no value is left out of the body")
  func nilIsLeftOut() {
    let wallet = WireBody.Wallet(balance: Decimal(string: "125.5")!, currency: "EUR")

    #expect(WireBody.text(wallet) == #"{"balance":125.5,"currency":"EUR"}"#)
  }

  @Test("a control character is written as a \\u escape, which JSON requires")
  func controlCharacters() {
    #expect(JSONValue.string("a\u{1}\u{1F}b").text == #""a\u0001\u001fb""#)
  }

  @Test("a decline without advice says so with null, as the wire contract does")
  func declineWritesNull() {
    let declined = WireBody.Declined(
      declineCode: "insufficient_funds", adviceCode: nil, message: "Declined")

    #expect(WireBody.text(declined).contains(#""adviceCode":null"#))
  }

  @Test("the client decodes the cards the backend writes, decline and default included")
  func clientReadsTheCards() async throws {
    let cards = WireBody.Cards(cards: [
      .init(id: "card-1", brand: "Visa", last4: "4242", expiry: "08/28", status: "active"),
      .init(
        id: "card-2", brand: "Mastercard", last4: "5454", expiry: "01/29", status: "active",
        decline: .init(reason: "blocked", message: "Lost"), isDefault: true),
    ])
    let client = ScenarioClient(
      scenario(cards: [.respond(status: 200, body: WireBody.text(cards))])
    ).client

    let read = try await BackendCardsRepository(client: client).fetchCards()

    #expect(read.map(\.id) == ["card-1", "card-2"])
    #expect(read.map(\.isDefault) == [false, true])
    #expect(read.map { $0.decline == nil } == [true, false])
  }

  @Test("a list the backend wrote reads back with its cards' declines and defaults")
  func cardsReadBack() {
    let card = WireBody.Cards.Card(
      id: "card-1", brand: "Visa", last4: "4242", expiry: "08/28", status: "active",
      decline: .init(reason: "expired"), isDefault: false)

    let read = WireBody.Cards(body: WireBody.text(WireBody.Cards(cards: [card])).utf8)

    #expect(read?.cards.first?.decline?.reason == "expired")
    #expect(read?.cards.first?.isDefault == false)
  }

  /// A card's members as a list holds them, for `cards` bodies written by hand.
  static let visa = #""id":"1","brand":"Visa","last4":"4242","expiry":"08/28","status":"active""#

  @Test(
    "a list holding anything the client would refuse holds no card for a write to meet",
    arguments: [
      #"{"cards":[{"id":"card-1"}]}"#,
      #"{"cards":[{"# + visa + #","isDefault":"yes"}]}"#,
      #"{"cards":[{"# + visa + #","rejection":{"reason":"blocked","message":5}}]}"#,
      #"{"cards":[{"# + visa + #"},"a card"]}"#,
      "not JSON",
    ])
  func refusedLists(body: String) {
    #expect(WireBody.Cards(body: body.utf8) == nil)
  }

  @Test("a cards answer whose list holds anything but cards is sent as scripted, after writes too")
  func oddListUntouched() async throws {
    let body = #"{"cards":[{"# + Self.visa + #"},"a card"]}"#
    var script = scenario(cards: [.respond(status: 200, body: body)])
    script.setDefault = SourceScript([.respond(status: 200, body: "")], latency: .zero)
    let backend = ScenarioBackend(scenario: script, clock: ImmediateClock())
    let token = BackendCredential.accessToken(ScenarioBackend.initialAccessToken)

    let madeDefault = try await backend.send(
      BackendRequest(
        endpoint: .setDefault, traceID: "t", credential: token,
        body: BackendRequest.Body(Data(#"{"method":{"kind":"wallet"}}"#.utf8)),
        idempotencyKey: "k"))
    let listed = try await backend.send(
      BackendRequest(endpoint: .cards, traceID: "t", credential: token))

    #expect(madeDefault.status == 200)
    #expect(String(decoding: listed.body, as: UTF8.self) == body)
  }

  @Test("a body is read as Foundation reads it: a key given twice keeps its last value")
  func keyGivenTwice() {
    let body = #"{"cards":[{"# + Self.visa + #","status":"expired"}]}"#

    #expect(WireBody.Cards(body: body.utf8)?.cards.first?.status == "expired")
  }

  @Test("a body is read as Foundation reads it: a number past Decimal's exact range is rounded")
  func longNumber() {
    let body = #"{"balance":1234567890123456789012345678901234567890.5,"currency":"EUR"}"#

    guard case .number(let balance)? = JSONValue.read(body.utf8)?["balance"] else {
      Issue.record("the balance was not read as a number")
      return
    }
    #expect(balance > Decimal(string: "1.2e39")!)
  }

  @Test("the method a request's body names is read, with its id where it has one")
  func defaultMethodRead() {
    let card = WireBody.DefaultMethod(body: #"{"method":{"kind":"card","id":"card-2"}}"#.utf8)
    let wallet = WireBody.DefaultMethod(body: #"{"method":{"kind":"wallet"}}"#.utf8)

    #expect(card?.method == .init(kind: "card", id: "card-2"))
    #expect(wallet?.method == .init(kind: "wallet", id: nil))
    #expect(WireBody.DefaultMethod(body: "{}".utf8) == nil)
  }
}
