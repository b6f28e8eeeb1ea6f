import DataLayer
import Foundation
import Testing

/// The binary against a real server over real sockets: `scripts/scenario-server` playing a
/// built-in scenario (Python 3's standard library), or no server at all.
@Suite("Over HTTP: the binary and a real server", .serialized, .timeLimit(.minutes(1)))
struct OverHTTPTests {
  /// A running `scripts/scenario-server`, stopped when the test is done with it.
  final class ScenarioServer: Sendable {
    let process = Process()
    let port: String

    init(scenario: String) throws {
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = [
        "python3", packageRoot.appendingPathComponent("scripts/scenario-server").path,
        "--scenario", scenario, "--port", "0", "--quiet",
        "--binary", EndToEndTests.binary.path,
      ]
      let output = Pipe.notInherited()
      process.standardOutput = output
      process.standardError = FileHandle.nullDevice
      try process.run()
      // The first line is the port; reading it also waits until the server listens.
      port = try OverHTTPTests.line(of: output)
    }

    /// A server started, and listening, from a thread of its own (`offThePool`): the wait
    /// for its first line holds no thread that tests share.
    static func started(scenario: String) async throws -> ScenarioServer {
      try await offThePool { try ScenarioServer(scenario: scenario) }
    }

    var url: String { "http://127.0.0.1:\(port)" }

    /// Ends the server; its exit is waited for on a thread of its own, as each server has a
    /// port of its own and nothing waits for the old one.
    func stop() {
      process.terminate()
      Thread { [process] in process.waitUntilExit() }.start()
    }
  }

  @Test("token-expired over HTTP shows exactly the screen it shows in process")
  func sameScreen() async throws {
    let server = try await ScenarioServer.started(scenario: "token-expired")
    defer { server.stop() }
    try #require(Int(server.port) != nil, "the server printed its port")

    let remote = try await EndToEndTests.runBinary(["--backend-url", server.url])
    let local = try await EndToEndTests.runBinary(["--scenario", "token-expired"])

    #expect(remote.status == 0)
    #expect(remote.output == local.output)
    #expect(remote.output.contains("Visa •••• 4242"))
  }

  @Test("payment-methods-http names itself to the server with the version --version prints")
  func userAgent() async throws {
    let server = try await WatchedScenarioServer.started(["--scenario", "all-available"])
    defer { server.stop() }
    let version = try await EndToEndTests.runBinary(["--version"])
    let number = try #require(version.output.split(separator: " ").last)
      .trimmingCharacters(in: .whitespacesAndNewlines)

    let run = try await EndToEndTests.runBinary(
      ["--once", "--backend-url", server.url, "--no-cache"])

    let agent = "received from payment-methods-http/\(number)"
    #expect(run.status == 0)
    #expect(await server.waitingForLine(containing: "→ GET /cards " + agent))
    let arrivals = server.lines.filter { $0.hasPrefix("→") }
    #expect(!arrivals.isEmpty && arrivals.allSatisfy { $0.contains(agent) }, "\(arrivals)")
  }

