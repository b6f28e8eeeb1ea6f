import DataLayer
import Foundation
import Testing

@testable import CLI

/// The JSON a run printed, as objects.
@MainActor
func printedJSON(_ run: CLIRun) throws -> [String: Any] {
  try #require(
    JSONSerialization.jsonObject(with: Foundation.Data(run.output.utf8)) as? [String: Any],
    "not one JSON object: \(run.output)")
}

/// The rows and the sources' notices of a screen's JSON.
@MainActor
func rowsAndNotices(_ run: CLIRun) throws -> (rows: [[String: Any]], notices: [[String: Any]]) {
  let json = try printedJSON(run)
  return (
    try #require(json["methods"] as? [[String: Any]]),
    try #require(json["notices"] as? [[String: Any]])
  )
}

/// The built-in scenarios of the local copy, each as docs/SCENARIOS.md says it plays. The
/// tests' clock says 2027-01-15 08:00:00 UTC, so a list of 2 hours ago is from 06:00.
@MainActor
@Suite("Local copy scenarios: what an earlier run left on the device", .timeLimit(.minutes(1)))
struct LocalCopyScenarioTests {
  @Test("cards-offline-local copies the saved cards, marked, beside a notice as of 2 hours ago")
  func cardsOfflineSaved() async throws {
    let run = await runCLI(["--scenario", "cards-offline-saved", "--json"])
    let (rows, notices) = try rowsAndNotices(run)

    #expect(run.exitCode == .success)
    #expect(rows.map { $0["id"] as? String } == ["wallet", "card-1", "card-2", "apple-pay"])
    #expect(rows.map { $0["fromCache"] as? Bool } == [false, true, true, false])
    #expect(notices.count == 1)
    #expect(notices.first?["source"] as? String == "cards")
    #expect(notices.first?["asOf"] as? String == "2027-01-15T06:00:00Z")
    // The time of day as the locale writes it: "6:00 AM", with whichever space ICU puts there.
    #expect(
      (notices.first?["title"] as? String)?.hasPrefix("You're offline · your cards as of 6:00")
        == true)
    #expect(
      notices.first?["message"] as? String
        == "We couldn't load your cards without a connection. What you see was saved 2 hours ago."
    )
  }

  @Test("everything-offline-local copies the saved wallet and cards, each beside its notice")
  func everythingOfflineSaved() async throws {
    let run = await runCLI(["--scenario", "everything-offline-saved", "--json"])
    let (rows, notices) = try rowsAndNotices(run)

    #expect(run.exitCode == .success)
    #expect(rows.map { $0["id"] as? String } == ["wallet", "card-1", "card-2"])
    #expect(rows.allSatisfy { $0["fromCache"] as? Bool == true })
    #expect(notices.map { $0["source"] as? String } == ["wallet", "cards"])
    #expect(notices.allSatisfy { $0["asOf"] as? String == "2027-01-15T07:15:00Z" })
  }

  @Test(
    "offline-saved-expired shows exactly what offline shows, and ends as it does",
    arguments: [["--json"], ["--accessible"], []])
  func offlineSavedExpired(mode: [String]) async {
    let expired = await runCLI(["--scenario", "offline-saved-expired"] + mode)
    let offline = await runCLI(["--scenario", "offline"] + mode)

    #expect(expired.exitCode == .temporaryFailure)
    #expect(expired.exitCode == offline.exitCode)
    #expect(expired.output == offline.output)
  }

  @Test("session-expired-clears-saved deletes the local copy: the store is empty after the run")
  func sessionExpiredClearsSaved() async throws {
    let folder = try TemporaryFolder()
    let run = await runCLI([
      "--scenario", "session-expired-clears-saved", "--cache-dir", folder.path, "--json",
      "--verbose",
    ])
    let store = FileLocalCopyStore(directory: folder.url)

    #expect(run.exitCode == .journey)
    #expect((try printedJSON(run)["action"] as? [String: Any])?["kind"] as? String == "signIn")
    #expect(run.errors.contains("the seeded local copy is on the device"))
    #expect(run.errors.contains("deleted the local copy"))
    #expect(try await store.load(person: "demo") == nil)
    #expect(folder.files().isEmpty)
  }

  @Test("saved-list-corrupt shows cards-offline's screen, and one warning about the list")
  func localCopyCorrupt() async {
    let corrupt = await runCLI(["--scenario", "saved-list-corrupt", "--verbose"])
    let offline = await runCLI(["--scenario", "cards-offline"])
    let warnings = corrupt.errors.split(separator: "\n").filter {
      $0.contains("[warning]") && $0.contains("local copy")
    }

    #expect(corrupt.exitCode == .success)
    #expect(corrupt.output == offline.output)
    #expect(warnings.count == 1)
    #expect(warnings.first?.contains("the local copy cannot be read and counts as missing") == true)
  }

  @Test(
    "a --cache-dir that cannot be made leaves the screen and its exit code alone, and says so",
    .enabled(if: FileManager.default.fileExists(atPath: "/proc/self"), "needs Linux's /proc"))
  func unwritableCacheDirectory() async {
    // Nobody, not even root, makes a folder inside /proc/self.
    let unwritable = await runCLI(
      ["--scenario", "all-available", "--cache-dir", "/proc/self/payment-methods"])
    let plain = await runCLI(["--scenario", "all-available"])

    #expect(unwritable.exitCode == plain.exitCode)
    #expect(unwritable.output == plain.output)
    #expect(
      unwritable.errors.hasPrefix(
        "payment-methods: --cache-dir /proc/self/payment-methods cannot be used (it cannot be "
          + "made: "))
    #expect(unwritable.errors.split(separator: "\n").count == 1)
  }

  @Test("a damaged local copy in --cache-dir is replaced whole by the next load that answers")
  func damagedListReplaced() async throws {
    let folder = try TemporaryFolder()
    let run = await runCLI(["--scenario", "saved-list-corrupt", "--cache-dir", folder.path])
    let kept = try await FileLocalCopyStore(directory: folder.url).load(person: "demo")

    #expect(run.exitCode == .success)
    #expect(kept?.wallet?.value?.balance == 125.5)
    #expect(kept?.cards == nil)
  }

  @Test("a damaged list in a run that keeps it in memory is read from a folder gone at the end")
  func damagedListFolderRemoved() async throws {
    let run = await runCLI(["--scenario", "saved-list-corrupt", "--verbose"])
    let line = try #require(
      run.errors.split(separator: "\n").first { $0.contains("damaged local copy is kept in ") })
    let path = try #require(line.firstMatch(of: /kept in (\S+)\/saved-list-demo\.json/)?.output.1)

    #expect(path.contains("payment-methods-"))
    #expect(!FileManager.default.fileExists(atPath: String(path)))
  }
}
