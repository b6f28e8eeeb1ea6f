import DataLayer
import Foundation
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

  @Test("a body is compact JSON with its keys in order, and a member with no value is left out")
  func compactAndOrdered() {
    let wallet = WireBody.Wallet(balance: Decimal(string: "125.5")!, currency: "EUR")

    #expect(WireBody.text(wallet) == #"{"balance":125.5,"currency":"EUR"}"#)
  }

  @Test("a control character is written as a \\u escape, which JSON requires")
  func controlCharacters() {
    #expect(JSONValue.string("a\u{1}\u{1F}b").text == #""a\u0001\u001fb""#)
  }

  @Test("a decline without advice says so with null, as the wire contract does")
  func declineWritesNull() throws {
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
    let client = ClientFixture(
      scenario(cards: [.respond(status: 200, body: WireBody.text(cards))])
    ).client

    let read = try await BackendCardsRepository(client: client).fetchCards()

    #expect(read.map(\.id) == ["card-1", "card-2"])
    #expect(read.map(\.isDefault) == [false, true])
    #expect(read.map { $0.decline == nil } == [true, false])
  }

  @Test("a cards body reads back as the cards it lists, and a list with anything else as none")
  func cardsReadBack() {
    let card = WireBody.Cards.Card(
      id: "card-1", brand: "Visa", last4: "4242", expiry: "08/28", status: "declined",
      decline: .init(reason: "expired", message: nil), isDefault: false)
    let body = WireBody.text(WireBody.Cards(cards: [card]))

    #expect(WireBody.Cards(body: body)?.cards.first?.decline?.reason == "expired")
    #expect(WireBody.Cards(body: body)?.cards.first?.isDefault == false)
    #expect(WireBody.Cards(body: #"{"cards":[{"id":"card-1"}]}"#) == nil)
    #expect(WireBody.Cards(body: "not JSON") == nil)
  }
}
