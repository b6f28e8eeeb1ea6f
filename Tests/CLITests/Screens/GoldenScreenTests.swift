import DemoBackend
import Testing

@testable import CLI

@MainActor
@Suite("Golden screens: what a person sees for every built-in scenario", .timeLimit(.minutes(1)))
struct GoldenScreenTests {
  nonisolated static let screens = ["payment-methods", "wallet"]

  /// What `--screen screen` draws under `scenario`, without colour and in colour.
  private func draw(_ screen: String, _ scenario: String) async -> GoldenScreens.Drawing {
    let arguments = ["--scenario", scenario, "--screen", screen]
    let plain = await runCLI(arguments).output
    let colour = await runCLI(arguments, environment: ["FORCE_COLOR": "1"]).output
    return GoldenScreens.Drawing(plain: plain, colour: colour)
  }

  @Test(
    "each screen under each scenario is the golden screen its index names",
    .enabled(if: !GoldenFile.isRecording), arguments: screens, BuiltInScenariosNames.all)
  func matchesGolden(screen: String, scenario: String) async throws {
    let golden = GoldenScreens(folder: screen)
    let name = try #require(
      try golden.index()[scenario],
      "\(scenario) is not in \(screen)/index.txt; record with RECORD_GOLDEN=1")

    let drawn = await draw(screen, scenario)

    #expect(!drawn.plain.contains("\u{1B}"))
    #expect(drawn.colour.contains("\u{1B}["))
    let stored = try golden.drawing(named: name)
    #expect(drawn.plain == stored.plain, "\(screen)/\(name).txt")
    #expect(drawn.colour == stored.colour, "\(screen)/\(name).ansi.txt")
  }

  @Test(
    "the golden folders hold each distinct screen once, and every one is used",
    .enabled(if: !GoldenFile.isRecording), arguments: screens)
  func distinctAndUsed(screen: String) throws {
    let golden = GoldenScreens(folder: screen)
    let index = try golden.index()
    let stored = try golden.storedScreens()

    #expect(Set(index.keys) == Set(BuiltInScenariosNames.all))
    #expect(Set(index.values) == stored)
    let drawings = try stored.map { try golden.drawing(named: $0) }
    #expect(Set(drawings).count == drawings.count)
  }

  @Test(
    "recording: RECORD_GOLDEN=1 rewrites the golden screens", .enabled(if: GoldenFile.isRecording))
  func record() async throws {
    for screen in Self.screens {
      var drawings: [(scenario: String, drawing: GoldenScreens.Drawing)] = []
      for scenario in BuiltInScenariosNames.all {
        drawings.append((scenario, await draw(screen, scenario)))
      }
      try GoldenScreens(folder: screen).record(drawings)
    }
    Issue.record(
      "recorded the golden screens; read the diff, then run again without RECORD_GOLDEN=1")
  }

  @Test("every line of every screen is the same width", arguments: BuiltInScenariosNames.all)
  func boxIsClosed(scenario: String) async {
    for screen in Self.screens {
      let run = await runCLI(["--scenario", scenario, "--screen", screen])
      let widths = Set(run.output.split(separator: "\n").map(TerminalCells.width))

      #expect(widths == [goldenWidth], "\(screen) / \(scenario)")
    }
  }
}
