import Domain
import Foundation
import TestSupport

@testable import DataLayer

/// A client over a `ScriptedBackend`, on a clock that never waits, with trace ids "cards-1",
/// "cards-2"… and a jitter that is the identity, so each backoff is its ceiling.
struct ClientFixture {
  let backend: ScriptedBackend
  let client: BackendClient
  let clock: AdvancingClock
  let logger: LogSpy

  /// A backend that answers each endpoint from `scripts`, the reads and the session's
  /// requests otherwise as a healthy one does.
  init(
    _ scripts: [BackendEndpoint: [ScriptedBackend.Answer]] = [:],
    policy: RetryPolicy = RetryPolicy(),
    clock: AdvancingClock = AdvancingClock(), now: Date = Date(timeIntervalSince1970: 0)
  ) {
    self.init(backend: ScriptedBackend(scripts), policy: policy, clock: clock, now: now)
  }

  init(
    backend: ScriptedBackend, policy: RetryPolicy = RetryPolicy(),
    clock: AdvancingClock = AdvancingClock(), now: Date = Date(timeIntervalSince1970: 0)
  ) {
    self.backend = backend
    self.clock = clock
    self.logger = LogSpy()
    let traceIDs = SequentialTraceIDs()
    self.client = BackendClient(
      backend: backend,
      session: Session(
        accessToken: ScriptedBackend.accessToken, refreshToken: ScriptedBackend.refreshToken),
      policy: policy,
      environment: BackendClient.Environment(
        clock: clock, jitter: { $0 }, traceID: { traceIDs.next($0.rawValue) }, now: { now }),
      logger: logger)
  }
}
