import Domain
import Foundation
import TestSupport
import Testing

@testable import DataLayer

private let card = NewCardFixture.visa

/// `POST /cards` answering 202: the bank has to approve the card first.
private let setupStarted = ScriptedBackend.Answer.respond(
  status: 202,
  body: """
    {"status":"requires_action","setupId":"setup-1","nextAction":{"type":"authenticate",\
    "message":"Demo Bank sent a request to your phone. Approve it there."}}
    """)

/// `GET /cards/setups/{id}` answering 200 with the setup's status.
private func setup(_ status: String, _ more: String = "") -> ScriptedBackend.Answer {
  .ok(#"{"status":"\#(status)"\#(more)}"#)
}

/// The wiring of a card waiting for its bank: the 202 through to the setup, each later request
/// to the setup's own path. What each answer means is `CardSetupsMapper`'s, tested there.
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

  private func repository(
    polls: [ScriptedBackend.Answer] = [], cancel: [ScriptedBackend.Answer] = []
  ) -> (BackendCardsRepository, ScriptedBackend) {
    let fixture = ClientFixture([
      .addCard: [setupStarted], .cardSetup: polls, .cancelCardSetup: cancel,
    ])
    return (BackendCardsRepository(client: fixture.client), fixture.backend)
  }

  @Test(
    "a 202 requires_action is returned as the setup, with the bank's words and the submission's key"
  )
  func started() async throws {
    let (repository, _) = repository()

    let approval = try await needsApproval(repository)

    #expect(approval.setupID == "setup-1")
    #expect(approval.bankMessage?.contains("Demo Bank") == true)
    #expect(approval.idempotencyKey == "key-1")
  }

  @Test("a poll asks for the setup by its id, and its answer is the setup's status")
  func poll() async throws {
    let approved =
      #","card":{"id":"100","brand":"Visa","last4":"5556","expiry":"08/28","status":"active"}"#
    let (repository, backend) = repository(polls: [setup("succeeded", approved)])
    let approval = try await needsApproval(repository)

    let answer = try await repository.status(ofSetup: approval.setupID)

    guard case .succeeded(let saved) = answer else {
      Issue.record("expected the card approved, got \(answer)")
      return
    }
    #expect(saved.lastFour == "5556")
    #expect(await backend.requests(to: .cardSetup).map(\.resourceID) == ["setup-1"])
  }

  @Test("a cancel is sent once, for the setup by its id")
  func cancel() async throws {
    let (repository, backend) = repository(cancel: [.respond(status: 200, body: "")])
    let approval = try await needsApproval(repository)

    try await repository.cancelSetup(approval.setupID)

    #expect(await backend.requests(to: .cancelCardSetup).map(\.resourceID) == ["setup-1"])
  }

  @Test("a failed poll comes through as the client made it")
  func failedPoll() async throws {
    let (repository, _) = repository(polls: [.fail(.offline)])

    let failure = await requestFailure { _ = try await repository.status(ofSetup: "setup-1") }

    #expect(failure?.kind == .offline)
  }
}
