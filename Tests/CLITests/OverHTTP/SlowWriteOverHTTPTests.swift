import Foundation
import Testing

/// A write the server takes its time over, over real sockets: the binary against
/// `scripts/scenario-server`. Over HTTP a write waits as long as in process, its use case's
/// deadline, not the one second a read may go without a byte (docs/HTTP.md).
@Suite("Over HTTP: a slow write waits as it does in process", .serialized, .timeLimit(.minutes(1)))
struct SlowWriteOverHTTPTests {
  /// A scenario file in `folder` whose every DELETE answers `answer`.
  private func removals(_ answer: String, in folder: TemporaryFolder, named name: String) throws
    -> String
  {
    let file = folder.url.appendingPathComponent(name)
    try Data(#"{"removeCard": {"#.utf8 + Data(answer.utf8) + Data("}}".utf8)).write(to: file)
    return file.path
  }

  @Test("finishing at the start waits for a DELETE answered after 6 s, and says it is done")
  func finishingWaitsForASlowRemoval() async throws {
    let folder = try TemporaryFolder()
    let cache = folder.url.appendingPathComponent("cache").path
    // A removal the service, down, answers 503 on every attempt: kept for the next start.
    let down = try await WatchedScenarioServer.started([
      "--scenario-file", removals(#""responses": [{"status": 503}]"#, in: folder, named: "a.json"),
    ])
    let left = try await EndToEndTests.runBinary(
      ["remove-card", "--id", "card-1", "--backend-url", down.url, "--cache-dir", cache])
    down.stop()
    try #require(left.status == 69, "kept for the next start: \(left.output)")
    // The next start: the same removal, which the server takes 6 s to answer.
    let slow = try await WatchedScenarioServer.started([
      "--scenario-file",
      removals(#""latencyMs": 6000, "responses": [{"status": 204}]"#, in: folder, named: "b.json"),
    ])
    defer { slow.stop() }

    let run = try await EndToEndTests.runBinary(
      ["--json", "--backend-url", slow.url, "--cache-dir", cache])

    #expect(run.status == 0)
    #expect(
      run.errors.contains("Removing Visa •••• 4242, from last time, is done."), "\(run.errors)")
    #expect(!run.errors.contains("got no answer yet"))
    #expect(slow.lines.filter { $0.hasPrefix("→ DELETE") }.count == 1, "sent once, not retried")
    #expect(!run.output.contains("\"card-1\""), "the list shows the card removed")
  }

  @Test("a removal that times out once is sent again within its deadline, under its key")
  func timedOutOnceSentAgain() async throws {
    let folder = try TemporaryFolder()
    let server = try await WatchedScenarioServer.started([
      "--scenario-file",
      removals(
        #""responses": [{"transport": "timedOut"}, {"status": 204}]"#, in: folder,
        named: "once.json"),
    ])
    defer { server.stop() }

    let run = try await EndToEndTests.runBinary(
      ["remove-card", "--id", "card-1", "--backend-url", server.url, "--no-cache"])

    #expect(run.status == 0, "\(run.output)")
    let removals = server.lines.filter { $0.hasPrefix("→ DELETE") }
    #expect(removals.count == 2, "\(removals)")
    let keys = Set(removals.compactMap { $0.split(separator: "Idempotency-Key=").last })
    #expect(keys.count == 1, "the same key both times")
  }
}
