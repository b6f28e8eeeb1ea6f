import DataLayer
import DemoBackend
import Foundation
import TestSupport
import Testing

@testable import CLI

/// A server played in process behind `--backend-url`, as `payment-methods-http` would reach
/// one: the built-in scenario's script, and every idempotency key it was sent, by endpoint.
final class RecordingServer: PaymentsBackend {
  let backend: ScenarioBackend
  let sent = Recorder<(BackendEndpoint, String)>()

  convenience init(_ scenario: String) throws {
    try self.init(scenario: #require(BuiltInScenarios.named(scenario)))
  }

  init(scenario: Scenario) {
    backend = ScenarioBackend(scenario: scenario, clock: ScenarioTimeClock(deadline: .seconds(3)))
  }

  func send(_ request: BackendRequest) async throws -> BackendResponse {
    if let key = request.idempotencyKey { sent.record((request.endpoint, key)) }
    return try await backend.send(request)
  }

  /// The keys sent to `endpoint`, in order.
  func keys(of endpoint: BackendEndpoint) -> [String] {
    sent.all.filter { $0.0 == endpoint }.map(\.1)
  }

  var access: ServerAccess { .linked { [self] _, _ in self } }
}

/// A server's run: `--backend-url` to a `RecordingServer`.
private let server = ["--backend-url", "http://127.0.0.1:8080"]

/// Where the local copy and the journal are kept: `--cache-dir`, `--no-cache`, the XDG
/// folders against a server, and memory for a scenario.
@MainActor
@Suite("Where the local copy and the journal are kept", .timeLimit(.minutes(1)))
struct LocalCopyStorageTests {
  @Test("two runs with one --cache-dir: offline, the second lists the first's methods, marked")
  func twoRuns() async throws {
    let folder = try TemporaryFolder()
    let first = await runCLI(["--scenario", "all-available", "--cache-dir", folder.path])
    let second = await runCLI([
      "--scenario", "offline", "--cache-dir", folder.path, "--json",
    ])
    let (rows, notices) = try rowsAndNotices(second)

    #expect(first.exitCode == .success)
    #expect(second.exitCode == .success)
    #expect(rows.map { $0["id"] as? String } == ["wallet", "card-1", "card-2"])
    #expect(
      rows.map { $0["title"] as? String } == ["Wallet", "Visa •••• 4242", "Mastercard •••• 5454"])
    #expect(rows.allSatisfy { $0["fromCache"] as? Bool == true })
    #expect(notices.allSatisfy { $0["asOf"] as? String == "2027-01-15T08:00:00Z" })
  }

