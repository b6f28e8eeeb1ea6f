import Foundation
import Testing

@testable import CLI

/// A Visa on no built-in scenario's list, so that a scenario that saves it saves it.
private let number = "4000 0566 5566 5556"
private let securityCode = "973"
private let card = [
  "--number", number, "--expiry", "08/28", "--cvc", securityCode, "--name", "Ada Lovelace",
]

@MainActor
@Suite("add-card on the command line", .timeLimit(.minutes(1)))
struct AddCardCommandTests {
  nonisolated static let scenarios = [
    ("add-card-ok", "saved", ExitCode.success), ("add-card-invalid", "invalid", .dataError),
    ("add-card-duplicate", "alreadySaved", .success),
    ("add-card-declined", "declined", .errorState),
    ("add-card-insufficient-funds", "declined", .errorState),
    ("add-card-incorrect-cvc", "declined", .errorState),
    ("add-card-stolen", "declined", .errorState),
    ("add-card-processing-error-then-ok", "declined", .errorState),
    ("add-card-timeout-then-ok", "saved", .success), ("add-card-token-expired", "saved", .success),
    ("add-card-session-expired", "error", .journey),
    ("add-card-3ds-approved", "saved", .success), ("add-card-3ds-failed", "error", .errorState),
    ("add-card-3ds-timeout", "error", .temporaryFailure),
    ("add-card-3ds-token-expired", "saved", .success),
  ]

  @Test("while add-card waits for the bank, stderr says to approve it and how to stop")
  func saysWhatToDo() async throws {
    let run = await runCLI(["add-card", "--scenario", "add-card-3ds-approved", "--json"] + card)

    #expect(run.errors.contains("Approve this card in your banking app."))
    #expect(run.errors.contains("Ctrl-C stops waiting."))
    #expect(!run.output.contains("Approve this card"), "stdout stays one JSON object")
  }

