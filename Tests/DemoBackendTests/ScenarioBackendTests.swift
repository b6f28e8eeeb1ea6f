import DataLayer
import Domain
import Foundation
import TestSupport
import Testing

@testable import DemoBackend

@Suite("Scenario backend", .timeLimit(.minutes(1)))
struct ScenarioBackendTests {
  @Test("waits each source's latency on the injected clock")
  func latencyOnTheClock() async throws {
    let clock = ImmediateClock()
    let backend = ScenarioBackend(
      scenario: Scenario(
        name: "test", summary: "",
        wallet: SourceScript(wallet: .notFound, latency: .milliseconds(70)),
        cards: SourceScript(cards: .ok([]), latency: .milliseconds(120))),
      clock: clock)

    _ = try await backend.send(request(.wallet))
    _ = try await backend.send(request(.cards))

    #expect(clock.sleeps == [.milliseconds(70), .milliseconds(120)])
  }

  @Test("serves a source's answers in order, repeating the last")
  func answersInOrder() async throws {
    let backend = ScenarioBackend(
      scenario: scenario(wallet: [.error(503, code: "a"), .error(429, code: "b")]),
      clock: ImmediateClock())

    var statuses: [Int] = []
    for _ in 0..<3 { statuses.append(try await backend.send(request(.wallet)).status) }

    #expect(statuses == [503, 429, 429])
  }

  private func request(_ endpoint: BackendEndpoint) -> BackendRequest {
    BackendRequest(
      endpoint: endpoint, traceID: "t", credential: .accessToken(ScenarioBackend.initialAccessToken)
    )
  }
}

@Suite("The in-process demo backend: a repeated key is the same write", .timeLimit(.minutes(1)))
struct ScenarioBackendReplayTests {
  private func request(
    _ endpoint: BackendEndpoint, _ id: String? = nil, method: String? = nil, key: String? = nil
  ) -> BackendRequest {
    BackendRequest(
      endpoint: endpoint, traceID: "t",
      credential: .accessToken(ScenarioBackend.initialAccessToken),
      body: method.map { BackendRequest.Body(Data($0.utf8)) }, idempotencyKey: key,
      resourceID: id)
  }

  private func said(_ response: BackendResponse) -> String {
    "\(response.status) \(String(decoding: response.body, as: UTF8.self))"
  }

  @Test("a repeated key gets its first answer, takes no step and removes the card once")
  func removalReplayed() async throws {
    var script = scenario()
    script.removeCard = SourceScript(
      [.respond(status: 204, body: ""), .error(409, code: WireBody.Code.lastPaymentMethod)],
      latency: .zero)
    let backend = ScenarioBackend(scenario: script, clock: ImmediateClock())

    let first = try await backend.send(request(.removeCard, "1", key: "a"))
    let again = try await backend.send(request(.removeCard, "1", key: "a"))
    // The same key for another card is another change: it takes the next step.
    let other = try await backend.send(request(.removeCard, "2", key: "a"))
    let listed = try await backend.send(request(.cards))

    #expect(first.status == 204)
    #expect(again.status == 204)
    #expect(other.status == 409)
    #expect(await backend.requestCount(.removeCard) == 3)
    #expect(said(listed).contains("\"id\":\"2\""))
    #expect(!said(listed).contains("\"id\":\"1\""))
  }

  @Test("a repeated key gets its first new default again, and the script does not move on")
  func defaultReplayed() async throws {
    var script = scenario()
    script.setDefault = SourceScript(
      [
        .respond(status: 200, body: ""), .error(404, code: WireBody.Code.methodNotFound),
        .respond(status: 200, body: ""),
      ], latency: .zero)
    let backend = ScenarioBackend(scenario: script, clock: ImmediateClock())
    let card = #"{"method":{"kind":"card","id":"2"}}"#

    let first = try await backend.send(request(.setDefault, method: card, key: "b"))
    let again = try await backend.send(request(.setDefault, method: card, key: "b"))
    // A new change takes the second step: the replay took none.
    let next = try await backend.send(
      request(.setDefault, method: #"{"method":{"kind":"wallet"}}"#, key: "c"))

    #expect(first.status == 200)
    #expect(said(again) == said(first))
    #expect(next.status == 404)
  }
}
