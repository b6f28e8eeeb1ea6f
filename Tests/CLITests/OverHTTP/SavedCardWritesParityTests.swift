import DataLayer
import DemoBackend
import Domain
import Foundation
import Testing
import URLSessionBackend

/// The writes to a saved card, played by the in-process backend and by
/// `scripts/scenario-server` over real sockets: the same answers, and the same list after.
@Suite("Saved cards over HTTP: the same as in process", .serialized, .timeLimit(.minutes(1)))
struct SavedCardWritesParityTests {
  /// Every write and what the list then holds, as text, through `backend`.
  private func play(_ backend: any PaymentsBackend) async throws -> [String] {
    let client = BackendClient(
      backend: backend,
      session: Session(
        accessToken: ScenarioBackend.initialAccessToken,
        refreshToken: ScenarioBackend.refreshToken),
      logger: SilentLog())
    let cards = BackendCardsRepository(client: client)
    let wallet = BackendWalletRepository(client: client)
    let expiry = try #require(CardExpiry(month: 12, year: 2030))
    var seen: [String] = []
    seen.append("\(try await cards.remove(cardID: "1", idempotencyKey: "w1"))")
    seen.append("\(try await cards.remove(cardID: "1", idempotencyKey: "w2"))")
    seen.append("\(try await cards.makeDefault(.card(id: "1"), idempotencyKey: "w3"))")
    seen.append("\(try await cards.makeDefault(.card(id: "2"), idempotencyKey: "w4"))")
    seen.append("default: " + (try await cards.fetchCards().filter(\.isDefault).map(\.id)).joined())
    seen.append("\(try await cards.makeDefault(.wallet, idempotencyKey: "w5"))")
    seen.append("wallet is default: \(try await wallet.fetchWallet().isDefault)")
    seen.append("default: " + (try await cards.fetchCards().filter(\.isDefault).map(\.id)).joined())
    seen.append("\(try await cards.updateExpiry(cardID: "2", to: expiry, idempotencyKey: "k"))")
    seen.append("\(try await cards.updateExpiry(cardID: "1", to: expiry, idempotencyKey: "k2"))")
    seen.append(
      try await cards.fetchCards().map { "\($0.id) \($0.expiry)" }.joined(separator: ", "))
    return seen
  }

  /// Under set-default-gone: the method the backend reports gone, and what is listed then.
  private func playGone(_ backend: any PaymentsBackend) async throws -> [String] {
    let client = BackendClient(
      backend: backend,
      session: Session(
        accessToken: ScenarioBackend.initialAccessToken,
        refreshToken: ScenarioBackend.refreshToken),
      logger: SilentLog())
    let cards = BackendCardsRepository(client: client)
    let wallet = BackendWalletRepository(client: client)
    var seen: [String] = []
    seen.append("\(try await cards.makeDefault(.card(id: "1"), idempotencyKey: "w6"))")
    seen.append("cards: " + (try await cards.fetchCards().map(\.id)).joined(separator: ", "))
    seen.append("\(try await cards.makeDefault(.wallet, idempotencyKey: "w7"))")
    do {
      seen.append("wallet: \(try await wallet.fetchWallet().balance)")
    } catch let error as WalletRepositoryError {
      guard case .noWalletFound = error else { throw error }
      seen.append("wallet: none")
    }
    return seen
  }

  /// Under add-card-ok: adding the Visa •••• 4242 listed, and a card not listed.
  private func playAdding(_ backend: any PaymentsBackend) async throws -> [String] {
    let client = BackendClient(
      backend: backend,
      session: Session(
        accessToken: ScenarioBackend.initialAccessToken,
        refreshToken: ScenarioBackend.refreshToken),
      logger: SilentLog())
    let cards = BackendCardsRepository(client: client)
    var seen: [String] = []
    for number in ["4242 4242 4242 4242", "5555 5555 5555 4444", "5555 5555 5555 4444"] {
      let form = CardForm(number: number, expiry: "09/29", securityCode: "123", name: "Ada")
      let card = try CardValidation.check(form, thisMonth: .init(year: 2027, month: 1)).get()
      switch try await cards.save(card, idempotencyKey: UUID().uuidString) {
      case .saved(let saved): seen.append("saved \(saved.id)")
      case .alreadySaved(let listed): seen.append("already saved \(listed.id) \(listed.expiry)")
      case let other: seen.append("\(other)")
      }
    }
    seen.append(
      "cards: "
        + (try await cards.fetchCards().map { "\($0.id) \($0.lastFour)" }).joined(
          separator: ", "))
    return seen
  }

