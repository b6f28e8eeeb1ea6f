import DataLayer
import DemoBackend
import Foundation
import Testing
import URLSessionBackend

/// `token-rotated`'s refreshes, played by the in-process backend and by
/// `scripts/scenario-server` over real sockets: the same rotation, the same refusals.
@Suite("Rotated refresh tokens over HTTP: the same as in process", .timeLimit(.minutes(1)))
struct TokenRotationParityTests {
  /// Each refresh's status, and the refresh token its answer carries or its code.
  private func refreshes(_ backend: any PaymentsBackend) async throws -> [String] {
    var seen: [String] = []
    for token in [
      ScenarioBackend.refreshToken.value, ScenarioBackend.refreshToken.value,
      "sk_test_refresh_rotated_1", "sk_test_refresh_rotated_1", "sk_test_refresh_rotated_2",
    ] {
      let response = try await backend.send(
        BackendRequest(
          endpoint: .refreshSession, traceID: "t", credential: .refreshToken(Secret(token))))
      let body = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
      seen.append("\(response.status) \(body?["refreshToken"] ?? body?["code"] ?? "")")
    }
    return seen
  }

  @Test("both players rotate the refresh token on every refresh and refuse a replaced one")
  func sameRotation() async throws {
    let server = try await OverHTTPTests.ScenarioServer.started(scenario: "token-rotated")
    defer { server.stop() }
    let url = try #require(URL(string: server.url))
    let scenario = try #require(BuiltInScenarios.named("token-rotated"))

    let local = try await refreshes(ScenarioBackend(scenario: scenario))
    let remote = try await refreshes(URLSessionPaymentsBackend(baseURL: url))

    #expect(local == remote)
    #expect(
      local == [
        "200 sk_test_refresh_rotated_1", "400 invalid_grant", "200 sk_test_refresh_rotated_2",
        "400 invalid_grant", "200 sk_test_refresh_rotated_3",
      ])
  }
}
