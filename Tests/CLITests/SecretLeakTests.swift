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

  @Test("the search above looks for the real tokens")
  func prefixMatchesTheTokens() {
    #expect(ScenarioBackend.initialAccessToken.value.hasPrefix(Self.tokenPrefix))
    #expect(ScenarioBackend.refreshToken.value.hasPrefix(Self.tokenPrefix))
  }
}