  @Test("the bank's own words go to the developer log, never to what the person reads")
  func bankWordsOnlyInTheLog() async throws {
    let quiet = await runCLI(
      ["add-card", "--scenario", "add-card-3ds-approved", "--locale", "de_DE"] + card)
    let verbose = await runCLI(
      ["add-card", "--scenario", "add-card-3ds-approved", "--verbose"] + card)

    #expect(quiet.errors.contains("Bestätige diese Karte in deiner Banking-App."))
    #expect(!(quiet.output + quiet.errors).contains("Demo Bank"))
    #expect(
      verbose.errors.contains(
        "theirWords=Demo Bank sent a request to your phone. Approve it there."))
  }

  @Test(
    "add-card waits for the bank, and --json says how its approval ended",
    arguments: [
      ("add-card-3ds-approved", "succeeded", "Your bank approved this card."),
      (
        "add-card-3ds-failed", "failed",
        "Your bank couldn't confirm this card. Use another card or try again."
      ),
      ("add-card-3ds-timeout", "timedOut", "Your bank didn't answer in time. Try again."),
      ("add-card-3ds-token-expired", "succeeded", "Your bank approved this card."),
      ("add-card-ok", nil, nil),
    ] as [(String, String?, String?)])
  func authentication(scenario: String, status: String?, message: String?) async throws {
    let run = await runCLI(["add-card", "--scenario", scenario, "--json"] + card)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])

    let authentication = json["authentication"] as? [String: String]
    #expect(authentication?["status"] == status)
    #expect(authentication?["message"] == message)
  }

  @Test(
    "a bank's no on the command line says how to try again there, and speaks of no form",
    arguments: [
      ["--scenario", "add-card-3ds-failed"], ["--scenario", "add-card-3ds-timeout"],
      ["--scenario", "add-card-3ds-failed", "--accessible"],
      ["--scenario", "add-card-3ds-failed", "--json"],
      ["--scenario", "add-card-3ds-failed", "--locale", "de_DE"],
      ["--scenario", "add-card-3ds-timeout", "--locale", "de_DE", "--accessible"],
    ])
  func bankNoWordedForTheCommandLine(flags: [String]) async {
    let run = await runCLI(["add-card"] + flags + card)

    #expect(run.exitCode != .success)
    #expect(!run.output.contains("form"), "\(run.output)")
    #expect(!run.output.contains("Formular"), "\(run.output)")
    #expect(run.output.contains("add-card"), "\(run.output)")
  }

  @Test(
    "add-card's error in line mode ends with its hint, naming no button",
    arguments: ["offline", "server-down", "rate-limited", "session-expired"])
  func lineModeErrorNamesNoButton(scenario: String) async {
    let run = await runCLI(["add-card", "--scenario", scenario, "--accessible"] + card)

    #expect(run.exitCode != .success)
    #expect(run.output.hasPrefix("Add a card\n"), "\(run.output)")
    #expect(!run.output.contains("Button"), "\(run.output)")
    #expect(!run.output.contains("Enter"), "the run has ended: no key does anything")
  }

  @Test(
    "each add-card scenario ends as the README says, every JSON key present", arguments: scenarios)
  func outcomes(scenario: String, status: String, exitCode: ExitCode) async throws {
    let run = await runCLI(["add-card", "--scenario", scenario, "--json"] + card)
    let json = try #require(
      JSONSerialization.jsonObject(with: Foundation.Data(run.output.utf8)) as? [String: Any])

    #expect(run.exitCode == exitCode)
    #expect(json["status"] as? String == status)
    #expect(
      Set(json.keys) == [
        "status", "card", "fieldErrors", "error", "action", "declined", "authentication",
      ])
    let fields = try #require(json["fieldErrors"] as? [String: [String]])
    #expect(Set(fields.keys) == ["number", "expiry", "cvc", "name"])
  }

  @Test(
    "a scenario with no add-card script of its own fails the card as it fails the cards",
    arguments: [
      ("offline", ExitCode.temporaryFailure), ("server-down", .serviceUnavailable),
      ("user-not-verified", .journey), ("timeout-then-ok", .success),
      ("malformed-response", .unexpectedError),
    ])
  func meetsTheCardsFailures(scenario: String, exitCode: ExitCode) async {
    let run = await runCLI(["add-card", "--scenario", scenario, "--json"] + card)

    #expect(run.exitCode == exitCode)
  }

  @Test("a scenario file's cards decide its add-card answers too, unless it scripts them")
  func scenarioFileMeetsTheCardsFailures() async {
    let offline = await runCLI(
      ["add-card", "--scenario-file", "-", "--json"] + card,
      standardInput: Array(#"{"cards": {"outcome": "offline"}}"#.utf8))
    let scripted = await runCLI(
      ["add-card", "--scenario-file", "-", "--json"] + card,
      standardInput: Array(#"{"cards": {"outcome": "offline"}, "addCard": {"outcome": "ok"}}"#.utf8)
    )

    #expect(offline.exitCode == .temporaryFailure)
    #expect(scripted.exitCode == .success)
  }

  @Test(
    "a card already on the list is already saved, with the listed card, wherever it would be saved",
    arguments: [
      "add-card-ok", "all-available", "add-card-timeout-then-ok", "add-card-token-expired",
      "add-card-3ds-approved",
    ])
  func listedCardIsAlreadySaved(scenario: String) async throws {
    let run = await runCLI([
      "add-card", "--scenario", scenario, "--json", "--number", "4242 4242 4242 4242", "--expiry",
      "09/29", "--cvc", securityCode, "--name", "Ada Lovelace",
    ])
    let json = try #require(
      JSONSerialization.jsonObject(with: Foundation.Data(run.output.utf8)) as? [String: Any])
    let card = try #require(json["card"] as? [String: Any])

    #expect(run.exitCode == .success)
    #expect(json["status"] as? String == "alreadySaved")
    #expect(card["title"] as? String == "Visa •••• 4242")
    #expect(card["subtitle"] as? String == "Expires 08/28", "the card listed, not the one sent")
  }

  @Test("the backend's refusal of fields lands on those fields")
  func invalidFields() async throws {
    let run = await runCLI(["add-card", "--scenario", "add-card-invalid", "--json"] + card)
    let json = try #require(
      JSONSerialization.jsonObject(with: Foundation.Data(run.output.utf8)) as? [String: Any])
    let fields = try #require(json["fieldErrors"] as? [String: [String]])

    #expect(fields["number"]?.isEmpty == false)
    #expect(fields["expiry"]?.isEmpty == false)
    #expect(fields["cvc"] == [] && fields["name"] == [])
  }

  @Test("a card that fails the local checks is never sent, and says what is wrong")
  func localChecks() async {
    let run = await runCLI([
      "add-card", "--number", "1234", "--expiry", "13/28", "--cvc", "1", "--name", "Ada",
      "--verbose",
    ])

    #expect(run.exitCode == .dataError)
    #expect(run.output.contains("Card number:"))
    #expect(!run.errors.contains("POST /cards"))
  }

  @Test(
    "no output ever holds the full number or the security code, log and JSON included",
    arguments: scenarios.map(\.0))
  func noLeak(scenario: String) async {
    for extra in [["--verbose"], ["--verbose", "--json"]] {
      let run = await runCLI(["add-card", "--scenario", scenario] + extra + card)
      let everything = run.output + run.errors

      #expect(!everything.contains("4000056655665556"))
      #expect(!everything.contains(number))
      #expect(!everything.contains(securityCode))
    }
  }

  @Test(
    "a missing card flag, or one outside add-card, is a usage error",
    arguments: [
      ["add-card", "--number", number], ["--number", number],
      ["add-card", "--screen", "wallet"] + card,
    ])
  func usage(arguments: [String]) async {
    let run = await runCLI(arguments)

    #expect(run.exitCode == .usage)
  }
}