  @Test(
    "the method a write finds gone is the one named, off the list, and the same both ways"
  )
  func goneIsTheOneNamed() async throws {
    let server = try await OverHTTPTests.ScenarioServer.started(scenario: "set-default-gone")
    defer { server.stop() }
    let url = try #require(URL(string: server.url))
    let scenario = try #require(BuiltInScenarios.named("set-default-gone"))

    let local = try await playGone(ScenarioBackend(scenario: scenario))
    let remote = try await playGone(URLSessionPaymentsBackend(baseURL: url))

    #expect(local == remote)
    #expect(local == ["methodGone", "cards: 2", "methodGone", "wallet: none"])
  }

  @Test("a card already on the list is already saved, never listed twice, the same both ways")
  func listedCardIsAlreadySaved() async throws {
    let server = try await OverHTTPTests.ScenarioServer.started(scenario: "add-card-ok")
    defer { server.stop() }
    let url = try #require(URL(string: server.url))
    let scenario = try #require(BuiltInScenarios.named("add-card-ok"))

    let local = try await playAdding(ScenarioBackend(scenario: scenario))
    let remote = try await playAdding(URLSessionPaymentsBackend(baseURL: url))

    #expect(local == remote)
    #expect(
      local == [
        "already saved 1 08/28", "saved 100", "already saved 100 09/29",
        "cards: 1 4242, 2 5454, 100 4444",
      ])
  }

  @Test("remove, make default and a new expiry: the same answers and the same list after")
  func sameWrites() async throws {
    let server = try await OverHTTPTests.ScenarioServer.started(scenario: "all-available")
    defer { server.stop() }
    let url = try #require(URL(string: server.url))
    let scenario = try #require(BuiltInScenarios.named("all-available"))

    let local = try await play(ScenarioBackend(scenario: scenario))
    let remote = try await play(URLSessionPaymentsBackend(baseURL: url))

    #expect(local == remote)
    #expect(local.first == "removed")
    #expect(local[1] == "alreadyRemoved")
    #expect(local[2] == "methodGone")
    #expect(local.last == "2 12/30")
    #expect(local.contains("default: 2"))
    #expect(local.contains("wallet is default: true"))
    #expect(local.contains("default: "))
  }
  /// Under set-default-ok, raw requests that repeat a key: each answer as text.
  private func playKeys(_ backend: any PaymentsBackend) async throws -> [String] {
    func send(
      _ endpoint: BackendEndpoint, _ id: String? = nil, card: String? = nil, key: String? = nil
    ) async throws -> String {
      let body = card.map { #"{"method":{"kind":"card","id":"\#($0)"}}"# }
      let answer = try await backend.send(
        BackendRequest(
          endpoint: endpoint, traceID: "t",
          credential: .accessToken(ScenarioBackend.initialAccessToken),
          body: body.map { BackendRequest.Body(Data($0.utf8)) }, idempotencyKey: key,
          resourceID: id))
      let text = String(decoding: answer.body, as: UTF8.self)
      let problem = try? JSONDecoder().decode([String: String].self, from: answer.body)
      return "\(answer.status)" + (problem?["code"].map { " \($0)" } ?? "")
        + (endpoint == .cards
          ? " " + (text.contains(#""id":"1""#) ? "1 listed" : "1 not listed") : "")
    }
    return [
      try await send(.removeCard, "1", key: "remove-1"),
      try await send(.removeCard, "1", key: "remove-1"),
      try await send(.removeCard, "1", key: "remove-2"),
      try await send(.cards),
      try await send(.setDefault, card: "2", key: "default-1"),
      try await send(.removeCard, "2", key: "remove-3"),
      try await send(.setDefault, card: "2", key: "default-1"),
      try await send(.setDefault, card: "2", key: "default-2"),
      // The same key on another card is another change.
      try await send(.removeCard, "2", key: "remove-1"),
    ]
  }

  @Test("a repeated key gets its first answer, and the write is done once, the same both ways")
  func repeatedKeyIsReplayed() async throws {
    let server = try await OverHTTPTests.ScenarioServer.started(scenario: "set-default-ok")
    defer { server.stop() }
    let url = try #require(URL(string: server.url))
    let scenario = try #require(BuiltInScenarios.named("set-default-ok"))

    let local = try await playKeys(ScenarioBackend(scenario: scenario))
    let remote = try await playKeys(URLSessionPaymentsBackend(baseURL: url))

    #expect(local == remote)
    #expect(
      remote == [
        "204", "204", "404 card_not_found", "200 1 not listed", "200", "204", "200",
        "404 method_not_found", "404 card_not_found",
      ])
  }
}
