import Domain
import Foundation
import Testing

@testable import DataLayer

/// The answers about a card waiting for its bank, read without a client.
@Suite("Card setups mapper: the 202, the polls, the cancel, read")
struct CardSetupsMapperTests {
  private func status(_ status: Int, _ body: String) throws -> CardSetupStatus {
    try CardSetupsMapper.setupStatus(from: response(status, body, to: .cardSetup))
  }

  @Test(
    "a 202 whose setup id could name another path, or is too long, is malformed",
    arguments: ["../me", "", "a b", "s/1", String(repeating: "s", count: 201)])
  func unreadableSetupID(id: String) {
    let body =
      #"{"status":"requires_action","setupId":"\#(id)","nextAction":{"type":"authenticate"}}"#

    let failure = #expect(throws: RequestFailure.self) {
      try CardSetupsMapper.setup(from: response(202, body, to: .addCard), idempotencyKey: "k")
    }

    #expect(failure?.kind == .malformedResponse)
  }

  @Test(
    "a 202 that asks for no authentication, or is no setup waiting, is malformed",
    arguments: [
      #"{"status":"requires_action","setupId":"s-1","nextAction":{"type":"redirect"}}"#,
      #"{"status":"succeeded","setupId":"s-1","nextAction":{"type":"authenticate"}}"#,
      #"{"status":"requires_action"}"#,
    ])
  func noAuthentication(body: String) {
    let failure = #expect(throws: RequestFailure.self) {
      try CardSetupsMapper.setup(from: response(202, body, to: .addCard), idempotencyKey: "k")
    }

    #expect(failure?.kind == .malformedResponse)
  }

  @Test("a 202 with the longest setup id the app takes is the setup")
  func longestSetupID() throws {
    let id = String(repeating: "s", count: CardSetupsMapper.setupIDLimit)
    let body =
      #"{"status":"requires_action","setupId":"\#(id)","nextAction":{"type":"authenticate"}}"#

    let setup = try CardSetupsMapper.setup(
      from: response(202, body, to: .addCard), idempotencyKey: "k")

    #expect(setup.setupID == id)
    #expect(setup.bankMessage == nil)
  }

  @Test(
    "requires_action and processing are the bank not answered yet",
    arguments: ["requires_action", "processing"])
  func waiting(setup: String) throws {
    #expect(try status(200, #"{"status":"\#(setup)"}"#) == .waiting)
  }

  @Test("succeeded with the card is the card approved")
  func succeeded() throws {
    let card = #"{"id":"100","brand":"Visa","last4":"5556","expiry":"08/28","status":"active"}"#

    let read = try status(200, #"{"status":"succeeded","card":\#(card)}"#)

    guard case .succeeded(let approved) = read else {
      Issue.record("expected the card approved, got \(read)")
      return
    }
    #expect(approved.lastFour == "5556")
  }

  @Test("succeeded without a card is malformed")
  func succeededWithoutACard() {
    let failure = #expect(throws: RequestFailure.self) {
      try status(200, #"{"status":"succeeded"}"#)
    }

    #expect(failure?.kind == .malformedResponse)
  }

  @Test("failed is the bank's decline, with its reason")
  func failed() throws {
    let read = try status(200, #"{"status":"failed","reason":"authentication_failed"}"#)

    #expect(read == .declined(reason: "authentication_failed"))
  }

  @Test("canceled is the setup canceled")
  func canceled() throws {
    #expect(try status(200, #"{"status":"canceled"}"#) == .canceled)
  }

  @Test("a setup status the app does not know is malformed")
  func unknownStatus() {
    let failure = #expect(throws: RequestFailure.self) {
      try status(200, #"{"status":"pondering"}"#)
    }

    #expect(failure?.kind == .malformedResponse)
  }

  @Test("a poll answered 404 is unexpected, with its status")
  func notFound() {
    let failure = #expect(throws: RequestFailure.self) {
      try status(404, #"{"code":"setup_not_found"}"#)
    }

    #expect(failure?.kind == .unexpectedAnswer)
    #expect(failure?.context.status == 404)
  }

  @Test("any 2xx to a cancel is the setup cancelled, whatever its body")
  func cancelled() {
    #expect(throws: Never.self) {
      try CardSetupsMapper.cancellation(from: response(204, "", to: .cancelCardSetup))
    }
    #expect(throws: Never.self) {
      try CardSetupsMapper.cancellation(from: response(200, "not json", to: .cancelCardSetup))
    }
  }

  @Test("a cancel answered 409 is unexpected")
  func cancelRefused() {
    let failure = #expect(throws: RequestFailure.self) {
      try CardSetupsMapper.cancellation(
        from: response(409, #"{"code":"setup_succeeded"}"#, to: .cancelCardSetup))
    }

    #expect(failure?.kind == .unexpectedAnswer)
  }
}
