import Domain
import Foundation
import Testing

@testable import DataLayer

/// A card as the backend lists it, with members added or replaced by `more`.
private func cardJSON(id: String = "1", expiry: String = "08/28", _ more: String = "") -> String {
  #"{"id":"\#(id)","brand":"Visa","last4":"4242","expiry":"\#(expiry)","status":"active"\#(more)}"#
}

/// `GET /cards`'s answers, read without a client.
@Suite("Cards mapper: GET /cards's answer, read")
struct CardsMapperTests {
  private func cards(_ status: Int, _ body: String) throws -> [PaymentCard] {
    try CardsMapper.cards(from: response(status, body, to: .cards))
  }

  @Test("a 200 with a list is the cards, with their ids, expiry, status and default")
  func cards() throws {
    let body = """
      {"cards":[\(cardJSON()),\
      {"id":"2","brand":"Amex","last4":"0005","expiry":"01/24",\
      "status":"expired","isDefault":true}]}
      """

    let read = try cards(200, body)

    #expect(
      read == [
        PaymentCard(
          id: "1", brand: "Visa", lastFour: "4242", expiry: CardExpiry(month: 8, year: 2028)!,
          status: .active),
        PaymentCard(
          id: "2", brand: "Amex", lastFour: "0005", expiry: CardExpiry(month: 1, year: 2024)!,
          status: .expired, isDefault: true),
      ])
  }

  @Test("a card its issuer declined is a value: listed with the reason, unable to pay")
  func declinedCard() throws {
    let card = cardJSON(#","rejection":{"reason":"blocked","message":"Lost"}"#)

    let read = try cards(200, #"{"cards":[\#(card)]}"#)

    #expect(read.first?.decline == IssuerDecline(reason: .blocked, message: "Lost"))
    #expect(read.first?.canPay == false)
  }

  @Test("an empty list is no cards, not an error")
  func empty() throws {
    #expect(try cards(200, #"{"cards":[]}"#).isEmpty)
  }

  @Test("a card with an unreadable expiry makes the whole answer malformed, not a silent drop")
  func unreadableExpiry() {
    let failure = #expect(throws: RequestFailure.self) {
      try cards(200, #"{"cards":[\#(cardJSON(expiry: "8/28"))]}"#)
    }

    #expect(failure?.kind == .malformedResponse)
  }

  @Test("a decline reason the app does not know makes the answer malformed")
  func unknownDeclineReason() {
    let card = cardJSON(#","rejection":{"reason":"moon_phase"}"#)

    let failure = #expect(throws: RequestFailure.self) { try cards(200, #"{"cards":[\#(card)]}"#) }

    #expect(failure?.kind == .malformedResponse)
  }

  @Test("an answer that is not a 2xx is unexpected")
  func notASuccess() {
    let failure = #expect(throws: RequestFailure.self) {
      try cards(404, #"{"code":"cards_not_found"}"#)
    }

    #expect(failure?.kind == .unexpectedAnswer)
  }

  @Test("a 200 whose body is not a list is a malformed response, the decoding error kept")
  func malformed() {
    let failure = #expect(throws: RequestFailure.self) { try cards(200, "not json") }

    #expect(failure?.kind == .malformedResponse)
    #expect(failure?.context.underlying is DecodingError)
  }
}

/// `POST /cards`'s answers, read without a client.
@Suite("Cards mapper: POST /cards's answer, read")
struct AddCardMapperTests {
  private func outcome(_ status: Int, _ body: String) throws -> AddCardOutcome {
    try CardsMapper.addCardOutcome(
      from: response(status, body, to: .addCard), idempotencyKey: "k-1")
  }

  @Test("a 201 with the card is the card saved")
  func saved() throws {
    let read = try outcome(201, cardJSON(id: "100"))

    guard case .saved(let card) = read else {
      Issue.record("expected saved, got \(read)")
      return
    }
    #expect(card.id == "100")
  }

  @Test("a 202 requires_action is the bank's approval, with its words and the submission's key")
  func needsBankApproval() throws {
    let body = """
      {"status":"requires_action","setupId":"setup-1",\
      "nextAction":{"type":"authenticate","message":"Approve it in your bank's app."}}
      """

    let read = try outcome(202, body)

    #expect(
      read
        == .needsBankApproval(
          CardSetup(
            setupID: "setup-1", bankMessage: "Approve it in your bank's app.",
            idempotencyKey: "k-1")))
  }

  @Test("a 409 card_already_saved with the card is that card, saved already")
  func alreadySaved() throws {
    let read = try outcome(409, #"{"code":"card_already_saved","card":\#(cardJSON(id: "7"))}"#)

    guard case .alreadySaved(let card) = read else {
      Issue.record("expected already saved, got \(read)")
      return
    }
    #expect(card.id == "7")
  }

  @Test("a 409 card_already_saved without the card is unexpected")
  func alreadySavedWithoutTheCard() {
    let failure = #expect(throws: RequestFailure.self) {
      try outcome(409, #"{"code":"card_already_saved"}"#)
    }

    #expect(failure?.kind == .unexpectedAnswer)
  }

  @Test("a 422 validation_failed is each field's problems")
  func invalid() throws {
    let body = #"{"code":"validation_failed","fields":{"number":["Not this bank"],"cvc":["Odd"]}}"#

    let read = try outcome(422, body)

    #expect(
      read
        == .invalid([.number: [.described("Not this bank")], .securityCode: [.described("Odd")]]))
  }

  @Test("a 422 naming a field the form does not have is unexpected, not dropped")
  func unknownField() {
    let failure = #expect(throws: RequestFailure.self) {
      try outcome(422, #"{"code":"validation_failed","fields":{"iban":["x"]}}"#)
    }

    #expect(failure?.kind == .unexpectedAnswer)
  }

  @Test("a 402 card_declined is the issuer's decline, with its reason and advice")
  func declined() throws {
    let body =
      #"{"code":"card_declined","declineCode":"lost_card","adviceCode":"do_not_try_again"}"#

    let read = try outcome(402, body)

    #expect(read == .declined(CardDecline(code: "lost_card", adviceCode: "do_not_try_again")))
  }

  @Test("a 402 card_declined without a reason is a decline with none, as an older server sends it")
  func declinedWithoutReason() throws {
    let read = try outcome(402, #"{"code":"card_declined","message":"Ask your bank"}"#)

    #expect(read == .declined(CardDecline(code: nil, adviceCode: nil)))
  }

  @Test("a refusal's code is the one the client read: none from a body it cannot read, unexpected")
  func codeFromTheContext() {
    // A `detail` that is not text: the client reads no code from this body.
    let failure = #expect(throws: RequestFailure.self) {
      try outcome(402, #"{"code":"card_declined","detail":7}"#)
    }

    #expect(failure?.kind == .unexpectedAnswer)
    #expect(failure?.context.serverCode == nil)
  }

  @Test("a 201 whose body is not a card is a malformed response")
  func malformed() {
    let failure = #expect(throws: RequestFailure.self) { try outcome(201, "") }

    #expect(failure?.kind == .malformedResponse)
  }
}
