import Foundation
import Testing

@testable import CLI

/// `--cache-dir`, `--no-cache` and `--saved-list` on the command line: what each takes,
/// where, and the message when it cannot be used.
@MainActor
@Suite("Flags of the local copy: --cache-dir, --no-cache, --saved-list", .timeLimit(.minutes(1)))
struct LocalCopyFlagsTests {
  nonisolated private static let server = ["--backend-url", "http://127.0.0.1:1"]

  nonisolated static let refused: [([String], String)] = [
    (["--cache-dir"], "--cache-dir needs a value"),
    (["--cache-dir", "--json"], "--cache-dir needs a value"),
    (["--cache-dir="], "--cache-dir needs a value, not an empty one"),
    (["--no-cache=yes"], "--no-cache takes no value"),
    (["--no-cache", "--no-cache"], "--no-cache is given twice; give it once"),
    (["--no-cache", "--cache-dir", "/tmp/x"], "use either --cache-dir or --no-cache, not both"),
    (
      ["remove-card", "--id", "card-1", "--cache-dir=/tmp/x", "--no-cache"],
      "use either --cache-dir or --no-cache, not both"
    ),
    (["--saved-list", #""damaged""#], "--saved-list goes with --backend-url"),
    (["--scenario", "offline", "--saved-list", #""damaged""#], "--saved-list goes with"),
    (server + ["--saved-list"], "--saved-list needs a value"),
    (server + ["--saved-list", "{"], "--saved-list needs the JSON of a scenario file's \"saved\""),
    (server + ["--saved-list", #"{"age": "2 hours"}"#], "age: must be a whole number and a unit"),
    (server + ["--saved-list", #"{"agee": "2h"}"#], "agee: is an unknown key"),
    (server + ["--saved-list", #""broken""#], #"must be "damaged" or an object with "age""#),
    (["--list-scenarios", "--no-cache"], "--list-scenarios cannot be combined with --no-cache"),
    (["--export-scenario", "offline", "--cache-dir", "/tmp/x"], "cannot be combined with"),
    (["--cache-dri", "/tmp/x"], "did you mean --cache-dir?"),
  ]

  @Test("a flag it cannot use is a usage error (64) that says what to change", arguments: refused)
  func refusedFlags(arguments: [String], message: String) async {
    let run = await runCLI(arguments)

    #expect(run.exitCode == .usage)
    #expect(run.output.isEmpty)
    #expect(run.errors.contains(message), "\(run.errors)")
  }

  @Test(
    "every command that runs the app takes --cache-dir and --no-cache",
    arguments: [
      [String](), ["add-card", "--number", "1", "--expiry", "1", "--cvc", "1", "--name", "A"],
      ["remove-card", "--id", "card-1"], ["set-default", "--wallet"],
      ["update-card", "--id", "card-1", "--expiry", "01/30"],
    ])
  func everyCommand(command: [String]) throws {
    let withFolder = try Command.parse(command + ["--cache-dir=/tmp/pm"])
    let withNothing = try Command.parse(command + ["--no-cache"])

    let options = [withFolder, withNothing].compactMap { parsed -> CommandLineOptions? in
      switch parsed {
      case .show(let options), .addCard(let options, _), .changeCard(let options, _): options
      default: nil
      }
    }
    #expect(options.map(\.cacheDirectory) == ["/tmp/pm", nil])
    #expect(options.map(\.noCache) == [false, true])
  }

  @Test("--saved-list is read into the server's seed, the scenario file's way")
  func localCopyParsed() throws {
    guard
      case .show(let options) = try Command.parse(Self.server + ["--saved-list", #""damaged""#])
    else {
      Issue.record("not a screen's command line")
      return
    }
    #expect(options.server?.localCopy == .damaged)
  }

  @Test("--help lists the new flags")
  func usage() async {
    let run = await runCLI(["--help"])

    for flag in ["--cache-dir DIR", "--no-cache", "--saved-list JSON"] {
      #expect(run.output.contains(flag), "usage lacks \(flag)")
    }
  }
}
