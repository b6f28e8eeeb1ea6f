import Foundation
import Testing

/// The built binary, run as a user runs it. These use the real clock, so they stick to
/// scenarios that end in a few hundred milliseconds, and to bad input, which ends at once.
@Suite("End to end: the payment-methods binary", .serialized)
struct EndToEndTests {
  struct Result {
    let status: Int32
    let output: String
    let errors: String
  }

  private func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Result {
    let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("payment-methods")
    try #require(
      FileManager.default.isExecutableFile(atPath: binary.path),
      "build the binary first: swift build")
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.environment = environment
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus,
      output: String(decoding: outputData, as: UTF8.self),
      errors: String(decoding: errorData, as: UTF8.self))
  }

  @Test("with no flags it draws the all-available screen and exits 0")
  func defaultRun() throws {
    let result = try run([])

    #expect(result.status == 0)
    #expect(result.output.contains("Choose how to pay"))
    #expect(result.output.contains("Apple Pay"))
    #expect(!result.output.contains("\u{1B}"), "a pipe is not a terminal: no colour")
  }

  @Test("an offline error prints JSON and exits 75, worth trying again")
  func errorState() throws {
    let result = try run(["--scenario", "offline", "--json"])

    #expect(result.status == 75)
    let json = try JSONSerialization.jsonObject(with: Foundation.Data(result.output.utf8))
    #expect((json as? [String: Any])?["status"] as? String == "error")
  }

  @Test("an expired token is refreshed behind the screen's back, and never printed")
  func tokenRefresh() throws {
    let result = try run(["--scenario", "token-expired", "--verbose"])

    #expect(result.status == 0)
    #expect(result.errors.contains("access token expired; repeating"))
    #expect(!(result.output + result.errors).contains("sk_test_"))
  }

  @Test("FORCE_COLOR colours a pipe and NO_COLOR wins over it")
  func colourEnvironment() throws {
    #expect(try run([], environment: ["FORCE_COLOR": "1"]).output.contains("\u{1B}["))
    #expect(
      !(try run([], environment: ["FORCE_COLOR": "1", "NO_COLOR": "1"]).output.contains("\u{1B}")))
  }

  @Test(
    "bad input exits with its documented code and a message, never a crash",
    arguments: [
      (["--bogus"], Int32(64), "unknown option --bogus"),
      (["--scenario", "nope"], 64, "unknown scenario \"nope\""),
      (["--scenario-file", "/no/such.json"], 66, "cannot read scenario file"),
      (["--scenario-file", "Package.swift"], 65, "is not valid JSON"),
    ])
  func badInput(arguments: [String], status: Int32, message: String) throws {
    let result = try run(arguments)

    #expect(result.status == status)
    #expect(result.errors.contains(message))
    #expect(!result.errors.contains("Fatal error"))
    #expect(result.output.isEmpty)
  }
}
