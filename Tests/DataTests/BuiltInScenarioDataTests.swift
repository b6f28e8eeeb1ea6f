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
        client: ClientFixture(scenario(cards: [answer])).client)

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
