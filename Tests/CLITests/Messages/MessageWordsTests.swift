import Foundation
import Testing

@testable import CLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Every message speaks the user's words: a mistyped command or scenario value gets the
/// nearest valid one, and no platform error text (a domain, a code, Foundation's own
/// sentences) reaches a person.
@MainActor
@Suite("Messages: the nearest valid word, and no platform text", .timeLimit(.minutes(1)))
struct MessageWordsTests {
  /// What only the platform says: never on stderr.
  static let platformText = [
    "NSCocoaErrorDomain", "error 512", "could not be completed", "doesn’t exist",
    "doesn't exist",
  ]

  @Test(
    "a mistyped command gets the nearest one, as a mistyped flag does",
    arguments: [
      ("remove-cards", "remove-card"), ("setdefault", "set-default"), ("help", "--help"),
      ("updatecard", "update-card"),
    ])
  func mistypedCommand(typed: String, meant: String) async {
    let run = await runCLI([typed])

    #expect(run.exitCode == .usage)
    #expect(
      run.errors.hasPrefix(
        "payment-methods: unexpected argument \"\(typed)\"; did you mean \(meant)?\n"),
      "\(run.errors)")
  }

  @Test("a command given after a flag says that a command comes first")
  func commandNotFirst() async {
    let run = await runCLI(["--once", "remove-card"])

    #expect(run.exitCode == .usage)
    #expect(run.errors.contains("a command comes first, payment-methods remove-card …"))
  }

  @Test(
    "a mistyped scenario-file value gets the nearest valid one",
    arguments: [
      (#"{"cards": {"outcome": "offlne"}}"#, "cards.outcome", "offline"),
      (#"{"cards": {"responses": [{"transport": "timeout"}]}}"#, "transport", "timedOut"),
      (#"{"userStatus": "veriffied"}"#, "userStatus", "verified"),
    ])
  func mistypedScenarioValue(file: String, key: String, meant: String) async {
    let run = await runCLI(["--scenario-file", "-"], standardInput: Array(file.utf8))

    #expect(run.exitCode == .dataError)
    #expect(run.errors.contains(key))
    #expect(run.errors.contains("(did you mean \"\(meant)\"?)\n"), "\(run.errors)")
  }

  @Test(
    "a failed file or output is said in the app's words, never the C library's sentence",
    arguments: [ENOENT, EACCES, EPERM, ENOTDIR, EISDIR, ENOSPC, EROFS, EBADF, EIO, EMFILE, 9999])
  func systemErrorInOwnWords(code: Int32) {
    let said = DescriptorOutput.describe(code)

    #expect(said != String(cString: strerror(code)))
    #expect(!said.contains { $0.isNumber })
    #expect(said.first?.isLowercase == true)
  }

  @Test("a --cache-dir under a file says so in the app's words, and what to do instead")
  func cacheDirUnderAFile() async throws {
    let folder = try TemporaryFolder()
    let file = folder.url.appendingPathComponent("a-file")
    try Foundation.Data("kept".utf8).write(to: file)

    let run = await runCLI(
      ["--scenario", "all-available", "--cache-dir", file.path + "/cache"])

    #expect(run.exitCode == .success)
    #expect(run.errors.contains("(it cannot be made: \(file.path) is a file, not a folder)"))
    #expect(run.errors.contains("Give --cache-dir a folder you can write to, or --no-cache"))
    for text in Self.platformText {
      #expect(!run.errors.contains(text), "\(run.errors)")
    }
  }

  @Test(
    "a --cache-dir the system makes no folder in says so in the app's words",
    .enabled(if: FileManager.default.fileExists(atPath: "/proc/self"), "needs Linux's /proc"))
  func cacheDirTheSystemRefuses() async {
    let run = await runCLI(
      ["--scenario", "all-available", "--cache-dir", "/proc/self/payment-methods/x"])

    #expect(run.exitCode == .success)
    #expect(run.errors.contains("(it cannot be made: /proc/self is a folder you may not write to)"))
    for text in Self.platformText {
      #expect(!run.errors.contains(text), "\(run.errors)")
    }
  }
}
