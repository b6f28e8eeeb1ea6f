import Domain
import Foundation
import Testing

@testable import DataLayer
@testable import DemoBackend

@Suite("Scenario files", .timeLimit(.minutes(1)))
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

@Suite("Scenario files: the responses form", .timeLimit(.minutes(1)))
struct ScenarioFileResponsesTests {
  private func parse(_ json: String) throws(ScenarioFileError) -> Scenario {
    try ScenarioFile.parse(Foundation.Data(json.utf8), name: "test.json")
  }

  @Test("reads answers in order: statuses, Retry-After in both forms, transports, raw bodies")
  func answers() throws {
    let scenario = try parse(
      #"""
      {"cards": {"latencyMs": 5, "responses": [
        {"status": 503, "retryAfter": 1},
        {"status": 503, "retryAfter": "Wed, 21 Oct 2026 07:28:00 GMT", "code": "maintenance"},
        {"transport": "timedOut"},
        {"status": 403, "code": "user_locked", "message": "Call us"},
        {"status": 200, "body": "not json"},
        {"status": 200}
      ]}}
      """#)

    let answers = scenario.cards.answers
    #expect(scenario.cards.latency == .milliseconds(5))
    #expect(answers.count == 6)
    guard case .respond(503, let headers, _) = answers[0] else {
      Issue.record("expected a 503, got \(answers[0])")
      return
    }
    #expect(headers == ["retry-after": "1"])
    guard case .respond(503, let dateHeaders, let body) = answers[1] else {
      Issue.record("expected a 503, got \(answers[1])")
      return
    }
    #expect(dateHeaders == ["retry-after": "Wed, 21 Oct 2026 07:28:00 GMT"])
    #expect(body.contains("maintenance"))
    #expect(answers[2] == .transport(.timedOut))
    guard case .respond(403, _, let lockedBody) = answers[3] else {
      Issue.record("expected a 403, got \(answers[3])")
      return
    }
    #expect(lockedBody.contains("user_locked") && lockedBody.contains("Call us"))
    #expect(answers[4] == .respond(status: 200, body: "not json"))
    #expect(answers[5] == CardsOutcome.defaultCards.answer)
  }

  @Test("reads the session's refresh and the user's status")
  func sessionAndUserStatus() throws {
    let scenario = try parse(#"{"session": {"refresh": "fails"}, "userStatus": "locked"}"#)

    #expect(scenario.refresh == .fails)
    #expect(scenario.userStatus == .locked)
  }

  @Test("reads a card the issuer rejected")
  func rejection() throws {
    let scenario = try parse(
      #"{"cards": {"outcome": "ok", "cards": [{"brand": "Visa", "last4": "4242", "expiry": "08/28", "status": "active", "rejection": {"reason": "blocked", "message": "No"}}]}}"#
    )

    #expect(
      scenario.cards
        == SourceScript(
          cards: .ok([
            ScenarioCard(
              brand: "Visa", lastFour: "4242", expiry: "08/28", status: .active,
              rejection: IssuerRejection(reason: .blocked, message: "No"))
          ]), latency: Scenario(name: "", summary: "").cards.latency))
  }

  @Test(
    "a bad answer names the key and the reason",
    arguments: [
      (#"{"wallet": {"responses": []}}"#, "wallet.responses", "non-empty list"),
      (#"{"wallet": {"responses": [{}]}}"#, "wallet.responses[0].status", "HTTP status"),
      (#"{"wallet": {"responses": [{"status": 99}]}}"#, "wallet.responses[0].status", "100 to 599"),
      (
        #"{"wallet": {"responses": [{"transport": "dns"}]}}"#, "wallet.responses[0].transport",
        "must be one of"
      ),
      (
        #"{"wallet": {"responses": [{"transport": "offline", "status": 200}]}}"#,
        "wallet.responses[0].status", "is not a key here"
      ),
      (
        #"{"wallet": {"responses": [{"status": 503, "retryAfter": "soon"}]}}"#,
        "wallet.responses[0].retryAfter", "HTTP date"
      ),
      (
        #"{"wallet": {"responses": [{"status": 503, "retryAfter": -1}]}}"#,
        "wallet.responses[0].retryAfter", "whole seconds"
      ),
      (
        #"{"wallet": {"outcome": "banned", "responses": [{"status": 200}]}}"#, "wallet.outcome",
        "is not a key here"
      ),
      (#"{"session": {"refresh": "maybe"}}"#, "session.refresh", "must be one of"),
      (#"{"userStatus": "asleep"}"#, "userStatus", "must be one of"),
    ] as [(String, String?, String)])
  func badAnswers(json: String, key: String?, reason: String) {
    #expect {
      try parse(json)
    } throws: { error in
      guard let error = error as? ScenarioFileError else { return false }
      return error.key == key && error.reason.contains(reason)
    }
  }
}
