import Foundation
import Testing

@testable import CLI

private let keys: Set = [
  "command", "status", "id", "method", "message", "fieldErrors", "knownIds", "error", "action",
  "declined",
]
private let remove = ["remove-card", "--id", "card-1"]
private let setDefault = ["set-default", "--id", "card-2"]
private let update = ["update-card", "--id", "card-2", "--expiry", "01/30"]

@MainActor
@Suite("remove-card, set-default and update-card on the command line", .timeLimit(.minutes(1)))
struct CardChangeCommandTests {
  private func json(_ run: CLIRun) throws -> [String: Any] {
    try #require(
      JSONSerialization.jsonObject(with: Foundation.Data(run.output.utf8)) as? [String: Any])
  }

  nonisolated static let scenarios: [(String, [String], String, ExitCode)] = [
    ("remove-card-ok", remove, "removed", .success),
    ("remove-card-already-gone", remove, "alreadyRemoved", .success),
    ("remove-card-last", remove, "refused", .errorState),
    ("remove-card-offline-then-ok", remove, "error", .temporaryFailure),
    ("remove-card-token-expired", remove, "removed", .success),
    ("remove-card-session-expired", remove, "error", .journey),
    ("set-default-ok", setDefault, "madeDefault", .success),
    ("set-default-gone", setDefault, "gone", .dataError),
    ("update-card-ok", update, "updated", .success),
    ("update-card-invalid", update, "invalid", .dataError),
    ("update-card-declined", update, "declined", .errorState),
    ("update-card-timeout-then-ok", update, "updated", .success),
  ]

  @Test(
    "each change scenario ends as docs/SCENARIOS.md says, every JSON key present",
    arguments: scenarios)
  func outcomes(scenario: String, command: [String], status: String, exitCode: ExitCode)
    async throws
  {
    let run = await runCLI(command + ["--scenario", scenario, "--json"])
    let output = try json(run)

    #expect(run.exitCode == exitCode)
    #expect(output["status"] as? String == status)
    #expect(Set(output.keys) == keys)
    #expect(output["command"] as? String == command[0])
  }

  @Test("an id no method has is 65, with the ids the command takes")
  func unknownID() async throws {
    let run = await runCLI(["remove-card", "--id", "card-9", "--json"])
    let output = try json(run)

    #expect(run.exitCode == .dataError)
    #expect(output["status"] as? String == "unknownId")
    #expect(output["knownIds"] as? [String] == ["card-1", "card-2"])
    #expect(output["message"] as? String == "No card on your list has the id card-9.")
  }

  @Test("the wallet is not a card to remove, but is a default to make")
  func walletIsNoCard() async throws {
    let removed = await runCLI(["remove-card", "--id", "wallet", "--json"])
    let madeDefault = await runCLI(["set-default", "--wallet", "--json"])

    #expect(removed.exitCode == .dataError)
    #expect(try json(removed)["status"] as? String == "unknownId")
    #expect(madeDefault.exitCode == .success)
    #expect(try json(madeDefault)["status"] as? String == "madeDefault")
  }

  @Test("Apple Pay as the default is refused with its reason, exit 1, nothing sent")
  func applePayRefused() async throws {
    let run = await runCLI(["set-default", "--id", "apple-pay", "--json", "--verbose"])
    let card = await runCLI(setDefault + ["--json", "--verbose"])

    // The log names the request when one is sent.
    #expect(card.errors.contains("PUT /me/default-payment-method"))
    #expect(run.exitCode == .errorState)
    #expect(try json(run)["status"] as? String == "refused")
    #expect(!run.errors.contains("PUT /me/default-payment-method"))
  }

  @Test("a card that cannot pay is refused as the default with its reason, exit 1, nothing sent")
  func cardThatCannotPayRefused() async throws {
    // cards-expired: card-2 is Mastercard •••• 4444, expired.
    let run = await runCLI(setDefault + ["--scenario", "cards-expired", "--json", "--verbose"])
    let output = try json(run)

    #expect(run.exitCode == .errorState)
    #expect(output["status"] as? String == "refused")
    #expect(
      output["message"] as? String
        == "Mastercard •••• 4444 has expired, so it can't be your default. Give it a new expiry "
        + "first.")
    #expect((output["method"] as? [String: Any])?["isDefault"] as? Bool == false)
    #expect(!run.errors.contains("PUT /me/default-payment-method"))
  }

  @Test(
    "the method set-default finds gone is the one named, and the list it leaves has it no more",
    arguments: [
      (
        ["--id", "card-1"], "That card is no longer available.", ["wallet", "card-2", "apple-pay"]
      ),
      (
        ["--id", "card-2"], "That card is no longer available.", ["wallet", "card-1", "apple-pay"]
      ),
      (["--wallet"], "Your wallet is no longer available.", ["card-1", "card-2", "apple-pay"]),
    ])
  func goneIsTheOneNamed(method: [String], message: String, knownIds: [String]) async throws {
    let run = await runCLI(["set-default"] + method + ["--scenario", "set-default-gone", "--json"])
    let output = try json(run)

    #expect(run.exitCode == .dataError)
    #expect(output["status"] as? String == "gone")
    #expect(output["message"] as? String == message)
    #expect(output["knownIds"] as? [String] == knownIds)
  }

  @Test("a method already the default is done: exit 0, nothing sent")
  func alreadyDefault() async throws {
    let wallet = #"{\"balance\": 1, \"currency\": \"EUR\", \"isDefault\": true}"#
    let file = #"{"wallet": {"responses": [{"status": 200, "body": "\#(wallet)"}]}}"#
    let run = await runCLI(
      ["set-default", "--wallet", "--scenario-file", "-", "--json", "--verbose"],
      standardInput: Array(file.utf8))

    #expect(run.exitCode == .success)
    #expect(try json(run)["status"] as? String == "alreadyDefault")
    #expect(try json(run)["message"] as? String == "Wallet is your default already.")
    #expect(!run.errors.contains("PUT /me/default-payment-method"))
  }

  @Test(
    "a scenario with no script for the change meets what the list meets",
    arguments: [
      ("offline", ExitCode.temporaryFailure), ("server-down", .serviceUnavailable),
      ("session-expired", .journey), ("user-locked", .journey),
      ("malformed-response", .unexpectedError), ("token-expired", .success),
    ])
  func meetsTheList(scenario: String, exitCode: ExitCode) async {
    for command in [remove, setDefault, update] {
      let run = await runCLI(command + ["--scenario", scenario, "--json"])

      // Where the list loads, card-2 has not expired: update-card refuses it (exit 1).
      let expected = command == update && exitCode == .success ? .errorState : exitCode
      #expect(run.exitCode == expected, "\(command[0]) under \(scenario)")
    }
  }

  @Test("an expiry with problems is found before anything is sent: 65, under the field")
  func localProblems() async throws {
    let run = await runCLI(
      [
        "update-card", "--id", "card-2", "--expiry", "13/30", "--scenario", "cards-expired",
        "--json", "--verbose",
      ])
    let output = try json(run)

    #expect(run.exitCode == .dataError)
    #expect(
      (output["fieldErrors"] as? [String: [String]])?["expiry"] == ["The month is 01 to 12."])
    #expect(!run.errors.contains("PATCH"))
  }

  @Test("the box says how it ended, in the user's language")
  func box() async {
    let english = await runCLI(remove + ["--scenario", "remove-card-last"])
    let german = await runCLI(remove + ["--locale", "de_DE"])

    #expect(english.output.contains("Add another way to pay before removing Visa"))
    #expect(german.output.contains("Visa •••• 4242 entfernt."))
  }

  @Test("the accessible screen says it in lines, the card as a screen reader reads it")
  func accessible() async {
    let run = await runCLI(update + ["--scenario", "update-card-ok", "--accessible"])

    #expect(
      run.output
        == """
        New expiry for Mastercard ending in 4444
        Mastercard ending in 4444 now expires 01/30.
        Mastercard ending in 4444, expires January 2030

        """)
  }

  @Test(
    "a command line the changes cannot run is a usage error, 64",
    arguments: [
      ["remove-card"], ["set-default"], ["update-card", "--id", "card-2"],
      ["set-default", "--id", "card-1", "--wallet"], ["remove-card", "--wallet"],
      ["remove-card", "--id", "card-1", "--once"], ["--id", "card-1"],
      ["remove-card", "--id", "card-1", "--number", "4242"],
    ])
  func usage(arguments: [String]) async {
    let run = await runCLI(arguments)

    #expect(run.exitCode == .usage)
    #expect(run.output.isEmpty)
  }
}
