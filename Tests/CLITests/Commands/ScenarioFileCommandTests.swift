import DemoBackend
import Foundation
import Testing

@testable import CLI

@MainActor
@Suite("Command line: scenario files", .timeLimit(.minutes(1)))
struct ScenarioFileCommandTests {
  /// Runs the command on a scenario file holding `contents`, removed afterwards.
  private func runWithFile(_ contents: String) async throws -> (path: String, run: CLIRun) {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("scenario-\(UUID().uuidString).json")
    try Foundation.Data(contents.utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    return (url.path, await runCLI(["--scenario-file", url.path]))
  }

  @Test("the example file runs and shows what it describes")
  func example() async {
    let path = packageRoot.appendingPathComponent("Examples/wallet-in-review-slow-cards.json").path

    let run = await runCLI(["--scenario-file", path, "--json"])

    #expect(run.exitCode == .success)
    #expect(run.output.contains("Amex •••• 0005"))
    #expect(!run.output.contains("\"wallet\""))
  }

  @Test("a file that is not JSON exits 65 and says so")
  func notJSON() async throws {
    let (path, run) = try await runWithFile("{ wallet: ")

    #expect(run.exitCode == .dataError)
    #expect(run.errors.contains("bad scenario file \(path): the file is not valid JSON"))
  }

  @Test("a bad value exits 65 and names the key and why")
  func badValue() async throws {
    let (_, run) = try await runWithFile(
      #"{"cards": {"outcome": "ok", "cards": [{"brand": "Visa", "last4": "4242", "#
        + #""expiry": "2028-08", "status": "active"}]}}"#
    )

    #expect(run.exitCode == .dataError)
    #expect(run.errors.contains("cards.cards[0].expiry: must be MM/YY"))
    #expect(run.output.isEmpty)
  }

  @Test("a file that does not exist exits 66 and says why")
  func missingFile() async {
    let run = await runCLI(["--scenario-file", "/no/such/scenario.json"])

    #expect(run.exitCode == .unreadableScenarioFile)
    #expect(run.errors.contains("cannot read scenario file /no/such/scenario.json"))
  }

  @Test("a folder instead of a file exits 66 and says so in plain words")
  func folder() async {
    let path = FileManager.default.temporaryDirectory.path
    let run = await runCLI(["--scenario-file", path])

    #expect(run.exitCode == .unreadableScenarioFile)
    #expect(
      run.errors
        == "payment-methods: cannot read scenario file \(path): it is a folder, not a file\n")
  }

  @Test("a path through a file exits 66, said in the app's words")
  func notADirectory() async {
    let path = packageRoot.appendingPathComponent("Package.swift").path
    let run = await runCLI(["--scenario-file", path + "/inside.json"])

    #expect(run.exitCode == .unreadableScenarioFile)
    #expect(run.errors.hasSuffix(": a part of its path is a file, not a folder\n"))
  }

  @Test("an empty file exits 65 and says what it must hold")
  func emptyFile() async throws {
    let (path, run) = try await runWithFile("")

    #expect(run.exitCode == .dataError)
    #expect(
      run.errors
        == "payment-methods: scenario file \(path) is empty; it must hold a JSON object, "
        + "such as {}\n"
    )
  }

  @Test("/dev/null is an empty file, not a permission problem")
  func devNull() async {
    let run = await runCLI(["--scenario-file", "/dev/null"])

    #expect(run.exitCode == .dataError)
    #expect(run.errors.contains("is empty"))
  }

  @Test("a file over 1 MiB is refused with the limit, before it is parsed")
  func tooLarge() async {
    // Not JSON at all: a parse would fail differently, so the message proves none ran.
    let run = await runCLI(
      ["--scenario-file", "-"],
      standardInput: [UInt8](repeating: UInt8(ascii: "x"), count: (1 << 20) + 1))

    #expect(run.exitCode == .dataError)
    #expect(
      run.errors
        == "payment-methods: the scenario on standard input is larger than 1 MiB (1048576 bytes), "
        + "the most a scenario file may hold\n")
  }

  @Test("a file of exactly 1 MiB is read")
  func exactlyTheLimit() async {
    let object = Array("{}".utf8)
    let padding = [UInt8](repeating: UInt8(ascii: " "), count: (1 << 20) - object.count)
    let run = await runCLI(["--scenario-file", "-", "--json"], standardInput: object + padding)

    #expect(run.exitCode == .success)
  }

  @Test("- reads the scenario from standard input")
  func standardInput() async {
    let run = await runCLI(
      ["--scenario-file", "-", "--json"],
      standardInput: Array(
        #"{"wallet": {"outcome": "banned"}, "applePay": {"outcome": "notAvailable"}}"#.utf8))

    #expect(run.exitCode == .success)
    #expect(!run.output.contains("\"wallet\""))
    #expect(!run.output.contains("\"applePay\""))
    #expect(run.output.contains("\"card\""))
  }

  @Test("a bad scenario on standard input is named as such, exit 65")
  func badStandardInput() async {
    let run = await runCLI(["--scenario-file", "-"], standardInput: Array("[1]".utf8))

    #expect(run.exitCode == .dataError)
    #expect(run.errors.hasPrefix("payment-methods: bad scenario on standard input: "))
  }

  @Test("a file that cannot be opened is reported in the app's words, exit 66")
  func permissionDenied() throws {
    let reader = ScenarioReader(readStandardInput: { _ in .failure(.failed(errno: EACCES)) })

    let result = ScenarioLoader.load(.file("-"), reader: reader)

    #expect(
      result
        == .failure(
          ScenarioLoader.Failure(
            message: "cannot read the scenario on standard input: you do not have permission",
            exitCode: .unreadableScenarioFile)))
  }
}
