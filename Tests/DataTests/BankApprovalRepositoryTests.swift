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
    let fixture = ClientFixture([.addCard: [.respond(status: 202, body: body)]])
    let repository = BackendCardsRepository(client: fixture.client)

    let failure = await requestFailure { _ = try await repository.save(card, idempotencyKey: "k") }

    #expect(failure?.kind == .malformedResponse)
  }

  @Test("a setup's polls read as the bank's answers: waiting, then the card it approved")
  func polls() async throws {
    let approved =
      #","card":{"id":"100","brand":"Visa","last4":"5556","expiry":"08/28","status":"active"}"#
    let (repository, _) = repository(polls: [
      setup("requires_action"), setup("processing"), setup("succeeded", approved),
    ])
    let approval = try await needsApproval(repository)

    var answers: [CardSetupStatus] = []
    for _ in 0..<4 { answers.append(try await repository.status(ofSetup: approval.setupID)) }

    guard case .succeeded(let saved) = answers[2] else {
      Issue.record("expected the third poll to approve, got \(answers)")
      return
    }
    #expect(answers[0] == .waiting)
    #expect(answers[1] == .waiting)
    #expect(answers[3] == answers[2])
    #expect(saved.lastFour == "5556")
  }

  @Test("a refusal reads with the bank's reason")
  func refused() async throws {
    let (repository, _) = repository(polls: [
      setup("requires_action"), setup("failed", #","reason":"authentication_failed""#),
    ])
    let approval = try await needsApproval(repository)

    _ = try await repository.status(ofSetup: approval.setupID)
    let answer = try await repository.status(ofSetup: approval.setupID)

    #expect(answer == .declined(reason: "authentication_failed"))
  }

  @Test("a cancel is sent once; a setup canceled reads so, and a setup not found is a failure")
  func cancel() async throws {
    let (repository, backend) = repository(
      polls: [setup("canceled"), .error(404, code: "setup_not_found")],
      cancel: [.respond(status: 200, body: "")])
    let approval = try await needsApproval(repository)

    try await repository.cancelSetup(approval.setupID)
    let after = try await repository.status(ofSetup: approval.setupID)
    let unknown = await requestFailure { _ = try await repository.status(ofSetup: "setup-9") }

    #expect(after == .canceled)
    #expect(unknown?.context.status == 404)
    #expect(await backend.requestCount(.cancelCardSetup) == 1)
  }
}
