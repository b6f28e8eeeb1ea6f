import DataLayer
import Domain
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
}