@MainActor
@Suite("Declines on the command line", .timeLimit(.minutes(1)))
struct DeclineCommandTests {
  private func run(_ code: String, advice: String?, _ extra: [String]) async -> CLIRun {
    let adviceKey = advice.map { #", "adviceCode": "\#($0)""# } ?? ""
    let file =
      #"{"addCard": {"outcome": "declined", "declineCode": "\#(code)"\#(adviceKey), "#
      + #""message": "server words"}}"#
    return await runCLI(
      ["add-card", "--scenario-file", "-"] + card + extra, standardInput: Array(file.utf8))
  }

  @Test(
    "the four sensitive reasons print byte for byte what a generic decline prints",
    arguments: ["fraudulent", "lost_card", "stolen_card", "merchant_blacklist"])
  func sensitiveLooksGeneric(code: String) async {
    for advice in [nil, "do_not_try_again", "confirm_card_data"] {
      for extra in [["--json"], [], ["--accessible"], ["--locale", "de_DE"]] {
        let sensitive = await run(code, advice: advice, extra)
        let generic = await run("generic_decline", advice: advice, extra)

        #expect(sensitive.output == generic.output, "\(code), \(advice ?? "none"), \(extra)")
        #expect(sensitive.exitCode == .errorState)
        #expect(!sensitive.output.contains(code))
      }
    }
  }

  @Test("the reason as sent is in the developer log alone, at info; the server's words nowhere")
  func codeInTheLogOnly() async {
    let run = await run("stolen_card", advice: nil, ["--verbose"])

    #expect(run.errors.contains("[info] the issuer declined the card"))
    #expect(run.errors.contains("declineCode=stolen_card"))
    #expect(!run.output.contains("stolen"))
    #expect(!(run.output + run.errors).contains("server words"))
  }

  @Test("--json says the reason shown, what to do next, and the field to check")
  func json() async throws {
    let run = await run("incorrect_cvc", advice: "confirm_card_data", ["--json"])
    let object = try #require(
      JSONSerialization.jsonObject(with: Foundation.Data(run.output.utf8)) as? [String: Any])
    let declined = try #require(object["declined"] as? [String: Any])

    #expect(declined["reason"] as? String == "incorrect_cvc")
    #expect(declined["recovery"] as? String == "checkCardData")
    #expect(declined["field"] as? String == "cvc")
    #expect(declined["title"] as? String == "Security code not accepted")
  }
}
