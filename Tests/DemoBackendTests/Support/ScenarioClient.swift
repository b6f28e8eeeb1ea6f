import DataLayer
import Domain
import Foundation
import TestSupport

@testable import DemoBackend

/// A scenario whose wallet and cards answer as scripted, with no latency.
func scenario(
  wallet: [ScriptedAnswer] = [WalletOutcome.defaultWallet.answer],
  cards: [ScriptedAnswer] = [CardsOutcome.defaultCards.answer],
  refresh: RefreshOutcome = .succeeds
) -> Scenario {
  Scenario(
    name: "test", summary: "", wallet: SourceScript(wallet, latency: .zero),
    cards: SourceScript(cards, latency: .zero), refresh: [refresh])
}

/// The Data layer's client over the demo backend playing a scenario, on clocks that never
/// wait: how the demo's answers read to the app.
struct ScenarioClient {
  let backend: ScenarioBackend
  let client: BackendClient

  init(_ scenario: Scenario) {
    self.backend = ScenarioBackend(scenario: scenario, clock: ImmediateClock())
    let traceIDs = SequentialTraceIDs()
    self.client = BackendClient(
      backend: backend,
      session: Session(
        accessToken: ScenarioBackend.initialAccessToken,
        refreshToken: ScenarioBackend.refreshToken),
      environment: BackendClient.Environment(
        clock: AdvancingClock(), jitter: { $0 }, traceID: { traceIDs.next($0.rawValue) }),
      logger: LogSpy())
  }
}

enum NewCardFixture {
  /// A Visa on no built-in scenario's list: one the backend saves. Checked by the app's
  /// own rules, as every card sent is.
  static let visa = checked("4000 0566 5566 5556")
  /// The Visa •••• 4242 the default cards list (with 08/28): saved already.
  static let listedVisa = checked("4242 4242 4242 4242", expiry: "09/29")

  private static func checked(_ number: String, expiry: String = "08/28") -> NewCard {
    let form = CardForm(
      number: number, expiry: expiry, securityCode: "123", name: "Ada Lovelace")
    switch CardValidation.check(form, thisMonth: .init(year: 2027, month: 1)) {
    case .success(let card): return card
    // The forms above pass every rule; CardValidationTests prove it.
    case .failure: preconditionFailure("the fixture card must pass the local checks")
    }
  }
}