  @Test("a --cache-dir that is a file is said in one line on stderr; the run goes on in memory")
  func cacheDirThatIsAFile() async throws {
    let folder = try TemporaryFolder()
    let file = folder.url.appendingPathComponent("not-a-folder")
    try Data("kept".utf8).write(to: file)
    let listed = try RecordingServer("all-available")

    let run = await runCLI(
      server + ["--json", "--cache-dir", file.path], serverAccess: listed.access)

    #expect(run.exitCode == .success)
    #expect(
      run.errors
        == "payment-methods: --cache-dir \(file.path) cannot be used (it is not a folder): "
        + "this run keeps its local copy and changes in memory. Give --cache-dir a folder you "
        + "can write to, or --no-cache to keep nothing.\n")
    #expect(try Data(contentsOf: file) == Data("kept".utf8))
    #expect(try printedJSON(run)["status"] as? String == "loaded")
  }

  @Test(
    "a state folder that cannot be made is said in one line; the journal is kept in memory",
    .enabled(if: FileManager.default.fileExists(atPath: "/proc/self"), "needs Linux's /proc"))
  func stateFolderThatCannotBeMade() async throws {
    let cache = try TemporaryFolder()
    let removed = try RecordingServer("remove-card-offline-then-ok")

    // Nobody, not even root, makes a folder inside /proc/self.
    let run = await runCLI(
      ["remove-card", "--id", "card-1"] + server,
      environment: ["XDG_CACHE_HOME": cache.path, "XDG_STATE_HOME": "/proc/self/state"],
      serverAccess: removed.access)

    #expect(run.exitCode == .temporaryFailure)
    #expect(
      run.errors.hasPrefix(
        "payment-methods: /proc/self/state/payment-methods cannot be used (it cannot be made: "))
    #expect(
      run.errors.hasSuffix(
        "): this run keeps its changes in memory. Set XDG_STATE_HOME to a folder you can write "
          + "to, or give --no-cache.\n"))
    #expect(cache.entries() == ["payment-methods", "payment-methods/saved-list-demo.json"])
  }

  @Test("--no-cache reads and writes nothing: HOME and the XDG folders stay empty")
  func noCache() async throws {
    let (home, cache, state) = (try TemporaryFolder(), try TemporaryFolder(), try TemporaryFolder())
    let variables = [
      "HOME": home.path, "XDG_CACHE_HOME": cache.path, "XDG_STATE_HOME": state.path,
    ]
    let listed = try RecordingServer("all-available")
    let removed = try RecordingServer("remove-card-offline-then-ok")

    let screen = await runCLI(
      server + ["--no-cache"], environment: variables, serverAccess: listed.access)
    let change = await runCLI(
      ["remove-card", "--id", "card-1", "--no-cache"] + server, environment: variables,
      serverAccess: removed.access)
    let scenario = await runCLI(["--scenario", "cards-offline-saved", "--no-cache"])

    #expect(screen.exitCode == .success)
    #expect(change.exitCode == .temporaryFailure)
    #expect(scenario.exitCode == .success)
    #expect(home.entries() == [])
    #expect(cache.entries() == [])
    #expect(state.entries() == [])
  }

  @Test("against a server, the list goes under XDG_CACHE_HOME and the journal XDG_STATE_HOME")
  func xdgFolders() async throws {
    let (home, cache, state) = (try TemporaryFolder(), try TemporaryFolder(), try TemporaryFolder())
    let offline = try RecordingServer("remove-card-offline-then-ok")

    let run = await runCLI(
      ["remove-card", "--id", "card-1", "--verbose"] + server,
      environment: ["HOME": home.path, "XDG_CACHE_HOME": cache.path, "XDG_STATE_HOME": state.path],
      serverAccess: offline.access)

    let list = cache.url.appendingPathComponent("payment-methods/saved-list-demo.json")
    let journal = state.url.appendingPathComponent("payment-methods/pending-changes")
    #expect(run.exitCode == .temporaryFailure)
    #expect(FileManager.default.fileExists(atPath: list.path))
    #expect(FileManager.default.fileExists(atPath: journal.path))
    #expect(home.entries() == [])
    #expect(run.errors.contains("the local copy is kept in \(list.path)"))
    #expect(run.errors.contains("the journal of pending changes is kept in \(journal.path)/"))
  }

  @Test("without XDG folders, the list goes under HOME's .cache and the journal .local/state")
  func homeFolders() async throws {
    let home = try TemporaryFolder()
    let offline = try RecordingServer("remove-card-offline-then-ok")

    let run = await runCLI(
      ["remove-card", "--id", "card-1"] + server, environment: ["HOME": home.path],
      serverAccess: offline.access)

    #expect(run.exitCode == .temporaryFailure)
    let kept = home.entries().filter { $0.hasSuffix(".json") || $0.hasSuffix("changes") }
    #expect(
      kept.filter { !$0.contains("/sessions/") } == [
        ".cache/payment-methods/saved-list-demo.json",
        ".local/state/payment-methods/pending-changes",
      ])
    #expect(kept.filter { $0.contains(".local/state/payment-methods/sessions/") }.count == 1)
  }

  /// The folders a run's options and environment choose, as (list, journal).
  private func folders(_ arguments: [String], _ variables: [String: String]) throws
    -> (String?, String?)
  {
    guard case .show(let options) = try Command.parse(arguments) else {
      Issue.record("not a screen's command line: \(arguments)")
      return (nil, nil)
    }
    let storage = Storage(options, variables: variables)
    return (storage.localCopyFiles?.directory.path, storage.journalDirectory?.path)
  }

  @Test("an XDG folder that is empty or not absolute is ignored, as the XDG spec says")
  func xdgRules() throws {
    let home = ["HOME": "/home/ada"]
    let cacheHome = "/home/ada/.cache/payment-methods"
    let stateHome = "/home/ada/.local/state/payment-methods"

    #expect(try folders(server, home) == (cacheHome, stateHome))
    #expect(
      try folders(server, home.merging(["XDG_CACHE_HOME": "", "XDG_STATE_HOME": ""]) { $1 })
        == (cacheHome, stateHome))
    #expect(
      try folders(
        server, home.merging(["XDG_CACHE_HOME": "cache", "XDG_STATE_HOME": "./state"]) { $1 })
        == (cacheHome, stateHome))
    #expect(
      try folders(server, home.merging(["XDG_CACHE_HOME": "/c", "XDG_STATE_HOME": "/s"]) { $1 })
        == ("/c/payment-methods", "/s/payment-methods"))
    #expect(try folders(server, ["HOME": "relative"]) == (nil, nil))
    #expect(try folders(server, ["XDG_STATE_HOME": "/s"]) == (nil, "/s/payment-methods"))
  }

  @Test("a scenario keeps the list in memory and no journal, unless --cache-dir names a folder")
  func scenarioRules() throws {
    let everything = ["HOME": "/home/ada", "XDG_CACHE_HOME": "/c", "XDG_STATE_HOME": "/s"]

    #expect(try folders(["--scenario", "offline"], everything) == (nil, nil))
    #expect(try folders(["--cache-dir", "/d"], everything) == ("/d", "/d"))
    #expect(try folders(server + ["--cache-dir", "/d"], everything) == ("/d", "/d"))
    #expect(try folders(server + ["--no-cache"], everything) == (nil, nil))
    let relative = try folders(["--cache-dir", "here"], [:])
    #expect(relative.0 == FileManager.default.currentDirectoryPath + "/here")
  }

  @Test("without HOME, a server's run keeps its list in memory, and the log says why")
  func noHome() async throws {
    let run = await runCLI(
      server + ["--verbose"], serverAccess: try RecordingServer("all-available").access)

    #expect(run.exitCode == .success)
    #expect(run.errors.contains("[info] HOME is not set, or not an absolute path"))
    #expect(run.errors.contains("the local copy is kept in memory"))
    #expect(run.errors.contains("no journal of pending changes is kept"))
  }

  @Test("--saved-list puts the device's list in place for a server's run, as a scenario does")
  func localCopyFlag() async throws {
    let saved =
      #"{"age": "2h", "cards": [{"brand": "Visa", "last4": "4242", "expiry": "08/28", "#
      + #""status": "active"}]}"#
    let run = await runCLI(
      server + ["--saved-list", saved, "--no-cache", "--json"],
      serverAccess: try RecordingServer("cards-offline").access)
    let (rows, notices) = try rowsAndNotices(run)

    #expect(run.exitCode == .success)
    #expect(rows.map { $0["id"] as? String } == ["wallet", "card-1", "apple-pay"])
    #expect(rows.map { $0["fromCache"] as? Bool } == [false, true, false])
    #expect(notices.first?["asOf"] as? String == "2027-01-15T06:00:00Z")
  }

  @Test("--saved-list '\"damaged\"' over a server: the screen as without a list, one warning")
  func damagedLocalCopyFlag() async throws {
    let run = await runCLI(
      server + ["--saved-list", #""damaged""#, "--no-cache", "--verbose"],
      serverAccess: try RecordingServer("cards-offline").access)
    let plain = await runCLI(
      server + ["--no-cache"], serverAccess: try RecordingServer("cards-offline").access)

    #expect(run.exitCode == .success)
    #expect(run.output == plain.output)
    let warnings = run.errors.split(separator: "\n").filter {
      $0.contains("[warning] the local copy cannot be read")
    }
    #expect(warnings.count == 1)
  }
}
