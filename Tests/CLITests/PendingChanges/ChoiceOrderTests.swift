import DataLayer
import DemoBackend
import Domain
import Foundation
import TestSupport
import Testing

@testable import CLI

/// Which of two choices to one subject is newer is the device's order, never a clock's:
/// a run whose clock was ahead cannot outlive a choice made after it.
@Suite("Pending changes in the device's order, whatever the clock", .timeLimit(.minutes(1)))
struct ChoiceOrderTests {
  private let now = Date(timeIntervalSince1970: 1_800_000_000)

  private func composition(in folder: TemporaryFolder) throws -> AppComposition {
    var options = CommandLineOptions()
    options.cacheDirectory = folder.path
    var composition = AppComposition(
      backend: .scenario(try #require(BuiltInScenarios.named("set-default-ok"))),
      deadline: PaymentMethodsUseCase.defaultDeadline,
      environment: BackendClient.Environment(
        clock: ScenarioTimeClock(deadline: PaymentMethodsUseCase.defaultDeadline),
        now: { [now] in now }),
      logger: SilentLog(), storage: Storage(options, variables: [:]))
    composition.keep(for: ScenarioBackend.demoUsername)
    return composition
  }

  @Test("a default kept by a run whose clock was 4 minutes ahead is replaced by a later one")
  func clockAheadDoesNotOutliveALaterChoice() async throws {
    let folder = try TemporaryFolder()
    let store = FilePendingChangeStore(directory: folder.url, logger: SilentLog())
    // An earlier run, its clock 4 minutes ahead, made the card the default: no answer came.
    _ = try await store.add(
      PendingChange(
        .makeDefault(.card(id: "card-1")), idempotencyKey: "ahead",
        person: ScenarioBackend.demoUsername, startedAt: now.addingTimeInterval(240)))

    // This run makes the wallet the default, and the backend agrees.
    let outcome = try await composition(in: folder).cardWrites().makeDefault(
      .wallet, idempotencyKey: "later")

    #expect(outcome == .madeDefault(.wallet))
    // Nothing is left for the next start to make the card the default again.
    #expect(try await store.changes(of: ScenarioBackend.demoUsername).isEmpty)
  }
}
