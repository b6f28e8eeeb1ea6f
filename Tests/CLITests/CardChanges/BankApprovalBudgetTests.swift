import DataLayer
import DemoBackend
import Domain
import Foundation
import Presentation
import TestSupport
import Testing

@testable import CLI

/// How long the app waits for a bank to approve a card (3-D Secure): a person approving in
/// their banking app gets the use case's two minutes against any server; only the demo's
/// scenarios use the short budget that lets the timeout be watched. The wait runs on an
/// `AdvancingClock`: each backoff ends at once and counts, so no test waits for it.
@MainActor
@Suite("The bank's approval budget: a server's, or the demo's", .timeLimit(.minutes(1)))
struct BankApprovalBudgetTests {
  /// A bank that never answers: `add-card-3ds-timeout`'s setup stays `requires_action`.
  nonisolated private static let bankNeverAnswers = "add-card-3ds-timeout"

  /// How long, on the approval clock, a card was waited for before the app said the bank
  /// did not answer, in the composition for `backend`.
  private func waitedForTheBank(_ backend: AppComposition.Backend) async -> Duration {
    let approvalClock = AdvancingClock()
    let composition = AppComposition(
      backend: backend, deadline: PaymentMethodsUseCase.defaultDeadline,
      environment: BackendClient.Environment(
        clock: ScenarioTimeClock(deadline: PaymentMethodsUseCase.defaultDeadline),
        jitter: { $0 / 2 }, now: { Date(timeIntervalSince1970: 1_800_000_000) }),
      logger: SilentLog(), approvalClock: approvalClock)
    let form = composition.addCardViewModel()
    form.edit(.number, to: "5555 5555 5555 4444")
    form.edit(.expiry, to: "09/29")
    form.edit(.securityCode, to: "123")
    form.edit(.name, to: "Ada Lovelace")
    let submission = form.submit()
    // The suite's time limit ends a wait that never would.
    while form.phase != .bankDidNotAnswer { await Task.yield() }
    await submission.value
    return approvalClock.now.offset
  }

  nonisolated private static var scenario: Scenario {
    BuiltInScenarios.named(bankNeverAnswers) ?? Scenario(name: "none", summary: "")
  }

  @Test("a composition for a server waits the use case's two minutes for the bank")
  func serverWaitsTwoMinutes() async {
    // The same answers, from a server: only the composition's backend differs.
    let server = ScenarioBackend(scenario: Self.scenario, clock: ImmediateClock())

    let waited = await waitedForTheBank(
      .server(server, applePay: .available, tokens: .demo, userActed: {}))

    #expect(waited <= WaitForBankApprovalUseCase.defaultBudget)
    #expect(
      waited > WaitForBankApprovalUseCase.defaultBudget - WaitForBankApprovalUseCase.shortestWait,
      "\(waited)")
  }

  @Test("a composition for a scenario waits the demo's five seconds for the bank")
  func scenarioWaitsFiveSeconds() async {
    let waited = await waitedForTheBank(.scenario(Self.scenario))

    #expect(waited <= .seconds(5), "\(waited)")
    #expect(waited > .seconds(5) - WaitForBankApprovalUseCase.shortestWait, "\(waited)")
  }

  @Test(
    "--verbose says which budget the bank's approval is waited for",
    arguments: [
      (
        ["--backend-url", "http://127.0.0.1:8080"],
        "a bank's approval is waited for up to 120000 ms: an app's budget, against a server"
      ),
      (
        ["--scenario", bankNeverAnswers],
        "a bank's approval is waited for up to 5000 ms: the demo's budget, for a scenario"
      ),
      (
        ["--backend-url", "http://127.0.0.1:8080", "--approval-budget-ms", "2500"],
        "a bank's approval is waited for up to 2500 ms: --approval-budget-ms"
      ),
    ])
  func verboseSaysWhichBudget(backend: [String], line: String) async {
    let run = await runCLI(
      [
        "add-card", "--number", "5555 5555 5555 4444", "--expiry", "09/29", "--cvc", "123",
        "--name", "Ada Lovelace", "--verbose",
      ] + backend,
      serverAccess: .linked { _, _ in
        ScenarioBackend(scenario: Self.scenario, clock: ImmediateClock())
      })

    #expect(run.exitCode == .temporaryFailure)
    #expect(run.errors.contains("[debug] " + line), "stderr was:\n\(run.errors)")
  }
}
