import Domain
import Foundation
import TestSupport

@testable import DataLayer
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

struct ClientFixture {
  let backend: ScenarioBackend
  let client: BackendClient
  let clock: AdvancingClock
  let logger: LogSpy

  init(
    _ scenario: Scenario, policy: RetryPolicy = RetryPolicy(),
    clock: AdvancingClock = AdvancingClock(), now: Date = Date(timeIntervalSince1970: 0)
  ) {
    self.backend = ScenarioBackend(scenario: scenario, clock: ImmediateClock())
    self.clock = clock
    self.logger = LogSpy()
    let traceIDs = SequentialTraceIDs()
    self.client = BackendClient(
      backend: backend,
      session: Session(
        accessToken: ScenarioBackend.initialAccessToken, refreshToken: ScenarioBackend.refreshToken),
      policy: policy,
      environment: BackendClient.Environment(
        clock: clock, jitter: { $0 }, traceID: { traceIDs.next($0.rawValue) }, now: { now }),
      logger: logger)
  }
}

/// Runs `body` expecting a `RequestFailure`, and returns it.
func requestFailure(_ body: () async throws -> Void) async -> RequestFailure? {
  do {
    try await body()
  } catch let failure as RequestFailure {
    return failure
  } catch {
    return nil
  }
  return nil
}
