import Domain
import Foundation
import Testing

@testable import DataLayer

/// The answers to the writes to a saved card, read without a client.
@Suite("Saved card writes mapper: DELETE, PUT default and PATCH answers, read")
struct SavedCardWritesMapperTests {
  private static let expiry = CardExpiry(month: 1, year: 2030)!

  private func removal(_ status: Int, _ body: String) throws -> RemoveCardOutcome {
    try SavedCardWritesMapper.removeOutcome(from: response(status, body, to: .removeCard))
  }

  private func newDefault(_ status: Int, _ body: String) throws -> MakeDefaultOutcome {
    try SavedCardWritesMapper.makeDefaultOutcome(
      from: response(status, body, to: .setDefault), requested: .card(id: "9"))
  }

  private func update(_ status: Int, _ body: String) throws -> UpdateCardOutcome {
    try SavedCardWritesMapper.updateOutcome(
      from: response(status, body, to: .updateCard), cardID: "2", expiry: Self.expiry)
  }

  @Test("a 204 to a removal is the card removed")
  func removed() throws {
    #expect(try removal(204, "") == .removed)
  }

  @Test("a 404 card_not_found to a removal is the card gone already")
  func alreadyRemoved() throws {
    #expect(try removal(404, #"{"code":"card_not_found"}"#) == .alreadyRemoved)
  }

  @Test("a 409 last_payment_method to a removal is the card kept")
  func refusedLastMethod() throws {
    #expect(try removal(409, #"{"code":"last_payment_method"}"#) == .refusedLastMethod)
  }

  @Test("a 409 with another code to a removal is unexpected")
  func removalUnexpected() {
    let failure = #expect(throws: RequestFailure.self) {
      try removal(409, #"{"code":"something_else"}"#)
    }

    #expect(failure?.kind == .unexpectedAnswer)
  }

  @Test("a 200 naming a card is that card made the default")
  func cardMadeDefault() throws {
    let read = try newDefault(200, #"{"method":{"kind":"card","id":"2"}}"#)

    #expect(read == .madeDefault(.card(id: "2")))
  }

  @Test("a 200 naming the wallet is the wallet made the default")
  func walletMadeDefault() throws {
    #expect(try newDefault(200, #"{"method":{"kind":"wallet"}}"#) == .madeDefault(.wallet))
  }

  @Test(
    "a 200 to a new default whose body cannot be read is the default made as asked",
    arguments: [#"{"method":{"kind":"card"}}"#, "{}", #"{"method": {"kind": "ca"#, "not JSON"])
  func defaultUnreadableIsMade(body: String) throws {
    #expect(try newDefault(200, body) == .madeDefault(.card(id: "9")))
  }

  @Test("a 404 method_not_found to a new default is the method gone")
  func methodGone() throws {
    #expect(try newDefault(404, #"{"code":"method_not_found"}"#) == .methodGone)
  }

  @Test("a 404 with another code to a new default is unexpected")
  func defaultUnexpected() {
    let failure = #expect(throws: RequestFailure.self) {
      try newDefault(404, #"{"code":"card_not_found"}"#)
    }

    #expect(failure?.kind == .unexpectedAnswer)
  }

  @Test("a 200 to a new expiry is the card updated")
  func updated() throws {
    let card = #"{"id":"2","brand":"Visa","last4":"4242","expiry":"12/30","status":"active"}"#

    let read = try update(200, card)

    guard case .updated(let updated) = read else {
      Issue.record("expected the card updated, got \(read)")
      return
    }
    #expect(updated.expiry == CardExpiry(month: 12, year: 2030))
  }

  @Test("a 422 validation_failed about the expiry is the expiry's problems")
  func invalidExpiry() throws {
    let read = try update(
      422, #"{"code":"validation_failed","fields":{"expiry":["Too far ahead"]}}"#)

    #expect(read == .invalid([.expiry: [.described("Too far ahead")]]))
  }

  @Test("a 422 validation_failed about a field not sent is unexpected")
  func invalidOtherField() {
    let failure = #expect(throws: RequestFailure.self) {
      try update(422, #"{"code":"validation_failed","fields":{"number":["Not sent"]}}"#)
    }

    #expect(failure?.kind == .unexpectedAnswer)
  }

  @Test("a 402 card_declined to a new expiry is the issuer's decline")
  func updateDeclined() throws {
    let read = try update(402, #"{"code":"card_declined","declineCode":"expired_card"}"#)

    #expect(read == .declined(CardDecline(code: "expired_card", adviceCode: nil)))
  }

  @Test("a 402 card_declined to a new expiry without a reason is a decline with none")
  func updateDeclinedWithoutReason() throws {
    // As an older server sends it: no reason, no advice.
    let read = try update(402, #"{"code":"card_declined","message":"Ask your bank"}"#)

    #expect(read == .declined(CardDecline(code: nil, adviceCode: nil)))
  }

  @Test("a 404 card_not_found to a new expiry is the card gone")
  func cardGone() throws {
    #expect(try update(404, #"{"code":"card_not_found"}"#) == .cardGone)
  }

  @Test(
    "a 200 to a new expiry whose card cannot be read is the change made, its card unread",
    arguments: [#"{"id":"2"}"#, #"{"id": 3"#, ""])
  func updateUnreadableIsMade(body: String) throws {
    #expect(try update(200, body) == .updatedUnread(cardID: "2", expiry: Self.expiry))
  }
}
