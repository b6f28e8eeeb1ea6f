import Foundation
import Testing

@testable import CLI

/// The local copy and the journal hold what the screen shows and what a change needs to be
/// sent again: never a card's number, a security code typed, a token or a trace id. Every
/// built-in scenario's screens, `add-card` and the three changes run into one folder
/// (`--cache-dir`), and every file written there is searched.
@MainActor
@Suite("No secret is written to the device", .timeLimit(.minutes(2)))
struct LocalCopySecretsTests {
  /// A card on no list, so that every scenario plays its own answer to it, and a security
  /// code no file would hold by chance.
  static let number = "4000 0566 5566 5556"
  static let securityCode = "739"

  static let commands: [[String]] = [
    [], ["--screen", "wallet"],
    ["add-card", "--number", number, "--expiry", "08/29", "--cvc", securityCode, "--name", "Ada"],
    ["remove-card", "--id", "card-1"], ["set-default", "--id", "card-2"],
    ["update-card", "--id", "card-2", "--expiry", "01/30"],
  ]

  /// What no file may hold, found in `text`; nil when none is there.
  static func secret(in text: String, traceIDs: [String]) -> String? {
    if let digits = text.firstMatch(of: /\d{13,19}/) { return "a card number: \(digits.output)" }
    if text.contains(securityCode) { return "the security code" }
    if text.contains("sk_test") { return "a token" }
    if let id = traceIDs.first(where: text.contains) { return "the trace id \(id)" }
    if let hex = text.firstMatch(of: /[0-9a-f]{16}/) { return "a trace id: \(hex.output)" }
    return nil
  }

  @Test(
    "every file the runs of a scenario write holds no number, code, token or trace id",
    arguments: BuiltInScenariosNames.all)
  func noSecretOnDisk(scenario: String) async throws {
    let folder = try TemporaryFolder()
    var traceIDs: [String] = []
    for command in Self.commands {
      let run = await runCLI(command + ["--scenario", scenario, "--cache-dir", folder.path])
      // The tests' ids come from one counter: "submission-1" is an idempotency key, which
      // the journal keeps on purpose, and no trace id.
      traceIDs += run.traceIDs.filter { !$0.hasPrefix("submission-") }
    }

    if ["all-available", "remove-card-offline-then-ok"].contains(scenario) {
      #expect(!folder.files().isEmpty, "the runs wrote nothing to search")
    }
    for file in folder.files() {
      // Its name too: the local copy's names the person. A known session's is the SHA-256
      // of its refresh token, whose 64 hex digits only look like trace ids: it is checked
      // to be exactly that, and its bytes are searched.
      let name = file.lastPathComponent
      let isKnownSession = file.deletingLastPathComponent().lastPathComponent == "sessions"
      if isKnownSession {
        #expect(name.wholeMatch(of: /[0-9a-f]{64}\.json/) != nil, "\(name) is not a digest")
      }
      let text =
        (isKnownSession ? "" : name) + "\n"
        + String(decoding: try Data(contentsOf: file), as: UTF8.self)
      let found = Self.secret(in: text, traceIDs: traceIDs)
      #expect(found == nil, "\(file.lastPathComponent) holds \(found ?? "")")
    }
  }

  @Test("the search finds each secret it looks for")
  func searchFindsSecrets() {
    #expect(Self.secret(in: "4000056655665556", traceIDs: []) != nil)
    #expect(Self.secret(in: "\"cvc\":\"739\"", traceIDs: []) != nil)
    #expect(Self.secret(in: "sk_test_access_9f4c1e2b", traceIDs: []) != nil)
    #expect(Self.secret(in: "cards-3", traceIDs: ["cards-3"]) != nil)
    #expect(Self.secret(in: "ed94ac456ec94c32", traceIDs: []) != nil)
    #expect(Self.secret(in: #"{"lastFour":"4242","expiry":"08/28"}"#, traceIDs: []) == nil)
  }
}
