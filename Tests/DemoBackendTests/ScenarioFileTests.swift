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

  @Test("a bare Apple Pay outcome is short for an object with that outcome")
  func bareApplePay() throws {
    let scenario = try parse(#"{"applePay": "needsSetup"}"#)
    let reference = Scenario(name: "test.json", summary: "")

    #expect(scenario.applePay == .init(.needsSetup, latency: reference.applePay.latency))
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
      (#"{"walet": {}}"#, "walet", "is an unknown key (did you mean `wallet`?)"),
      (
        #"{"wallet": {"outcome": "ok", "balanse": 10, "currency": "EUR"}}"#, "wallet.balanse",
        "is an unknown key (did you mean `balance`?)"
      ),
      (
        #"{"wallet": {"outcom": "ok"}}"#, "wallet.outcom",
        "is an unknown key (did you mean `outcome`?)"
      ),
      (
        #"{"wallet": {"outcome": "ok", "zzz": 1}}"#, "wallet.zzz",
        "is an unknown key "
          + "(expected one of: balance, currency, latencyMs, outcome, responses, review)"
      ),
      (#"{"wallet": 3}"#, "wallet", "must be a JSON object, got a number"),
      (#"{"wallet": {}}"#, "wallet.outcome", "is missing"),
      (#"{"wallet": {"outcome": "gone"}}"#, "wallet.outcome", "must be one of"),
      (#"{"applePay": "maybe"}"#, "applePay", "must be one of"),
      (#"{"wallet": {"outcome": "ok", "currency": "EUR"}}"#, "wallet.balance", "is missing"),
      (#"{"wallet": {"outcome": "ok", "balance": 3}}"#, "wallet.currency", "is missing"),
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
        "is not a key with \"outcome\": \"banned\" (expected one of: latencyMs, outcome)"
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
      (#"{"cards": {"outcome": "ok", "cards": {}}}"#, "cards.cards", "must be a list of cards"),
      (#"{"cards": {"outcome": "ok", "cards": [3]}}"#, "cards.cards[0]", "must be a JSON object"),
      (
        #"{"cards": {"outcome": "ok", "cards": [{"brand": "Visa", "last4": "42", "#
          + #""expiry": "08/28", "status": "active"}]}}"#,
        "cards.cards[0].last4", "exactly four digits"
      ),
      (
        #"{"cards": {"outcome": "ok", "cards": [{"brand": "Visa", "last4": "4242", "#
          + #""expiry": "13/28", "status": "active"}]}}"#,
        "cards.cards[0].expiry", "must be MM/YY"
      ),
      (
        #"{"cards": {"outcome": "ok", "cards": [{"brand": "Visa", "last4": "4242", "#
          + #""expiry": "08/28", "status": "frozen"}]}}"#,
        "cards.cards[0].status", "must be one of \"active\", \"expired\""
      ),
      (
        #"{"cards": {"outcome": "ok", "cards": [{"brand": " ", "last4": "4242", "#
          + #""expiry": "08/28", "status": "active"}]}}"#,
        "cards.cards[0].brand", "must not be empty"
      ),
      (
        #"{"cards": {"outcome": "ok", "cards": [{"brand": "Visa", "last4": "4242", "#
          + #""expiry": "08/28", "status": "active", "cvv": "123"}]}}"#,
        "cards.cards[0].cvv", "is an unknown key (expected one of: brand, expiry, last4"
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

  @Test(
    "an ok outcome without its data uses the default data, as a missing key does",
    arguments: [
      #"{"wallet": {"outcome": "ok"}}"#, #"{"cards": {"outcome": "ok"}}"#,
      #"{"wallet": {"outcome": "ok", "latencyMs": 80}, "#
        + #""cards": {"outcome": "ok", "latencyMs": 140}}"#,
    ])
  func okWithoutData(json: String) throws {
    let scenario = try parse(json)
    let reference = Scenario(name: "", summary: "")

    #expect(scenario.wallet.answers == reference.wallet.answers)
    #expect(scenario.cards.answers == reference.cards.answers)
  }

  @Test(
    "a file that is not JSON is refused, saying what is wrong and, where it can, line and column",
    arguments: [
      ("{\n  \"wallet\" 3\n}", "line 2, column 12"),
      ("[1 2]", "line 1, column 4"),
      ("{} {}", "line 1, column 4"),
      (#"{"wallet": {"outcome": "banned",}"#, "line 1, column 33"),
      (#"{"a": tru}"#, "line 1, column 7"),
      (#"{"a": +1}"#, "line 1, column 7"),
      (#"{"a": .5}"#, "line 1, column 7"),
      // The end of the file has no place worth naming.
      (#"{"a": "open"#, ""),
      (#"{"a": "#, ""),
      (#"{"a": "x\"#, ""),
    ])
  func notJSON(json: String, place: String) {
    #expect {
      try parse(json)
    } throws: { error in
      guard let error = error as? ScenarioFileError else { return false }
      return error.key == nil && error.description.hasPrefix("the file is not valid JSON: ")
        && (place.isEmpty || error.description.contains(place))
    }
  }

  @Test(
    "a string or number that cannot be read is refused at its key, with the line and column",
    arguments: [
      (#"{"a": 07}"#, "cannot be read as a number: ", "line 1, column 8"),
      (#"{"a": "\q"}"#, "cannot be read as text: ", "line 1, column 8"),
      ("{\"a\": \"tab\there\"}", "cannot be read as text: ", "line 1, column 11"),
      (#"{"a": "\u12G4"}"#, "cannot be read as text: ", "line 1, column 8"),
      (#"{"a": "x\udc00"}"#, "cannot be read as text: ", "line 1, column 9"),
      (#"{"a": "\ud800\u0041"}"#, "cannot be read as text: ", "line 1, column 8"),
      (#"{"a": 1.}"#, "cannot be read as a number: ", "line 1, column 9"),
      (#"{"a": -}"#, "cannot be read as a number: ", "line 1, column 8"),
      (#"{"a": 1e}"#, "cannot be read as a number: ", "line 1, column 9"),
    ])
  func unreadableValue(json: String, problem: String, place: String) {
    #expect {
      try parse(json)
    } throws: { error in
      guard let error = error as? ScenarioFileError else { return false }
      return error.key == "a" && error.reason.hasPrefix(problem) && error.reason.contains(place)
    }
  }

  @Test("with more than one value unreadable, the file is refused at the first it writes")
  func severalUnreadableValues() {
    #expect {
      try parse(#"{"b": 07, "a": "\q"}"#)
    } throws: { error in
      guard let error = error as? ScenarioFileError else { return false }
      return error.key == "b" && error.reason.hasPrefix("cannot be read as a number: ")
        && error.reason.hasSuffix("line 1, column 8")
    }
  }

  @Test("UTF-16 text is refused: a JSON file is UTF-8")
  func utf16() {
    let bytes = Array(#"{"wallet": {"outcome": "banned"}}"#.utf16).flatMap {
      [UInt8($0 & 0xFF), UInt8($0 >> 8)]
    }

    #expect {
      try ScenarioFile.parse(Foundation.Data(bytes), name: "test.json")
    } throws: { error in
      guard let error = error as? ScenarioFileError else { return false }
      return error.key == nil
        && error.description.hasPrefix("the file is not valid JSON: a NUL byte at line 1, column 2")
    }
  }

  @Test("JSON's true is no number, and 1 no boolean, whatever NSNumber makes of them")
  func booleansAreNotNumbers() throws {
    #expect(throws: ScenarioFileError.self) {
      try parse(#"{"cards": {"responses": [{"status": true}]}}"#)
    }
    #expect {
      try parse(#"{"applePay": {"outcome": 1}}"#)
    } throws: { error in
      (error as? ScenarioFileError)?.reason == "must be a string, got a number"
    }
    let scenario = try parse(#"{"wallet": {"outcome": "banned", "latencyMs": 1}}"#)
    #expect(scenario.wallet.latency == .milliseconds(1))
  }

  @Test("a key given twice is refused, naming the key, not silently taken once")
  func duplicateKey() {
    #expect(
      throws: ScenarioFileError(
        key: "wallet.outcome",
        reason: "is given twice, again at line 1, column 34; give each key once")
    ) {
      try parse(#"{"wallet": {"outcome": "banned", "outcome": "ok"}}"#)
    }
    #expect(
      throws: ScenarioFileError(
        key: "cards", reason: "is given twice, again at line 1, column 35; give each key once")
    ) {
      try parse(#"{"cards": {"outcome": "offline"}, "cards": {"outcome": "ok"}}"#)
    }
  }

  @Test(
    "a number Decimal cannot hold exactly is out of range, naming the key",
    arguments: [
      (
        #"{"wallet": {"outcome": "ok", "balance": 1e38, "currency": "EUR"}}"#, "wallet.balance",
        "1e38"
      ),
      (
        #"{"wallet": {"outcome": "ok", "balance": -15e37, "currency": "EUR"}}"#, "wallet.balance",
        "-15e37"
      ),
      (
        #"{"wallet": {"outcome": "ok", "balance": 1.00000000000000000000000000000000000001, "#
          + #""currency": "EUR"}}"#,
        "wallet.balance", "1.00000000000000000000000000000000000001 at line 1, column 41"
      ),
      (#"{"wallet": {"latencyMs": 1e-200, "outcome": "banned"}}"#, "wallet.latencyMs", "1e-200"),
      (#"{"wallet": {"latencyMs": 1e200, "outcome": "banned"}}"#, "wallet.latencyMs", "1e200"),
      (
        #"{"wallet": {"outcome": "ok", "balance": 1e400, "currency": "EUR"}}"#, "wallet.balance",
        "1e400"
      ),
      (
        #"{"cards": {"responses": [{"status": 2e999999999999999999999}]}}"#,
        "cards.responses[0].status", "2e999999999999999999999 at line 1, column 37"
      ),
      (
        #"{"wallet": {"outcome": "ok", "#
          + #""balance": 12345678901234567890123456789012345678901234567890, "currency": "EUR"}}"#,
        "wallet.balance", "1234567890123456789012345678901234567890… at line 1, column 41"
      ),
    ])
  func outOfRange(json: String, key: String, shown: String) {
    #expect {
      try parse(json)
    } throws: { error in
      guard let error = error as? ScenarioFileError else { return false }
      return error.key == key && error.reason.hasPrefix("is out of range: \(shown)")
        && error.reason.hasSuffix(
          "(a number here has at most 38 significant digits, none past the 128th decimal "
            + "place, and is smaller than 1e38)")
    }
  }

  @Test(
    "a number is read exactly as the file writes it",
    arguments: [
      ("0", "0"), ("-0", "0"), ("12.50", "12.5"), ("0.125", "0.125"), ("1.5E+2", "150"),
      ("25e-1", "2.5"), ("100e-2", "1"), ("0.000001", "0.000001"), ("1e-128", "1e-128"),
    ])
  func exactNumbers(written: String, expected: String) throws {
    let scenario = try parse(
      #"{"wallet": {"outcome": "ok", "balance": \#(written), "currency": "EUR"}}"#)

    #expect(
      scenario.wallet
        == SourceScript(
          wallet: .ok(Wallet(balance: try #require(Decimal(string: expected)), currency: "EUR")),
          latency: Scenario(name: "", summary: "").wallet.latency))
  }

  @Test("the largest numbers in range are read exactly")
  func largestNumbers() throws {
    let scenario = try parse(
      #"{"wallet": {"outcome": "ok", "balance": 99999999999999999999999999999999999999, "#
        + #""currency": "EUR"}}"#
    )

    #expect(
      scenario.wallet
        == SourceScript(
          wallet: .ok(
            Wallet(balance: Decimal(string: String(repeating: "9", count: 38))!, currency: "EUR")),
          latency: Scenario(name: "", summary: "").wallet.latency))
  }

  @Test("invalid UTF-8 in a value is refused, naming the key")
  func invalidUTF8Value() {
    let bytes =
      Array(#"{"cards": {"outcome": "ok", "cards": [{"brand": ""#.utf8) + [0xC3, 0x28]
      + Array(#"", "last4": "4242", "expiry": "08/28", "status": "active"}]}}"#.utf8)

    #expect {
      try ScenarioFile.parse(Foundation.Data(bytes), name: "test.json")
    } throws: { error in
      guard let error = error as? ScenarioFileError else { return false }
      return error.key == "cards.cards[0].brand"
        && error.reason.hasPrefix("cannot be read as text: ")
        && error.reason.contains("line 1, column 50")
    }
  }

  @Test("invalid UTF-8 in a key is refused, naming the object that holds it")
  func invalidUTF8Key() {
    let bytes = Array(#"{"wallet": {""#.utf8) + [0xFF] + Array(#"": 1}}"#.utf8)

    #expect {
      try ScenarioFile.parse(Foundation.Data(bytes), name: "test.json")
    } throws: { error in
      guard let error = error as? ScenarioFileError else { return false }
      return error.key == "wallet" && error.reason.hasPrefix("has a key that cannot be read: ")
    }
  }

  @Test("half a surrogate pair is not text, naming the key")
  func loneSurrogate() {
    #expect {
      try parse(#"{"userStatus": "\ud800x"}"#)
    } throws: { error in
      guard let error = error as? ScenarioFileError else { return false }
      return error.key == "userStatus" && error.reason.hasPrefix("cannot be read as text: ")
    }
  }

  @Test("nesting deeper than 64 levels is refused, naming where")
  func deepNesting() {
    let json = String(repeating: "[", count: 66) + String(repeating: "]", count: 66)

    #expect(
      throws: ScenarioFileError(
        key: String(repeating: "[0]", count: 65),
        reason: "is nested more than 64 levels deep at line 1, column 66")
    ) {
      try parse(json)
    }
    // 64 levels are JSON a scenario reads; it is refused only for not being an object.
    #expect(throws: ScenarioFileError(key: nil, reason: "must be a JSON object, got an array")) {
      try parse(String(repeating: "[", count: 65) + String(repeating: "]", count: 65))
    }
  }

  @Test("nesting a hundred thousand levels deep is refused at the 65th, not a crash")
  func veryDeepNesting() {
    let json = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)

    #expect(
      throws: ScenarioFileError(
        key: String(repeating: "[0]", count: 65),
        reason: "is nested more than 64 levels deep at line 1, column 66")
    ) {
      try parse(json)
    }
  }

  @Test("a number written with a million digits and an exponent that undoes them is read exactly")
  func longNumberWithExponent() throws {
    // 1 and a million zeros, times 10^-1000001: 0.1. An exponent cut short of the digits
    // before it would read 1.
    let written = "1" + String(repeating: "0", count: 1_000_000) + "e-1000001"
    let scenario = try parse(
      #"{"wallet": {"outcome": "ok", "balance": \#(written), "currency": "EUR"}}"#)

    #expect(
      scenario.wallet
        == SourceScript(
          wallet: .ok(Wallet(balance: try #require(Decimal(string: "0.1")), currency: "EUR")),
          latency: Scenario(name: "", summary: "").wallet.latency))
  }

  @Test("escapes, a byte-order mark and a pair of surrogates read as the text they stand for")
  func escapes() throws {
    let scenario = try parse(
      "\u{FEFF}"
        + #"{"cards": {"outcome": "ok", "cards": [{"brand": "V\u00e9\/\"\ud83d\ude80\n", "#
        + #""last4": "4242", "expiry": "08/28", "status": "active"}]}}"#
    )

    #expect(
      scenario.cards
        == SourceScript(
          cards: .ok([
            ScenarioCard(brand: "Vé/\"🚀\n", lastFour: "4242", expiry: "08/28", status: .active)
          ]),
          latency: Scenario(name: "", summary: "").cards.latency))
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
    try #require(answers.count == 6)
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

  @Test(
    "reads each transport failure by its scenario-file spelling, older ones included",
    arguments: [
      ("offline", TransportError.offline), ("timedOut", .timedOut),
      ("connectionLost", .connectionLost), ("cannotReachServer", .serverUnreachable),
      ("secureConnectionFailed", .insecureConnection), ("responseTooLarge", .responseTooLarge),
      ("cancelled", .cancelled),
    ])
  func transportSpellings(name: String, failure: TransportError) throws {
    let scenario = try parse(#"{"cards": {"responses": [{"transport": "\#(name)"}]}}"#)

    #expect(scenario.cards.answers == [.transport(failure)])
  }

  @Test("a transport failure's name in the lesson is no scenario-file spelling")
  func glossaryNamesAreRefused() {
    #expect(throws: ScenarioFileError.self) {
      try parse(#"{"cards": {"responses": [{"transport": "serverUnreachable"}]}}"#)
    }
  }

  @Test("reads the session's refresh and the user's status")
  func sessionAndUserStatus() throws {
    let scenario = try parse(#"{"session": {"refresh": "fails"}, "userStatus": "locked"}"#)

    #expect(scenario.refresh == [.fails])
    #expect(scenario.userStatus == [.locked])
  }

  @Test("reads a card the issuer declined")
  func decline() throws {
    let scenario = try parse(
      #"{"cards": {"outcome": "ok", "cards": [{"brand": "Visa", "last4": "4242", "#
        + #""expiry": "08/28", "status": "active", "rejection": {"reason": "blocked", "#
        + #""message": "No"}}]}}"#
    )

    #expect(
      scenario.cards
        == SourceScript(
          cards: .ok([
            ScenarioCard(
              brand: "Visa", lastFour: "4242", expiry: "08/28", status: .active,
              decline: IssuerDecline(reason: .blocked, message: "No"))
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
        "wallet.responses[0].status", "is not a key beside \"transport\""
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
        "is not a key beside \"responses\""
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

@Suite("Scenario files: the ways out", .timeLimit(.minutes(1)))
struct ScenarioFileWayOutTests {
  @Test(
    "status checks and refreshes may be lists, served in order; signIn says what signing in yields")
  func lists() throws {
    let json =
      #"{"userStatus": ["notVerified", "verified"], "#
      + #""session": {"refresh": ["offline", "succeeds"]}, "signIn": "fails"}"#
    let scenario = try ScenarioFile.parse(Foundation.Data(json.utf8), name: "test")

    #expect(scenario.userStatus == [.notVerified, .verified])
    #expect(scenario.refresh == [.offline, .succeeds])
    #expect(scenario.signIn == .fails)
  }

  @Test(
    "a bad entry in a list names its place",
    arguments: [
      (#"{"userStatus": ["verified", "maybe"]}"#, "userStatus[1]"),
      (#"{"userStatus": []}"#, "userStatus"),
      (#"{"signIn": "perhaps"}"#, "signIn"),
    ])
  func badEntries(json: String, key: String) {
    #expect {
      try ScenarioFile.parse(Foundation.Data(json.utf8), name: "test")
    } throws: { error in
      (error as? ScenarioFileError)?.key == key
    }
  }
}
