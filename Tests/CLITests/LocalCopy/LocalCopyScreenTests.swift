import Testing

@testable import CLI

/// Copied rows as a person sees them: each says it may be out of date, under its subtitle
/// in the box and in its label on the accessible screen, and its source's notice says as
/// of when; in German too, and at 40 columns. The boxed screens at 50 columns are
/// `GoldenScreenTests`' (payment-methods/cards-offline-saved.txt, everything-offline-saved.txt).
@MainActor
@Suite("Copied rows on the screens", .timeLimit(.minutes(1)))
struct LocalCopyScreenTests {
  private let scenario = ["--scenario", "cards-offline-saved"]

  @Test("the accessible screen reads each copied row as saved, and the notice as of when")
  func accessible() async {
    let run = await runCLI(scenario + ["--accessible"])

    #expect(run.exitCode == .success)
    #expect(run.output.contains("2. Visa ending in 4242, expires August 2028, saved earlier"))
    GoldenFile.check(run.output, against: "saved/cards-offline-saved-accessible.txt")
  }

  @Test("in German, each copied row says so, and the notice gives the time and the age")
  func german() async {
    let run = await runCLI(scenario + ["--locale", "de_DE"])

    #expect(run.output.contains("Gespeichert · vielleicht veraltet"))
    #expect(run.output.contains("Stand 06:00"))
    GoldenFile.check(run.output, against: "saved/cards-offline-saved-de-50.txt")
  }

  @Test(
    "at 40 columns every line of a screen with copied rows fits, the hint wrapped as the rest",
    arguments: ["cards-offline-saved", "everything-offline-saved"])
  func narrow(name: String) async {
    let run = await runCLI(["--scenario", name], columns: 40)
    let widths = Set(run.output.split(separator: "\n").map(TerminalCells.width))

    #expect(widths == [40])
    #expect(run.output.contains("│    Saved · may be out of date        │"))
    GoldenFile.check(run.output, against: "saved/\(name)-40.txt")
  }

  @Test("a row its source has just loaded says nothing of the local copy")
  func freshRows() async {
    let run = await runCLI(["--scenario", "all-available"])

    #expect(!run.output.contains("Saved ·"))
  }
}
