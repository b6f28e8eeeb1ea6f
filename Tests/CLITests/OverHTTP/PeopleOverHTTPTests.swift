import Foundation
import Testing

/// Two people on one machine, over real sockets: the built `payment-methods-http` against
/// `scripts/scenario-server`, each run with its person's tokens in the environment and one
/// state folder for all (`--cache-dir`). The server names the person in `GET /me/status`.
@Suite("Two people on one machine, over HTTP", .serialized, .timeLimit(.minutes(1)))
struct PeopleOverHTTPTests {
  private static let program = EndToEndTests.builtProgram("payment-methods-http")
  /// Nothing listens there: a backend that cannot be asked.
  private static let nobody = "http://127.0.0.1:9"

  private static func tokens(_ name: String) -> [String: String] {
    ["PAYMENTS_ACCESS_TOKEN": "access_\(name)_1", "PAYMENTS_REFRESH_TOKEN": "refresh_\(name)_1"]
  }

  /// A built-in scenario's script whose `GET /me/status` names `person`, and whose
  /// `DELETE /cards/{id}` answers `removal` when given, written in `folder`.
  private func script(
    _ scenario: String, person: String, removal: Int? = nil, in folder: TemporaryFolder
  ) async throws -> URL {
    let exported = try await EndToEndTests.runBinary(["--export-scenario", scenario])
    var script = try #require(
      try JSONSerialization.jsonObject(with: Data(exported.output.utf8)) as? [String: Any])
    var endpoints = try #require(script["endpoints"] as? [String: Any])
    var status = try #require(endpoints["GET /me/status"] as? [[String: Any]])
    for index in status.indices {
      status[index]["body"] = #"{"status": "verified", "userId": "\#(person)"}"#
    }
    endpoints["GET /me/status"] = status
    if let removal {
      var removals = try #require(endpoints["DELETE /cards/{id}"] as? [[String: Any]])
      for index in removals.indices {
        (removals[index]["status"], removals[index]["body"]) = (removal, "")
      }
      endpoints["DELETE /cards/{id}"] = removals
    }
    script["endpoints"] = endpoints
    let file = folder.url.appendingPathComponent("\(scenario)-\(person).json")
    try JSONSerialization.data(withJSONObject: script).write(to: file)
    return file
  }

  /// `scripts/scenario-server` playing `script(…)`'s script.
  private func serving(
    _ scenario: String, person: String, removal: Int? = nil, in folder: TemporaryFolder
  ) async throws -> WatchedScenarioServer {
    let file = try await script(scenario, person: person, removal: removal, in: folder)
    return try await WatchedScenarioServer.started(["--script", file.path])
  }

  private func run(_ arguments: [String], as name: String, backend: String, state: TemporaryFolder)
    async throws -> EndToEndTests.Result
  {
    try await EndToEndTests.runBinary(
      arguments + ["--json", "--backend-url", backend, "--cache-dir", state.path],
      environment: Self.tokens(name), program: Self.program)
  }

  private func savedTitles(_ result: EndToEndTests.Result) throws -> [String] {
    let state = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    let rows = try #require(state["methods"] as? [[String: Any]])
    return rows.filter { $0["fromCache"] as? Bool == true }.compactMap { $0["title"] as? String }
  }

  @Test("offline, each person sees their own local copy, and tokens never seen see none")
  func eachTheirOwn() async throws {
    let (scripts, state) = (try TemporaryFolder(), try TemporaryFolder())
    let ada = try await serving("all-available", person: "u-ada", in: scripts)
    defer { ada.stop() }
    let bob = try await serving("cards-expired", person: "u-bob", in: scripts)
    defer { bob.stop() }
    _ = try await run([], as: "ada", backend: ada.url, state: state)
    _ = try await run([], as: "bob", backend: bob.url, state: state)

    let adaOffline = try await run([], as: "ada", backend: Self.nobody, state: state)
    let bobOffline = try await run([], as: "bob", backend: Self.nobody, state: state)
    let carolOffline = try await run([], as: "carol", backend: Self.nobody, state: state)

    #expect(try savedTitles(adaOffline) == ["Wallet", "Visa •••• 4242", "Mastercard •••• 5454"])
    #expect(try savedTitles(bobOffline) == ["Wallet", "Visa •••• 4242", "Mastercard •••• 4444"])
    #expect(try savedTitles(carolOffline) == [])
  }

  @Test("one person's pending change is sent only under their own session")
  func changeOnlyUnderItsPerson() async throws {
    let (scripts, state) = (try TemporaryFolder(), try TemporaryFolder())
    let down = try await serving("all-available", person: "u-ada", removal: 503, in: scripts)
    defer { down.stop() }
    let removal = try await run(
      ["remove-card", "--id", "card-1"], as: "ada", backend: down.url, state: state)
    #expect(removal.status == 69)

    let bob = try await serving("all-available", person: "u-bob", in: scripts)
    defer { bob.stop() }
    let bobsRun = try await run([], as: "bob", backend: bob.url, state: state)
    let ada = try await serving("all-available", person: "u-ada", in: scripts)
    defer { ada.stop() }
    let adasRun = try await run([], as: "ada", backend: ada.url, state: state)

    #expect(!bob.lines.contains { $0.hasPrefix("→ DELETE") })
    #expect(bobsRun.errors.isEmpty)
    #expect(ada.lines.filter { $0.hasPrefix("→ DELETE") }.count == 1)
    #expect(adasRun.errors.hasPrefix("Finishing your last change: removing Visa •••• 4242…\n"))
  }

  @Test("a change pending when the session ends is kept for its person, then finished")
  func sessionEndsWhileAChangeIsPending() async throws {
    let (scripts, state) = (try TemporaryFolder(), try TemporaryFolder())
    let down = try await serving("all-available", person: "u-ada", removal: 503, in: scripts)
    defer { down.stop() }
    _ = try await run(
      ["remove-card", "--id", "card-1"], as: "ada", backend: down.url, state: state)

    let expired = try await serving("session-expired", person: "u-ada", in: scripts)
    defer { expired.stop() }
    let ended = try await run([], as: "ada", backend: expired.url, state: state)
    let online = try await serving("all-available", person: "u-ada", in: scripts)
    defer { online.stop() }
    // Signed in again (her tokens as before): the journey deleted her local copy, so the
    // card is named as "a card".
    let signedIn = try await run([], as: "ada", backend: online.url, state: state)

    #expect(ended.status == 77)
    #expect(
      ended.errors
        == "Finishing your last change: removing Visa •••• 4242…\nRemoving Visa •••• 4242, from "
        + "last time, will be sent once you've signed in again.\n")
    #expect(
      signedIn.errors
        == "Finishing your last change: removing a card…\nRemoving a card, from last time, is "
        + "done.\n")
    #expect(online.lines.filter { $0.hasPrefix("→ DELETE") }.count == 1)
  }
}
