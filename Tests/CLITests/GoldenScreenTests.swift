import DemoBackend
import Testing

@testable import CLI

@MainActor
@Suite("Golden screens: what a person sees for every built-in scenario", .timeLimit(.minutes(1)))
struct GoldenScreenTests {
  @Test("the payment-methods screen without colour", arguments: BuiltInScenariosNames.all)
  func paymentMethodsPlain(scenario: String) async {
    let run = await runCLI(["--scenario", scenario])

    #expect(!run.output.contains("\u{1B}"))
    GoldenFile.check(run.output, against: "payment-methods/\(scenario).txt")
  }

  @Test("the payment-methods screen in colour", arguments: BuiltInScenariosNames.all)
  func paymentMethodsColour(scenario: String) async {
    let run = await runCLI(["--scenario", scenario], environment: ["FORCE_COLOR": "1"])

    #expect(run.output.contains("\u{1B}["))
    GoldenFile.check(run.output, against: "payment-methods/\(scenario).ansi.txt")
  }

  @Test("the wallet screen without colour", arguments: BuiltInScenariosNames.all)
  func walletPlain(scenario: String) async {
    let run = await runCLI(["--scenario", scenario, "--screen", "wallet"])

    #expect(!run.output.contains("\u{1B}"))
    GoldenFile.check(run.output, against: "wallet/\(scenario).txt")
  }

  @Test("the wallet screen in colour", arguments: BuiltInScenariosNames.all)
  func walletColour(scenario: String) async {
    let run = await runCLI(
      ["--scenario", scenario, "--screen", "wallet"], environment: ["FORCE_COLOR": "1"])

    #expect(run.output.contains("\u{1B}["))
    GoldenFile.check(run.output, against: "wallet/\(scenario).ansi.txt")
  }

  @Test("every line of every screen is the same width", arguments: BuiltInScenariosNames.all)
  func boxIsClosed(scenario: String) async {
    for screen in ["payment-methods", "wallet"] {
      let run = await runCLI(["--scenario", scenario, "--screen", screen])
      let widths = Set(run.output.split(separator: "\n").map(TerminalCells.width))

      #expect(widths == [goldenWidth], "\(screen) / \(scenario)")
    }
  }
}
