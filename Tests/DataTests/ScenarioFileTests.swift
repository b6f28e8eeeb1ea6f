import DataLayer
import Domain
import Foundation
import Testing

@Suite("Scenario files")
struct ScenarioFileTests {
  private func parse(_ json: String) throws(ScenarioFileError) -> Scenario {
    try ScenarioFile.parse(Foundation.Data(json.utf8), name: "test.json")
  }

  @Test("the example in Examples/ reads as written")
  func example() throws {
    let url = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Examples/wallet-in-review-slow-cards.json")

    let scenario = try ScenarioFile.parse(try Foundation.Data(contentsOf: url), name: "example")

    #expect(
      scenario.wallet
        == SourceScript(wallet: .inReview(.beingProcessed), latency: .milliseconds(60)))
    #expect(
      scenario.cards
        == SourceScript(
          cards: .ok([
            ScenarioCard(brand: "Visa", lastFour: "4242", expiry: "08/28", status: .active),
            ScenarioCard(brand: "Amex", lastFour: "0005", expiry: "03/25", status: .expired),
          ]), latency: .milliseconds(180)))
    #expect(scenario.applePay == .init(.needsSetup, latency: .milliseconds(25)))
  }

  @Test("an empty object means every source answers with its default data")
  func defaults() throws {
    let scenario = try parse("{}")
    let reference = Scenario(name: "test.json", summary: "")

    #expect(scenario.wallet == reference.wallet)
    #expect(scenario.cards == reference.cards)
    #expect(scenario.applePay == reference.applePay)
  }

  @Test("a missing latencyMs keeps the default latency")
  func defaultLatency() throws {
    let scenario = try parse(#"{"wallet": {"outcome": "banned"}}"#)

    #expect(
      scenario.wallet
        == SourceScript(wallet: .banned, latency: Scenario(name: "", summary: "").wallet.latency))
  }

  @Test("reads a wallet balance exactly, and a latency of zero")
  func walletOk() throws {
    let scenario = try parse(
      #"{"wallet": {"outcome": "ok", "balance": 0.1, "currency": "USD", "latencyMs": 0}}"#)

    #expect(
      scenario.wallet
        == SourceScript(
          wallet: .ok(Wallet(balance: Decimal(string: "0.1")!, currency: "USD")), latency: .zero))
  }

  @Test(
    "reads every outcome name",
    arguments: [
      (#"{"wallet": {"outcome": "notFound"}}"#, "wallet"),
      (#"{"wallet": {"outcome": "offline"}}"#, "wallet"),
      (#"{"wallet": {"outcome": "unexpected"}}"#, "wallet"),
      (#"{"cards": {"outcome": "offline"}}"#, "cards"),
      (#"{"cards": {"outcome": "unexpected"}}"#, "cards"),
      (#"{"applePay": {"outcome": "notAvailable"}}"#, "applePay"),
      (#"{"applePay": {"outcome": "unexpected"}}"#, "applePay"),
    ])
  func outcomeNames(json: String, source: String) throws {
    let scenario = try parse(json)
    let reference = Scenario(name: "", summary: "")

    switch source {
    case "wallet": #expect(scenario.wallet != reference.wallet)
    case "cards": #expect(scenario.cards != reference.cards)
    default: #expect(scenario.applePay != reference.applePay)
    }
  }

  @Test(
    "a bad file names the key and the reason",
    arguments: [
      ("[]", nil, "must be a JSON object, got an array"),
      (#"{"walet": {}}"#, "walet", "is not a key here"),
      (#"{"wallet": 3}"#, "wallet", "must be a JSON object, got a number"),
      (#"{"wallet": {}}"#, "wallet.outcome", "is missing"),
      (#"{"wallet": {"outcome": "gone"}}"#, "wallet.outcome", "must be one of"),
      (#"{"wallet": {"outcome": "ok", "currency": "EUR"}}"#, "wallet.balance", "is missing"),
      (
        #"{"wallet": {"outcome": "ok", "balance": "10", "currency": "EUR"}}"#, "wallet.balance",
        "must be a number, got a string"
      ),
      (
        #"{"wallet": {"outcome": "ok", "balance": -1, "currency": "EUR"}}"#, "wallet.balance",
        "must be 0 or more"
      ),
      (
        #"{"wallet": {"outcome": "ok", "balance": 1, "currency": "euro"}}"#, "wallet.currency",
        "three-letter ISO 4217 code"
      ),
      (#"{"wallet": {"outcome": "inReview"}}"#, "wallet.review", "is missing"),
      (
        #"{"wallet": {"outcome": "inReview", "review": "soon"}}"#, "wallet.review",
        "must be one of \"pending\", \"beingProcessed\""
      ),
      (
        #"{"wallet": {"outcome": "banned", "review": "pending"}}"#, "wallet.review",
        "is not a key here"
      ),
      (
        #"{"wallet": {"outcome": "banned", "latencyMs": -5}}"#, "wallet.latencyMs",
        "whole number of milliseconds from 0 to 600000, got -5"
      ),
      (#"{"wallet": {"outcome": "banned", "latencyMs": 1.5}}"#, "wallet.latencyMs", "got 1.5"),
      (
        #"{"wallet": {"outcome": "banned", "latencyMs": "10"}}"#, "wallet.latencyMs",
        "got \"10\""
      ),
      (
        #"{"wallet": {"outcome": "banned", "latencyMs": true}}"#, "wallet.latencyMs",
        "got a boolean"
      ),
      (#"{"cards": {"outcome": "ok"}}"#, "cards.cards", "is missing"),
      (#"{"cards": {"outcome": "ok", "cards": {}}}"#, "cards.cards", "must be a list of cards"),
      (#"{"cards": {"outcome": "ok", "cards": [3]}}"#, "cards.cards[0]", "must be a JSON object"),
      (
        #"{"cards": {"outcome": "ok", "cards": [{"brand": "Visa", "last4": "42", "expiry": "08/28", "status": "active"}]}}"#,
        "cards.cards[0].last4", "exactly four digits"
      ),
      (
        #"{"cards": {"outcome": "ok", "cards": [{"brand": "Visa", "last4": "4242", "expiry": "13/28", "status": "active"}]}}"#,
        "cards.cards[0].expiry", "must be MM/YY"
      ),
      (
        #"{"cards": {"outcome": "ok", "cards": [{"brand": "Visa", "last4": "4242", "expiry": "08/28", "status": "frozen"}]}}"#,
        "cards.cards[0].status", "must be one of \"active\", \"expired\""
      ),
      (
        #"{"cards": {"outcome": "ok", "cards": [{"brand": " ", "last4": "4242", "expiry": "08/28", "status": "active"}]}}"#,
        "cards.cards[0].brand", "must not be empty"
      ),
      (
        #"{"cards": {"outcome": "ok", "cards": [{"brand": "Visa", "last4": "4242", "expiry": "08/28", "status": "active", "cvv": "123"}]}}"#,
        "cards.cards[0].cvv", "is not a key here"
      ),
      (#"{"applePay": {"outcome": "maybe"}}"#, "applePay.outcome", "must be one of"),
    ] as [(String, String?, String)])
  func badFiles(json: String, key: String?, reason: String) {
    #expect {
      try parse(json)
    } throws: { error in
      guard let error = error as? ScenarioFileError else { return false }
      return error.key == key && error.reason.contains(reason)
    }
  }

  @Test("text that is not JSON is refused as such, with Foundation's words for where")
  func notJSON() {
    #expect {
      try parse(#"{"wallet": {"outcome": "banned",}"#)
    } throws: { error in
      guard let error = error as? ScenarioFileError else { return false }
      return error.key == nil && error.description.hasPrefix("the file is not valid JSON")
    }
  }
}
