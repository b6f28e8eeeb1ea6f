import DataLayer
import Domain
import TestSupport
import Testing

@testable import DemoBackend

@Suite("Built-in scenarios through the data layer", .timeLimit(.minutes(1)))
struct BuiltInScenarioDataTests {
  @Test(
    "every successful cards answer in the catalogue reads back through the repository",
    arguments: BuiltInScenarios.all.map(\.name).filter { $0 != "malformed-response" })
  func cardsAreReadable(name: String) async throws {
    let builtIn = try #require(BuiltInScenarios.named(name))
    for answer in builtIn.cards.answers {
      guard case .respond(let status, _, _) = answer, (200..<300).contains(status) else { continue }
      let repository = BackendCardsRepository(
        client: ScenarioClient(scenario(cards: [answer])).client)

      #expect(try await !repository.fetchCards().isEmpty || name == "no-methods")
    }
  }

  @Test("a way out is reached by the user's recovery, never by how many requests were sent")
  func wayOutFollowsTheUser() async throws {
    let backend = ScenarioBackend(
      scenario: try #require(BuiltInScenarios.named("offline")), clock: ImmediateClock())
    let request = BackendRequest(
      endpoint: .wallet, traceID: "t", credential: .accessToken(ScenarioBackend.initialAccessToken))

    for _ in 1...5 {
      await #expect(throws: TransportError.offline) { try await backend.send(request) }
    }
    await backend.userActed()

    #expect(try await backend.send(request).status == 200)
  }

  @Test("token-rotated: the second expiry is refreshed with the rotated refresh token, no sign-in")
  func tokenRotatedRefreshesTwice() async throws {
    let fixture = ScenarioClient(try #require(BuiltInScenarios.named("token-rotated")))

    let wallet = try await fixture.client.send(.wallet)
    let cards = try await fixture.client.send(.cards)

    #expect(wallet.response.status == 200)
    #expect(cards.response.status == 200)
    #expect(await fixture.backend.requestCount(.refreshSession) == 2)
  }

  @Test("token-rotated's backend refuses a refresh token it replaced with 400 invalid_grant")
  func tokenRotatedRefusesAReplacedToken() async throws {
    let backend = ScenarioBackend(
      scenario: try #require(BuiltInScenarios.named("token-rotated")), clock: ImmediateClock())
    func refresh(_ token: Secret) async throws -> BackendResponse {
      try await backend.send(
        BackendRequest(endpoint: .refreshSession, traceID: "t", credential: .refreshToken(token)))
    }

    let first = try await refresh(ScenarioBackend.refreshToken)
    let reused = try await refresh(ScenarioBackend.refreshToken)
    let rotated = try await refresh(Secret("sk_test_refresh_rotated_1"))

    #expect(first.status == 200)
    #expect(String(decoding: first.body, as: UTF8.self).contains("sk_test_refresh_rotated_1"))
    #expect(reused.status == 400)
    #expect(String(decoding: reused.body, as: UTF8.self).contains("invalid_grant"))
    #expect(rotated.status == 200)
    #expect(String(decoding: rotated.body, as: UTF8.self).contains("sk_test_refresh_rotated_2"))
  }

  @Test("user-not-verified takes two checks: the first finds the account not verified yet")
  func twoChecks() async throws {
    let backend = ScenarioBackend(
      scenario: try #require(BuiltInScenarios.named("user-not-verified")), clock: ImmediateClock())
    let status = BackendRequest(
      endpoint: .userStatus, traceID: "t",
      credential: .accessToken(ScenarioBackend.initialAccessToken))

    await backend.userActed()
    let first = try await backend.send(status)
    await backend.userActed()
    let second = try await backend.send(status)
    await backend.userActed()
    let third = try await backend.send(status)

    #expect(String(decoding: first.body, as: UTF8.self).contains("notVerified"))
    #expect(String(decoding: second.body, as: UTF8.self).contains("\"verified\""))
    #expect(String(decoding: third.body, as: UTF8.self).contains("\"verified\""))
  }
}
