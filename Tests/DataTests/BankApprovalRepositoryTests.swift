import Domain
import Foundation
import TestSupport
import Testing

@testable import DataLayer
@testable import DemoBackend

private let card = NewCardFixture.visa

/// A backend that gives every request the same answer.
private struct FixedAnswer: PaymentsBackend {
  let response: BackendResponse

  init(_ response: BackendResponse) { self.response = response }

  func send(_ request: BackendRequest) async throws -> BackendResponse { response }
}

@Suite("3-D Secure on the wire: the 202, the setup's polls, the cancel", .timeLimit(.minutes(1)))
struct BankApprovalRepositoryTests {
  private func needsApproval(
    _ repository: BackendCardsRepository, key: String = "key-1"
  ) async throws -> CardSetup {
    let outcome = try await repository.save(card, idempotencyKey: key)
    guard case .needsBankApproval(let setup) = outcome else {
      Issue.record("expected the bank to be asked, got \(outcome)")
      throw CancellationError()
    }
    return setup
  }

  @Test(
    "a 202 requires_action is returned as the setup, with the bank's words and the submission's key"
  )
  func started() async throws {
    let fixture = ClientFixture(try #require(BuiltInScenarios.named("add-card-3ds-approved")))

    let approval = try await needsApproval(BackendCardsRepository(client: fixture.client))

    #expect(approval.setupID == "setup-1")
    #expect(approval.bankMessage?.contains("Demo Bank") == true)
    #expect(approval.idempotencyKey == "key-1")
  }

  @Test(
    "a 202 whose setup id could name another path, or that asks for no authentication, is malformed",
    arguments: [
      #"{"status": "requires_action", "setupId": "../me", "nextAction": {"type": "authenticate"}}"#,
      #"{"status": "requires_action", "setupId": "", "nextAction": {"type": "authenticate"}}"#,
      #"{"status": "requires_action", "setupId": "s-1", "nextAction": {"type": "redirect"}}"#,
      #"{"status": "succeeded", "setupId": "s-1", "nextAction": {"type": "authenticate"}}"#,
      #"{"status": "requires_action"}"#,
    ])
  func malformed(body: String) async throws {
    // Straight from a backend of its own: the demo's would give the setup an id.
    let client = BackendClient(
      backend: FixedAnswer(BackendResponse(status: 202, body: Data(body.utf8))),
      session: Session(accessToken: Secret("access"), refreshToken: Secret("refresh")),
      environment: BackendClient.Environment(clock: AdvancingClock(), jitter: { $0 }),
      logger: LogSpy())
    let repository = BackendCardsRepository(client: client)

    let failure = await requestFailure { _ = try await repository.save(card, idempotencyKey: "k") }

    #expect(failure?.kind == .malformedResponse)
  }

  @Test("a setup's polls read as the bank's answers, and the card it approved is listed")
  func polls() async throws {
    let fixture = ClientFixture(try #require(BuiltInScenarios.named("add-card-3ds-approved")))
    let repository = BackendCardsRepository(client: fixture.client)
    let approval = try await needsApproval(repository)

    var answers: [CardSetupStatus] = []
    for _ in 0..<4 { answers.append(try await repository.status(ofSetup: approval.setupID)) }
    let listed = try await repository.fetchCards()

    guard case .succeeded(let saved) = answers[2] else {
      Issue.record("expected the third poll to approve, got \(answers)")
      return
    }
    #expect(answers[0] == .waiting)
    #expect(answers[1] == .waiting)
    #expect(answers[3] == answers[2])
    #expect(saved.lastFour == "5556")
    #expect(listed.filter { $0.id == saved.id }.count == 1)
  }

  @Test("a refusal reads with the bank's reason")
  func refused() async throws {
    let fixture = ClientFixture(try #require(BuiltInScenarios.named("add-card-3ds-failed")))
    let repository = BackendCardsRepository(client: fixture.client)
    let approval = try await needsApproval(repository)

    _ = try await repository.status(ofSetup: approval.setupID)
    let answer = try await repository.status(ofSetup: approval.setupID)

    #expect(answer == .declined(reason: "authentication_failed"))
  }

  @Test("a cancelled setup answers canceled from then on; a setup nobody started is not found")
  func cancel() async throws {
    let fixture = ClientFixture(try #require(BuiltInScenarios.named("add-card-3ds-timeout")))
    let repository = BackendCardsRepository(client: fixture.client)
    let approval = try await needsApproval(repository)

    try await repository.cancelSetup(approval.setupID)
    let after = try await repository.status(ofSetup: approval.setupID)
    let unknown = await requestFailure { _ = try await repository.status(ofSetup: "setup-9") }

    #expect(after == .canceled)
    #expect(unknown?.context.status == 404)
    #expect(await fixture.backend.requestCount(.cancelCardSetup) == 1)
  }

  @Test("sent again under the same key, the card continues its setup; a new key starts another")
  func sameKeySameSetup() async throws {
    let fixture = ClientFixture(try #require(BuiltInScenarios.named("add-card-3ds-timeout")))
    let repository = BackendCardsRepository(client: fixture.client)

    let first = try await needsApproval(repository, key: "key-1")
    let again = try await needsApproval(repository, key: "key-1")
    let other = try await needsApproval(repository, key: "key-2")

    #expect(again.setupID == first.setupID)
    #expect(other.setupID != first.setupID)
  }
}