  @Test("a 405 to a DELETE: the service does not offer it, sent once, and the command says so")
  func notOfferedRemoval() async throws {
    let folder = try TemporaryFolder()
    let file = folder.url.appendingPathComponent("remove-405.json")
    try Data(#"{"removeCard": {"responses": [{"status": 405}]}}"#.utf8).write(to: file)
    let server = try await WatchedScenarioServer.started(["--scenario-file", file.path])
    defer { server.stop() }

    let run = try await EndToEndTests.runBinary(
      ["remove-card", "--id", "card-1", "--backend-url", server.url, "--no-cache"])

    #expect(run.status == 1)
    #expect(run.output.contains("Our payment service doesn't offer this"))
    #expect(run.output.contains("It can't remove your card, and trying again"))
    #expect(await server.waitingForLine(containing: "← DELETE /cards/{id} 405"))
    #expect(server.lines.filter { $0.hasPrefix("→ DELETE") }.count == 1, "not retried")
  }

  @Test("over HTTP too, a way out is reached by the user's r, on either screen, not by a load")
  func wayOutOverHTTP() async throws {
    let server = try await ScenarioServer.started(scenario: "offline")
    defer { server.stop() }
    let terminal = try PseudoTerminal(["--backend-url", server.url])
    try #require(await terminal.waiting(for: "r try again"))
    var before = terminal.output.count

    terminal.send("w")

    try #require(await terminal.waiting(for: "Your wallet", after: before))
    try #require(await terminal.waiting(for: "r try again", after: before))
    #expect(!terminal.text.contains("Balance"), "nobody tried again: the world is the same")
    before = terminal.output.count
    terminal.send("r")
    try #require(await terminal.waiting(for: "Balance €125.50", after: before))
    before = terminal.output.count
    // Back on the first screen, which still showed the failure: it meets the world the
    // recovery led to, without a second r.
    terminal.send("w")
    #expect(await terminal.waiting(for: "Visa •••• 4242", after: before))
    terminal.send("q")
    #expect(await terminal.exiting() == 0)
  }

  /// A key pressed, and what the screen answers to it.
  typealias Press = (key: String, answered: String)

  /// The ways out `--list-scenarios` promises, walked as a person would: the key the screen
  /// offers, pressed on the screen that shows it, and what it leads to. Each press but the
  /// last waits for what it found (a check that finds the account still unverified says
  /// "Checked just now"): the screen redraws at once, before the press is answered.
  static let walks: [(scenario: String, offered: String, presses: [Press], shows: String)] =
    [
      ("cards-offline", "r try again", [], "Visa •••• 4242"),
      ("everything-fails", "r try again", [], "Balance €125.50"),
      ("offline", "r try again", [], "Balance €125.50"),
      ("rate-limited", "r try again", [], "Balance €125.50"),
      ("server-down", "r try again", [], "Balance €125.50"),
      ("refresh-offline", "r try again", [], "Balance €125.50"),
      ("session-expired", "Enter Sign in", [], "Balance €125.50"),
      (
        "user-not-verified", "Enter Check my status again", [("\r", "Checked just now")],
        "Balance €125.50"
      ),
    ]

  @Test("each way out, walked on the screen, in process and over HTTP", arguments: walks.indices)
  func wayOutWalks(walk: Int) async throws {
    let (scenario, offered, presses, shows) = Self.walks[walk]
    let lastKey = offered.hasPrefix("Enter") ? "\r" : "r"
    let server = try await ScenarioServer.started(scenario: scenario)
    defer { server.stop() }
    for arguments in [["--scenario", scenario], ["--backend-url", server.url]] {
      let terminal = try PseudoTerminal(arguments)
      try #require(await terminal.waiting(for: offered), "\(arguments)")
      #expect(!terminal.text.contains(shows), "\(arguments): no way out before the user acts")
      for (key, answered) in presses {
        let before = terminal.output.count
        terminal.send(key)
        try #require(await terminal.waiting(for: answered, after: before), "\(arguments)")
        try #require(await terminal.waiting(for: offered, after: before), "\(arguments)")
      }
      let before = terminal.output.count

      terminal.send(lastKey)

      #expect(await terminal.waiting(for: shows, after: before), "\(arguments)")
      terminal.send("q")
      #expect(await terminal.exiting() == 0, "\(arguments)")
    }
  }

  /// The changes to a row, walked as a person would, keys and what each leads to: each
  /// answer of the backend, in process and over HTTP alike. (Offline is a lost connection
  /// over HTTP, and worded so: both offer `r`.)
  static let rowWalks: [(scenario: String, presses: [(keys: String, shows: String)])] = [
    (
      "remove-card-ok",
      [
        // n keeps the card: the question goes, the footer offers x again.
        ("j", "x remove"), ("x", "Remove Visa"), ("n", "x remove"), ("x", "Remove Visa"),
        ("y", "Visa •••• 4242 removed."),
      ]
    ),
    (
      "remove-card-already-gone",
      [("j", "x remove"), ("x", "Remove Visa"), ("y", "Visa •••• 4242 removed.")]
    ),
    (
      "remove-card-last",
      [("x", "Remove Visa"), ("y", "Add another way to pay")]
    ),
    (
      "remove-card-offline-then-ok",
      [
        ("j", "x remove"), ("x", "Remove Visa"), ("y", "r try again"),
        ("r", "Visa •••• 4242 removed."),
      ]
    ),
    (
      "remove-card-token-expired",
      [("j", "x remove"), ("x", "Remove Visa"), ("y", "Visa •••• 4242 removed.")]
    ),
    (
      "remove-card-session-expired",
      [
        ("j", "x remove"), ("x", "Remove Visa"), ("y", "Please sign in again"),
        ("\r", "Visa •••• 4242"),
      ]
    ),
    (
      "set-default-ok",
      [("jj", "d make default"), ("d", "Mastercard •••• 5454 is now your default.")]
    ),
    ("set-default-gone", [("jj", "d make default"), ("d", "is no longer")]),
    (
      "update-card-ok",
      [
        ("jj", "e new expiry"), ("e", "New expiry for Mastercard"),
        ("0130\r", "Mastercard •••• 4444 now expires 01/30."),
      ]
    ),
    (
      "update-card-invalid",
      [
        ("jj", "e new expiry"), ("e", "New expiry for Mastercard"),
        ("0130\r", "This isn't the date your bank"), ("\u{1B}", "e new expiry"),
        // Opened again, the form shows what was typed and what the backend said.
        ("e", "This isn't the date your bank"), ("\u{1B}", "e new expiry"),
      ]
    ),
    (
      "update-card-declined",
      [
        ("jj", "e new expiry"), ("e", "New expiry for Mastercard"),
        ("0130\r", "Declined by your bank"), ("\u{1B}", "e new expiry"),
      ]
    ),
    (
      "update-card-timeout-then-ok",
      [
        ("jj", "e new expiry"), ("e", "New expiry for Mastercard"),
        ("0130\r", "Mastercard •••• 4444 now expires 01/30."),
      ]
    ),
    // The bank's approval (3-D Secure): the wait in the form's place, and how it ends.
    (
      "add-card-3ds-approved",
      newCard + [
        ("\r", "Approve this card in your banking app"),
        ("", "Mastercard •••• 4444 selected."),
      ]
    ),
    (
      "add-card-3ds-failed",
      newCard + [
        ("\r", "Waiting for your bank"), ("", "Your bank couldn't confirm this card"),
        ("\u{1B}", "a add a card"),
      ]
    ),
    (
      "add-card-3ds-timeout",
      newCard + [
        ("\r", "Waiting for your bank"), ("\u{1B}", "Enter save"), ("\u{1B}", "a add a card"),
      ]
    ),
    (
      "add-card-3ds-token-expired",
      newCard + [("\r", "Waiting for your bank"), ("", "Mastercard •••• 4444 selected.")]
    ),
  ]

  /// `a`, and a new card typed into the form.
  static let newCard: [(keys: String, shows: String)] = [
    ("a", "Esc back"), ("5555 5555 5555 4444\t09/29\t123\tAda Lovelace", "Ada Lovelace"),
  ]

  @Test(
    "each change to a row, walked on the screen, in process and over HTTP",
    arguments: rowWalks.indices)
  func rowWalk(walk: Int) async throws {
    let (scenario, presses) = Self.rowWalks[walk]
    let server = try await ScenarioServer.started(scenario: scenario)
    defer { server.stop() }
    for arguments in [["--scenario", scenario], ["--backend-url", server.url]] {
      let terminal = try PseudoTerminal(arguments)
      try #require(await terminal.waiting(for: "Enter select"), "\(arguments)")
      for (keys, shows) in presses {
        let before = terminal.output.count
        terminal.send(keys)
        try #require(await terminal.waiting(for: shows, after: before), "\(arguments): \(keys)")
      }
      terminal.send("q")
      #expect(await terminal.exiting() != nil, "\(arguments)")
    }
  }

  @Test("--no-cache over HTTP writes no file or folder at all, Foundation's URL cache's neither")
  func noCacheWritesNothing() async throws {
    let server = try await ScenarioServer.started(scenario: "all-available")
    defer { server.stop() }
    let home = try TemporaryFolder()

    let result = try await EndToEndTests.runBinary(
      ["--once", "--no-cache", "--backend-url", server.url], environment: ["HOME": home.path])

    #expect(result.status == 0)
    #expect(home.entries() == [])
  }

  @Test("the tokens from the environment are sent, and never printed, even with --verbose")
  func tokensFromTheEnvironment() async throws {
    let server = try await ScenarioServer.started(scenario: "token-expired")
    defer { server.stop() }
    let token = "env_access_token_71c3"

    let result = try await EndToEndTests.runBinary(
      ["--backend-url", server.url, "--verbose"],
      environment: ["PAYMENTS_ACCESS_TOKEN": token, "PAYMENTS_REFRESH_TOKEN": "env_refresh_2b"])

    #expect(result.status == 0)
    #expect(!result.output.contains(token) && !result.errors.contains(token))
    #expect(!result.errors.contains("env_refresh_2b"))
  }

  @Test("a server that is not there is 'Can't reach our payment service', exit 69, at once")
  func noServer() async throws {
    let started = ContinuousClock.now

    let result = try await EndToEndTests.runBinary([
      "--backend-url", "http://127.0.0.1:1", "--screen", "wallet", "--json",
    ])

    #expect(result.status == 69)
    #expect(result.output.contains("\"title\" : \"Can't reach our payment service\""))
    #expect(!result.errors.contains("Fatal error"))
    // Well inside the 3 s deadline: nothing waits for a connection that was refused.
    #expect(ContinuousClock.now - started < .seconds(3))
  }

  @Test("the runs docs/ERRORS.md shows against a backend URL nobody listens on end as it says")
  func deadBackendURLAsDocumented() async throws {
    let text = try document("docs/ERRORS.md")
    let runs = text.matches(of: /`payment-methods ([^`]*--backend-url [^`]*)`: exit (\d+)/)
    try #require(!runs.isEmpty, "docs/ERRORS.md shows no run against a backend URL")

    for run in runs {
      let arguments = run.output.1.split(separator: " ").map(String.init)
      let result = try await EndToEndTests.runBinary(arguments)

      #expect(result.status == Int32(run.output.2), "payment-methods \(run.output.1)")
      #expect(result.output.contains("Can't reach our payment service"))
    }
  }

  #if os(Linux)
    @Test("only payment-methods-http loads the HTTP stack; payment-methods starts without it")
    func httpStackLoadsOnlyWhereLinked() async throws {
      // The dynamic loader lists the libraries a program loads, and runs nothing.
      let trace = ["LD_TRACE_LOADED_OBJECTS": "1"]

      let plain = try await EndToEndTests.runBinary([], environment: trace)
      let http = try await EndToEndTests.runBinary(
        [], environment: trace, program: EndToEndTests.builtProgram("payment-methods-http"))

      #expect(plain.output.contains("libFoundation.so"))
      #expect(!plain.output.contains("libFoundationNetworking"))
      #expect(!plain.output.contains("libcurl"))
      #expect(http.output.contains("libFoundationNetworking"))
      #expect(http.output.contains("libcurl"))
    }
  #endif

  @Test("payment-methods without payment-methods-http beside it says how to build it, exit 69")
  func companionMissing() async throws {
    // Beside the build folder, on its file system: a hard link is the same file under a
    // second name. (A copy would be a file just written, which another test's process,
    // forked while it was open, could keep busy for writing: exec would fail.)
    let folder = EndToEndTests.binary.deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("alone-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(at: folder) }
    let alone = folder.appendingPathComponent("payment-methods")
    try FileManager.default.linkItem(at: EndToEndTests.binary, to: alone)

    let result = try await EndToEndTests.runBinary(
      ["--backend-url", "http://127.0.0.1:1"], program: alone)

    #expect(result.status == 69)
    #expect(result.output.isEmpty)
    #expect(result.errors.contains("payment-methods-http, which could not be started"))
    #expect(result.errors.contains("`swift build` builds it"))
  }

  @Test("a token in the environment that could break a header is refused with 78, unshown")
  func unusableToken() async throws {
    let result = try await EndToEndTests.runBinary(
      ["--backend-url", "http://127.0.0.1:1"],
      environment: ["PAYMENTS_ACCESS_TOKEN": "abc\r\nX-Injected: 1"])

    #expect(result.status == 78)
    #expect(result.errors.contains("PAYMENTS_ACCESS_TOKEN is not a usable token"))
    #expect(!result.errors.contains("X-Injected"))
    #expect(result.output.isEmpty)
  }

  @Test("--export-scenario prints a script with every endpoint of the wire contract")
  func export() async throws {
    let result = try await EndToEndTests.runBinary(["--export-scenario", "token-expired"])

    let script = try #require(
      try JSONSerialization.jsonObject(with: Foundation.Data(result.output.utf8)) as? [String: Any])
    let endpoints = try #require(script["endpoints"] as? [String: [[String: Any]]])
    #expect(result.status == 0)
    #expect(script["format"] as? Int == 1)
    #expect(Set(endpoints.keys) == Set(BackendEndpoint.allCases.map(\.rawValue)))
    #expect(endpoints["GET /wallet"]?.first?["status"] as? Int == 401)
    #expect(endpoints["GET /wallet"]?.last?["status"] as? Int == 200)
  }
}

/// A server that answers every request with a redirect to `/elsewhere`, and prints each
/// path it is asked for: the first line is its port.
private let redirectingServer = """
  import http.server, signal
  # Started by a test process that may block SIGTERM: unblock it, or nothing stops this.
  signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM})
  class H(http.server.BaseHTTPRequestHandler):
      def do_GET(self):
          print(self.path, flush=True)
          self.send_response(307)
          self.send_header("Location", "/elsewhere")
          self.send_header("Content-Length", "0")
          self.end_headers()
      def log_message(self, *args):
          pass
  server = http.server.HTTPServer(("127.0.0.1", 0), H)
  print(server.server_address[1], flush=True)
  server.serve_forever()
  """

extension OverHTTPTests {
  @Test("a redirect is not followed: the token never goes anywhere but the backend URL")
  func redirectRefused() async throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", redirectingServer]
    let output = Pipe.notInherited()
    process.standardOutput = output
    try process.run()
    let port = try await offThePool { try Self.line(of: output) }

    let result = try await EndToEndTests.runBinary([
      "--backend-url", "http://127.0.0.1:\(port)", "--screen", "wallet", "--json",
    ])
    process.terminate()
    let paths = await offThePool {
      process.waitUntilExit()
      return String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    #expect(result.status == 70, "a 307 is an answer the client has no mapping for")
    #expect(paths.contains("/wallet"))
    #expect(!paths.contains("/elsewhere"))
  }

  /// One line of a pipe, without its newline: waits until the other side has written it.
  static func line(of pipe: Pipe) throws -> String {
    var line = Foundation.Data()
    while let byte = try pipe.fileHandleForReading.read(upToCount: 1), let first = byte.first,
      first != UInt8(ascii: "\n")
    {
      line.append(first)
    }
    return String(decoding: line, as: UTF8.self)
  }
}
