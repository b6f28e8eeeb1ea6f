import DataLayer
import DemoBackend
import Testing

@testable import CLI

@MainActor
@Suite("Tokens never reach any output", .timeLimit(.minutes(1)))
struct SecretLeakTests {
  /// Every token the stub backend hands out starts with this prefix.
  static let tokenPrefix = "sk_test_"

  @Test(
    "no scenario prints a token, in any form, on either screen, with the log on",
    arguments: BuiltInScenariosNames.all)
  func noTokenInOutput(scenario: String) async {
    for screen in ["payment-methods", "wallet"] {
      for extra in [["--json"], [], ["--no-color"]] {
        let run = await runCLI(
          ["--scenario", scenario, "--screen", screen, "--verbose"] + extra,
          environment: ["FORCE_COLOR": "1"])

        #expect(!run.output.contains(Self.tokenPrefix), "\(screen) \(extra) stdout")
        #expect(!run.errors.contains(Self.tokenPrefix), "\(screen) \(extra) stderr")
      }
    }
  }

  @Test(
    "no change to a saved method prints a token or a card's full number, with the log on",
    arguments: BuiltInScenariosNames.all.filter {
      $0.hasPrefix("remove-card") || $0.hasPrefix("set-default") || $0.hasPrefix("update-card")
        || ["token-expired", "session-expired"].contains($0)
    })
  func noSecretInChanges(scenario: String) async {
    let commands = [
      ["remove-card", "--id", "card-1"], ["set-default", "--id", "card-1"],
      ["update-card", "--id", "card-2", "--expiry", "01/30"],
    ]
    for command in commands {
      for extra in [["--json"], []] {
        let run = await runCLI(command + ["--scenario", scenario, "--verbose"] + extra)

        for output in [run.output, run.errors] {
          #expect(!output.contains(Self.tokenPrefix), "\(command[0]) \(extra)")
          // The stub's cards are listed by their last four only.
          #expect(!output.contains("4242424242424242"), "\(command[0]) \(extra)")
          #expect(!output.contains("4242 4242 4242 4242"), "\(command[0]) \(extra)")
        }
      }
    }
  }

  @Test(
    "no add-card run prints a token, the card's number or its security code, with the log on",
    arguments: BuiltInScenariosNames.all.filter { $0.hasPrefix("add-card") })
  func noSecretInAddCard(scenario: String) async {
    // A card on no list, so that every scenario plays its own answer to it.
    let card = [
      "--number", "4000 0566 5566 5556", "--expiry", "08/29", "--cvc", "739", "--name", "Ada",
    ]
    for extra in [["--json"], [], ["--accessible"]] {
      let run = await runCLI(["add-card", "--scenario", scenario, "--verbose"] + card + extra)

      for output in [run.output, run.errors] {
        #expect(!output.contains(Self.tokenPrefix), "\(extra)")
        #expect(!output.contains("4000056655665556"), "\(extra)")
        #expect(!output.contains("4000 0566 5566 5556"), "\(extra)")
        #expect(!output.contains("739"), "\(extra)")
      }
    }
  }

  @Test("the search above looks for the real tokens")
  func prefixMatchesTheTokens() {
    #expect(ScenarioBackend.initialAccessToken.value.hasPrefix(Self.tokenPrefix))
    #expect(ScenarioBackend.refreshToken.value.hasPrefix(Self.tokenPrefix))
  }
}
