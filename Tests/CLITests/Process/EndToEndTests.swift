import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The built binary, run as a user runs it. These use the real clock, so they stick to
/// scenarios that end in a few hundred milliseconds, and to bad input, which ends at once.
@Suite("End to end: the payment-methods binary", .serialized, .timeLimit(.minutes(1)))
struct EndToEndTests {
  struct Result {
    let status: Int32
    let output: String
    let errors: String
  }

  private func run(
    _ arguments: [String], environment: [String: String] = [:], input: [UInt8]? = nil
  ) async throws -> Result {
    try await Self.runBinary(arguments, environment: environment, input: input)
  }

  /// The built `payment-methods` binary.
  static var binary: URL { builtProgram("payment-methods") }

  /// A program built beside the tests.
  static func builtProgram(_ name: String) -> URL {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent(name)
  }

  /// Runs the binary (or another program) to its end, with exactly the environment given.
  /// Copies a program so that no descriptor open for writing it can outlive the copy: a
  /// hard link where the file system allows one, else a copy written through a
  /// close-on-exec descriptor. (A plain copy's write descriptor is inherited by any child
  /// another test spawns meanwhile, and while that child holds it, running the copy fails
  /// with "Text file busy".)
  static func copyWithoutOpenDescriptor(_ program: URL, to copy: URL) throws {
    if (try? FileManager.default.linkItem(at: program, to: copy)) != nil { return }
    let bytes = try Data(contentsOf: program)
    let descriptor = open(copy.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
    try #require(descriptor >= 0, "cannot create \(copy.path)")
    defer { close(descriptor) }
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes {
        write(descriptor, $0.baseAddress.map { $0 + offset }, $0.count - offset)
      }
      try #require(written > 0, "cannot write \(copy.path)")
      offset += written
    }
  }

