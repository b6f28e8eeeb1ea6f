import Domain
import TestSupport
import Testing

@Suite("One change per subject on the wire", .timeLimit(.minutes(1)))
struct SubjectTurnsTests {
  @Test("a newer change to the same subject is sent only once the older one has ended")
  func newerWaitsForOlder() async throws {
    let turns = SubjectTurns()
    let older = Gate()
    let sent = Recorder<String>()
    let first = Task {
      try await turns.inTurn(for: .defaultMethod) {
        sent.record("older sent")
        await older.pass()
        sent.record("older ended")
      }
    }
    await older.waitForArrivals(1)
    let second = Task {
      try await turns.inTurn(for: .defaultMethod) { sent.record("newer sent") }
    }
    // Chances for the newer one to overtake, had it not waited in line.
    for _ in 0..<200 { await Task.yield() }

    await older.open()
    try await first.value
    try await second.value

    #expect(sent.all == ["older sent", "older ended", "newer sent"])
  }

  @Test("changes to different subjects go out side by side")
  func differentSubjectsDoNotWait() async throws {
    let turns = SubjectTurns()
    let held = Gate()
    let first = Task {
      try await turns.inTurn(for: .removal(cardID: "1")) { await held.pass() }
    }
    await held.waitForArrivals(1)

    try await turns.inTurn(for: .removal(cardID: "2")) {}

    await held.open()
    try await first.value
  }

  @Test("a change whose caller leaves while it waits is never sent, and the line goes on")
  func cancelledWaiterLeavesTheLine() async throws {
    let turns = SubjectTurns()
    let older = Gate()
    let sent = Recorder<String>()
    let first = Task {
      try await turns.inTurn(for: .defaultMethod) { await older.pass() }
    }
    await older.waitForArrivals(1)
    let leaving = Task {
      try await turns.inTurn(for: .defaultMethod) { sent.record("left") }
    }
    for _ in 0..<50 { await Task.yield() }
    leaving.cancel()
    await #expect(throws: CancellationError.self) { try await leaving.value }

    await older.open()
    try await first.value
    try await turns.inTurn(for: .defaultMethod) { sent.record("after") }

    #expect(sent.all == ["after"])
  }

  @Test("an older change that failed passes the turn on all the same")
  func failurePassesTheTurn() async throws {
    struct Failed: Error {}
    let turns = SubjectTurns()

    await #expect(throws: Failed.self) {
      try await turns.inTurn(for: .defaultMethod) { throw Failed() }
    }

    #expect(try await turns.inTurn(for: .defaultMethod) { "sent" } == "sent")
  }
}
