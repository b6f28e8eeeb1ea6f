import DataLayer
import Domain
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A change whose process is killed (SIGKILL) after the server applied it, before the
/// answer came: the built `payment-methods-http` against `scripts/scenario-server`, whose
/// log names every write's idempotency key and every write it applied (docs/HTTP.md).
@Suite("A change killed mid-flight is applied exactly once", .serialized, .timeLimit(.minutes(1)))
struct KilledChangeTests {
  /// `remove-card-ok`'s script, with its `DELETE` played as `savedButAnswerLost` plays a
  /// write: the card removed and the answer settled for its key, then nothing sent until
  /// the client gives up (a timeout). Written in `folder`.
  private func answerHeldScript(in folder: TemporaryFolder) async throws -> URL {
    let exported = try await EndToEndTests.runBinary(["--export-scenario", "remove-card-ok"])
    var script = try #require(
      try JSONSerialization.jsonObject(with: Data(exported.output.utf8)) as? [String: Any])
    var endpoints = try #require(script["endpoints"] as? [String: Any])
    var removals = try #require(endpoints["DELETE /cards/{id}"] as? [[String: Any]])
    try #require(removals.count == 1 && removals[0]["card"] as? String == "removed")
    removals[0]["fault"] = "timedOut"
    endpoints["DELETE /cards/{id}"] = removals
    script["endpoints"] = endpoints
    let file = folder.url.appendingPathComponent("answer-held.json")
    try JSONSerialization.data(withJSONObject: script).write(to: file)
    return file
  }

  /// The journal a run keeps in `folder`, read as the next run reads it.
  private func pending(in folder: TemporaryFolder) async throws -> [PendingChange] {
    try await FilePendingChangeStore(directory: folder.url, logger: SilentLog())
      .changes(of: "demo").sorted { $0.place < $1.place }
  }

  @Test("a removal killed once the server applied it is sent again under its key, and done once")
  func killedRemovalIsFinishedOnce() async throws {
    let (scripts, cache) = (try TemporaryFolder(), try TemporaryFolder())
    let script = try await answerHeldScript(in: scripts)
    let server = try await WatchedScenarioServer.started(["--script", script.path])
    defer { server.stop() }
    let program = EndToEndTests.builtProgram("payment-methods-http")
    let backend = ["--backend-url", server.url, "--cache-dir", cache.path]

    // Killed the moment the server has applied the removal: the answer is held, and the
    // client's retry (after its 1 s timeout) would be the earliest it could hear of it.
    let removal = try LiveProcess(["remove-card", "--id", "card-1"] + backend, program: program)
    defer { removal.stop() }
    let process = removal.process
    server.whenLogged("✓ DELETE /cards/{id} applied: card 1 removed") {
      if removal.process.isRunning { kill(removal.process.processIdentifier, SIGKILL) }
    }
    try #require(await removal.exiting(seconds: 20), "remove-card was not killed")
    try #require(
      process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL,
      "remove-card ended by itself (\(process.terminationStatus)): \(removal.errors)")
    let applied = try #require(server.lines.first { $0.hasPrefix("✓ DELETE") })
    let key = try #require(applied.firstMatch(of: /Idempotency-Key=(\S+)/)?.output.1)
    #expect(try await pending(in: cache).map(\.idempotencyKey) == [String(key)])

    // The next start: the journal's change first, then the list.
    let printed = scripts.url.appendingPathComponent("state.json")
    _ = FileManager.default.createFile(atPath: printed.path, contents: nil)
    let screen = try LiveProcess(
      backend + ["--once", "--json"], standardOutput: try FileHandle(forWritingTo: printed),
      program: program)
    defer { screen.stop() }
    try #require(await screen.exiting(seconds: 20), "the next start did not end")
    let replayed = "← DELETE /cards/{id} 204 (replayed for its idempotency key)"
    #expect(await server.waitingForLine(containing: replayed))

    let state = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: printed)) as? [String: Any])
    let rows = try #require(state["methods"] as? [[String: Any]])
    let deletes = server.lines.filter { $0.hasPrefix("→ DELETE") }
    #expect(screen.process.terminationStatus == 0)
    #expect(
      screen.errors
        == "Finishing your last change: removing Visa •••• 4242…\n"
        + "Removing Visa •••• 4242, from last time, is done.\n")
    #expect(deletes.count == 2)
    #expect(deletes.allSatisfy { $0.hasSuffix("Idempotency-Key=\(key)") })
    #expect(server.lines.filter { $0.hasPrefix(replayed) }.count == 1)
    #expect(server.lines.filter { $0.hasPrefix("✓") } == [applied], "applied once, not again")
    #expect(!server.lines.contains { $0.contains("DELETE /cards/{id} 404") })
    #expect(rows.map { $0["id"] as? String } == ["wallet", "card-2", "apple-pay"])
    #expect(try await pending(in: cache).isEmpty)
  }
}