  /// Runs `program` to its end, on a thread of its own (`offThePool`): reading its output
  /// to the end blocks while it runs.
  static func runBinary(
    _ arguments: [String], environment: [String: String] = [:], input: [UInt8]? = nil,
    program: URL = binary
  ) async throws -> Result {
    try #require(
      FileManager.default.isExecutableFile(atPath: program.path),
      "build the binary first: swift build")
    return try await offThePool {
      try ranToItsEnd(arguments, environment: environment, input: input, program: program)
    }
  }

  private static func ranToItsEnd(
    _ arguments: [String], environment: [String: String], input: [UInt8]?, program: URL
  ) throws -> Result {
    let process = Process()
    process.executableURL = program
    process.arguments = arguments
    process.environment = environment
    let output = Pipe.notInherited()
    let errors = Pipe.notInherited()
    process.standardOutput = output
    process.standardError = errors
    let inputPipe = Pipe.notInherited()
    if input != nil { process.standardInput = inputPipe }
    try process.run()
    if let input {
      try inputPipe.fileHandleForWriting.write(contentsOf: input)
      try inputPipe.fileHandleForWriting.close()
    }
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus,
      output: String(decoding: outputData, as: UTF8.self),
      errors: String(decoding: errorData, as: UTF8.self))
  }

  @Test("with no flags it draws the all-available screen and exits 0")
  func defaultRun() async throws {
    let result = try await run([])

    #expect(result.status == 0)
    #expect(result.output.contains("Choose how to pay"))
    #expect(result.output.contains("Apple Pay"))
    #expect(!result.output.contains("\u{1B}"), "a pipe is not a terminal: no colour")
  }

  @Test("an offline error prints JSON and exits 75, worth trying again")
  func errorState() async throws {
    let result = try await run(["--scenario", "offline", "--json"])

    #expect(result.status == 75)
    let json = try JSONSerialization.jsonObject(with: Foundation.Data(result.output.utf8))
    #expect((json as? [String: Any])?["status"] as? String == "error")
  }

  @Test("an expired token is refreshed behind the screen's back, and never printed")
  func tokenRefresh() async throws {
    let result = try await run(["--scenario", "token-expired", "--verbose"])

    #expect(result.status == 0)
    #expect(result.errors.contains("access token expired; repeating"))
    #expect(!(result.output + result.errors).contains("sk_test_"))
  }

  @Test("a backend that rotates the refresh token: two expiries, both refreshed, no sign-in")
  func rotatedRefreshToken() async throws {
    // The cards are asked again a second after the wallet's refresh: real time orders them.
    let result = try await run(["--scenario", "token-rotated", "--verbose"])
    let rotations = result.errors.split(separator: "\n").filter {
      $0.contains("refreshed the session; the backend rotated its refresh token")
    }

    #expect(result.status == 0)
    #expect(rotations.count == 2, "stderr was:\n\(result.errors)")
    #expect(result.output.contains("Visa •••• 4242"))
    #expect(!(result.output + result.errors).contains("sk_test_"))
  }

  @Test("LANG=de_DE.UTF-8 shows the screen in German, with the same exit code")
  func german() async throws {
    let result = try await run(
      ["--once", "--scenario", "offline"], environment: ["LANG": "de_DE.UTF-8"])

    #expect(result.status == 75)
    #expect(result.output.contains("Du bist offline"))
    #expect(result.output.contains("Wähle, wie du bezahlst"))
  }

  @Test("a damaged local copy kept in a --cache-dir is warned about once, at the load")
  func damagedLocalCopyWarnedOnce() async throws {
    let folder = try TemporaryFolder()
    let result = try await run([
      "--once", "--scenario", "saved-list-corrupt", "--verbose", "--cache-dir", folder.path,
    ])
    let warnings = result.errors.split(separator: "\n").filter {
      $0.contains("[warning]") && $0.contains("local copy cannot be read")
    }

    #expect(result.status == 0)
    #expect(warnings.count == 1)
  }

  @Test("a copy of the binary without its resource folders still runs, in English")
  func withoutResources() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("payment-methods-alone-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let copy = folder.appendingPathComponent("payment-methods")
    try Self.copyWithoutOpenDescriptor(Self.binary, to: copy)

    let result = try await Self.runBinary(
      ["--scenario", "cards-offline"], environment: ["LANG": "de_DE.UTF-8"], program: copy)

    #expect(result.status == 0)
    #expect(result.output.contains("Choose how to pay"))
    #expect(result.output.contains("We couldn't load your cards without a"))
    #expect(result.errors == "")
  }

  @Test("FORCE_COLOR colours a pipe and NO_COLOR wins over it")
  func colourEnvironment() async throws {
    #expect(try await run([], environment: ["FORCE_COLOR": "1"]).output.contains("\u{1B}["))
    #expect(
      !(try await run([], environment: ["FORCE_COLOR": "1", "NO_COLOR": "1"]).output.contains(
        "\u{1B}")))
  }

  @Test(
    "bad input exits with its documented code and a message, never a crash",
    arguments: [
      (["--bogus"], Int32(64), "unknown option --bogus"),
      (["--scenario", "nope"], 64, "unknown scenario \"nope\""),
      (["--scenario-file", "/no/such.json"], 66, "cannot read scenario file"),
      (["--scenario-file", "Package.swift"], 65, "is not valid JSON"),
      (["--scenario-file="], 64, "--scenario-file needs a value"),
      (["--scenario-file", "/"], 66, "it is a folder, not a file"),
      (["--scenario-file", "/dev/null"], 65, "is empty"),
      (["--scenario-file", "/dev/zero"], 65, "larger than 1 MiB"),
      (["--scenaro", "offline"], 64, "did you mean --scenario?"),
      (["--backend-url", "ftp://127.0.0.1"], 64, "needs an http or https URL"),
      (["--backend-url", "not a url"], 64, "needs an http or https URL"),
      (["--backend-url", "http://"], 64, "needs an http or https URL"),
      (["--backend-url", "http://127.0.0.1:8080/?debug=1"], 64, "needs an http or https URL"),
      (["--backend-url", "http://127.0.0.1:65536"], 64, "needs an http or https URL"),
      (["--backend-url", "http://127.0.0.1:0"], 64, "needs an http or https URL"),
      (["--backend-url", "http://127.0.0.1:1", "--scenario", "offline"], 64, "plays its own"),
      (["--apple-pay", "available"], 64, "--apple-pay goes with --backend-url"),
      (["--backend-url", "http://127.0.0.1:1", "--apple-pay", "maybe"], 64, "unknown --apple-pay"),
      (["--export-scenario", "nope"], 64, "unknown scenario \"nope\""),
      (["--export-scenario", "offline", "--json"], 64, "cannot be combined with --json"),
    ])
  func badInput(arguments: [String], status: Int32, message: String) async throws {
    let result = try await run(arguments)

    #expect(result.status == status)
    #expect(result.errors.contains(message))
    #expect(!result.errors.contains("Fatal error"))
    #expect(result.output.isEmpty)
  }

  @Test("--version prints the version")
  func version() async throws {
    let result = try await run(["--version"])

    #expect(result.status == 0)
    #expect(result.output == "payment-methods 1.0.0\n")
  }

  @Test("--scenario-file - reads the scenario from standard input")
  func standardInput() async throws {
    let result = try await run(
      ["--scenario-file", "-", "--json"], input: Array(#"{"wallet": {"outcome": "offline"}}"#.utf8))

    #expect(result.status == 0)
    #expect(!result.output.contains("\"kind\" : \"wallet\""))
    #expect(result.output.contains("\"source\" : \"wallet\""))
  }

  @Test("reading and parsing a 1 MiB file does not count against a source's deadline")
  func largeFileKeepsTheDeadline() async throws {
    let card = #"{"brand": "Visa", "last4": "4242", "expiry": "08/28", "status": "active"}"#
    let object = #"{"cards": {"outcome": "ok", "latencyMs": 50, "cards": ["# + card + "]}}"
    let json = object + String(repeating: " ", count: (1 << 20) - object.utf8.count)

    let result = try await run(
      ["--scenario-file", "-", "--json", "--deadline-ms", "100"], input: Array(json.utf8))

    #expect(result.status == 0)
    #expect(result.output.contains("Visa •••• 4242"), "the cards answered within 100 ms")
  }

  @Test(
    "SIGINT and SIGTERM during a load cancel it and exit 130 or 143 at once, showing nothing",
    .timeLimit(.minutes(1)),
    arguments: [(Int32(SIGINT), Int32(130)), (Int32(SIGTERM), Int32(143))] as [(Int32, Int32)])
  func signals(signal: Int32, status: Int32) async throws {
    // The cards wait a whole second for Retry-After; the signal comes during that wait.
    let live = try LiveProcess(["--scenario", "rate-limited-retry-after", "--verbose"])
    try #require(
      await live.waitingForError(containing: "retrying GET /cards in 1000 ms", seconds: 10))

    kill(live.process.processIdentifier, signal)
    try #require(await live.exiting(seconds: 10))

    #expect(live.process.terminationReason == .exit)
    #expect(live.process.terminationStatus == status)
    // "At once": the wait was cancelled, so the retry it held back was never sent. (Not a
    // time taken: when the process's end is seen depends on how busy the test run is.)
    let sentCards = live.errors.split(separator: "\n").filter { $0.contains("→ GET /cards") }
    #expect(sentCards.count == 1, "the retry after the 1000 ms wait was sent")
    #expect(live.output.fileHandleForReading.readDataToEndOfFile().isEmpty)
    #expect(linesAboveDebug(live.errors).count == 1, "nothing logged as a failure")
  }

  @Test(
    "Ctrl-C while add-card waits for the bank cancels the setup on the backend, then exits 130",
    .timeLimit(.minutes(1)))
  func interruptedApproval() async throws {
    let live = try LiveProcess([
      "add-card", "--scenario", "add-card-3ds-timeout", "--verbose", "--number",
      "5555 5555 5555 4444", "--expiry", "08/29", "--cvc", "123", "--name", "Ada Lovelace",
    ])
    try #require(
      await live.waitingForError(containing: "← GET /cards/setups/{id} 200", seconds: 10))

    kill(live.process.processIdentifier, SIGINT)
    try #require(await live.exiting(seconds: 10))

    #expect(live.process.terminationReason == .exit)
    #expect(live.process.terminationStatus == 130)
    #expect(live.errors.contains("← POST /cards/setups/{id}/cancel 200"))
    #expect(live.output.fileHandleForReading.readDataToEndOfFile().isEmpty)
  }

  @Test("a reader that goes away (a broken pipe) ends the run quietly with 141")
  func brokenPipe() async throws {
    let live = try LiveProcess([])
    // Closed before the screen (after the sources' 140 ms) is written.
    try live.output.fileHandleForReading.close()
    try #require(await live.exiting(seconds: 10))

    #expect(live.process.terminationReason == .exit)
    #expect(live.process.terminationStatus == 141)
    #expect(live.errors.isEmpty)
  }

  @Test("a full disk ends the run with one line on stderr and 74")
  func fullDisk() async throws {
    let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
    let live = try LiveProcess([], standardOutput: full)
    try #require(await live.exiting(seconds: 10))

    #expect(live.process.terminationStatus == 74)
    #expect(
      live.errors == "payment-methods: cannot write the output: the disk is full\n")
  }

  @Test("a closed stdout ends the run with one line on stderr and 74")
  func closedOutput() async throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "exec \"$0\" >&-", LiveProcess.binary.path]
    let errors = Pipe.notInherited()
    process.standardError = errors
    try process.run()
    let text = await offThePool {
      let read = errors.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      return String(decoding: read, as: UTF8.self)
    }

    #expect(process.terminationStatus == 74)
    #expect(text == "payment-methods: cannot write the output: it is closed\n")
  }
}
