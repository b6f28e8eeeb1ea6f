import Domain
import Foundation
import Testing

@testable import DataLayer
@testable import DemoBackend

/// The writes to a saved card in a scenario file: `removeCard`, `setDefault` and
/// `updateCard`, each an outcome or a list of responses, played as the backend would.
@Suite("Scenario files: the writes to a saved card", .timeLimit(.minutes(1)))
struct ScenarioFileWritesTests {
  private func cards(_ json: String) throws -> BackendCardsRepository {
    let scenario = try ScenarioFile.parse(Foundation.Data(json.utf8), name: "test.json")
    let client = BackendClient(
      backend: ScenarioBackend(scenario: scenario, clock: ImmediateClockForFiles()),
      session: Session(
        accessToken: ScenarioBackend.initialAccessToken,
        refreshToken: ScenarioBackend.refreshToken),
      logger: SilentLog())
    return BackendCardsRepository(client: client)
  }

  @Test("each outcome is the backend's answer on purpose")
  func outcomes() async throws {
    let expiry = try #require(CardExpiry(month: 12, year: 2030))

    #expect(
      try await cards(#"{"removeCard": {"outcome": "ok"}}"#).remove(
        cardID: "1", idempotencyKey: "w1") == .removed)
    #expect(
      try await cards(#"{"removeCard": {"outcome": "alreadyGone"}}"#).remove(
        cardID: "1", idempotencyKey: "w2")
        == .alreadyRemoved)
    #expect(
      try await cards(#"{"removeCard": {"outcome": "lastMethod"}}"#).remove(
        cardID: "1", idempotencyKey: "w3")
        == .refusedLastMethod)
    #expect(
      try await cards(#"{"setDefault": {"outcome": "gone"}}"#).makeDefault(
        .wallet, idempotencyKey: "w7") == .methodGone)
    #expect(
      try await cards(
        #"{"updateCard": {"outcome": "declined", "declineCode": "expired_card", "#
          + #""adviceCode": "try_again_later"}}"#
      )
      .updateExpiry(cardID: "1", to: expiry, idempotencyKey: "k")
        == .declined(CardDecline(code: "expired_card", adviceCode: "try_again_later")))
    #expect(
      try await cards(#"{"updateCard": {"outcome": "invalid", "fields": {"expiry": ["Too far"]}}}"#)
        .updateExpiry(cardID: "1", to: expiry, idempotencyKey: "k")
        == .invalid([.expiry: [.described("Too far")]]))
  }

  @Test("responses play in order, and a 2xx without a body does the write")
  func responses() async throws {
    let repository = try cards(
      #"{"removeCard": {"responses": [{"transport": "offline"}, {"status": 204}]}}"#)

    await #expect(throws: RequestFailure.self) {
      try await repository.remove(cardID: "1", idempotencyKey: "w4")
    }
    #expect(try await repository.remove(cardID: "1", idempotencyKey: "w5") == .removed)
    #expect(try await repository.fetchCards().map(\.id) == ["2"])
  }

  @Test("without them, a write meets what the cards meet")
  func meetsTheCards() async throws {
    let repository = try cards(#"{"cards": {"outcome": "offline"}}"#)

    let error = await #expect(throws: RequestFailure.self) {
      try await repository.remove(cardID: "1", idempotencyKey: "w6")
    }
    #expect(error?.kind == .offline)
  }

  @Test(
    "a mistake names its key and what was expected",
    arguments: [
      (#"{"removeCard": {"outcome": "gone"}}"#, "removeCard.outcome"),
      (#"{"setDefault": {"outcome": "lastMethod"}}"#, "setDefault.outcome"),
      (
        #"{"updateCard": {"outcome": "invalid", "fields": {"number": ["x"]}}}"#, "updateCard.fields"
      ),
      (#"{"updateCard": {"outcome": "ok", "message": "x"}}"#, "updateCard"),
      (#"{"removeCards": {}}"#, "removeCards"),
    ])
  func mistakes(json: String, key: String) throws {
    let error = #expect(throws: ScenarioFileError.self) {
      _ = try ScenarioFile.parse(Foundation.Data(json.utf8), name: "test.json")
    }
    #expect(error?.description.hasPrefix(key) == true, "\(error?.description ?? "")")
  }
}

/// No waiting: a scenario file's latencies are played at once.
private struct ImmediateClockForFiles: Clock {
  var now: ContinuousClock.Instant { ContinuousClock.now }
  var minimumResolution: Duration { .zero }
  func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration?) async throws {
    try Task.checkCancellation()
  }
}
