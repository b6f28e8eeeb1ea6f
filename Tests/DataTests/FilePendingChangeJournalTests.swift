import Domain
import Foundation
import TestSupport
import Testing

@testable import DataLayer

@Suite("The journal of pending changes in a file", .timeLimit(.minutes(1)))
struct FilePendingChangeJournalTests {
  private let temporary = TemporaryDirectory()
  private let logger = LogSpy()
  private var directory: URL { temporary.appending("state") }
  private var file: URL { directory.appendingPathComponent("pending-changes.json") }

  private func journal() -> FilePendingChangeJournal {
    FilePendingChangeJournal(directory: directory, logger: logger)
  }

  private static let startedAt = Date(timeIntervalSince1970: 1_800_000_000.125)
  private static let changes = [
    PendingChange(
      .remove(cardID: "card-1"), idempotencyKey: "key-1", account: "ada", startedAt: startedAt),
    PendingChange(
      .makeDefault(.card(id: "card-2")), idempotencyKey: "key-2", account: "ada",
      startedAt: startedAt),
    PendingChange(
      .makeDefault(.wallet), idempotencyKey: "key-3", account: "bob", startedAt: startedAt),
    PendingChange(
      .updateExpiry(cardID: "card-3", CardExpiry(month: 12, year: 2030)!), idempotencyKey: "key-4",
      account: "ada", startedAt: startedAt.addingTimeInterval(1)),
  ]

  /// A journal file of version 1 holding these entries, as JSON text.
  private func writeEntries(_ entries: [String]) throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let text = #"{"version": 1, "changes": ["# + entries.joined(separator: ", ") + "]}"
    try Data(text.utf8).write(to: file)
  }

  private static func entry(kind: String = "remove", key: String = "key-1") throws -> String {
    let key = String(decoding: try JSONEncoder().encode(key), as: UTF8.self)
    return #"{"kind": "\#(kind)", "cardId": "card-1", "idempotencyKey": \#(key), "#
      + #""account": "ada", "startedAt": "2027-01-15T08:00:00.000Z"}"#
  }

  @Test("every kind of change reads back as written, in that order, by a journal read anew")
  func roundTrip() async throws {
    for change in Self.changes { try await journal().add(change) }

    #expect(try await journal().pendingChanges() == Self.changes)
  }

  @Test("the file is pending-changes.json in the directory given, which is made when missing")
  func fileInItsPlace() async throws {
    let journal = journal()

    try await journal.add(Self.changes[0])

    #expect(journal.file == file)
    #expect(FileManager.default.fileExists(atPath: file.path))
  }

  @Test("a change taken out is gone, from the file too; a key not kept is not an error")
  func takenOut() async throws {
    let journal = journal()
    for change in Self.changes { try await journal.add(change) }

    try await journal.remove(idempotencyKey: "key-2")
    try await journal.remove(idempotencyKey: "never-kept")

    #expect(
      try await journal.pendingChanges().map(\.idempotencyKey) == ["key-1", "key-3", "key-4"])
    #expect(
      try await self.journal().pendingChanges().map(\.idempotencyKey) == [
        "key-1", "key-3", "key-4",
      ])
  }

  @Test("a change written down again under its key replaces the first")
  func sameKeyReplaces() async throws {
    let journal = journal()
    try await journal.add(Self.changes[0])
    var again = Self.changes[0]
    again.startedAt = Self.startedAt.addingTimeInterval(5)

    try await journal.add(again)

    #expect(try await journal.pendingChanges() == [again])
  }

  @Test("an entry of a kind the app does not know is dropped with a warning, the others kept")
  func unknownKindDropped() async throws {
    try writeEntries([try Self.entry(key: "key-1"), try Self.entry(kind: "charge", key: "key-2")])

    let read = try await journal().pendingChanges()

    #expect(read.map(\.idempotencyKey) == ["key-1"])
    #expect(logger.entries.map(\.level) == [.warning])
    #expect(logger.entries.first?.message.hasSuffix("an unknown kind of change") == true)
  }

  @Test(
    "an entry with a malformed key is dropped with a warning, the others kept",
    arguments: [
      "", String(repeating: "k", count: 256), "key\u{0}1", "key\n1", "key\u{1B}[2J", "key 1", "kéy",
    ])
  func malformedKeyDropped(key: String) async throws {
    try writeEntries([try Self.entry(key: key), try Self.entry(key: "key-2")])

    let read = try await journal().pendingChanges()

    #expect(read.map(\.idempotencyKey) == ["key-2"])
    #expect(logger.entries.map(\.level) == [.warning])
    #expect(logger.entries.first?.message.contains("idempotency key") == true)
  }

  @Test("a key of 255 visible characters is not malformed")
  func longestKeyKept() async throws {
    let key = String(repeating: "k", count: 255)
    try writeEntries([try Self.entry(key: key)])

    #expect(try await journal().pendingChanges().map(\.idempotencyKey) == [key])
    #expect(logger.entries.isEmpty)
  }

  @Test("an entry that is not a change at all is dropped with a warning, the others kept")
  func notAnEntryDropped() async throws {
    try writeEntries(["42", #"{"kind": 7}"#, try Self.entry(key: "key-3")])

    #expect(try await journal().pendingChanges().map(\.idempotencyKey) == ["key-3"])
    #expect(logger.entries.map(\.level) == [.warning, .warning])
  }

  @Test("an entry dropped is gone from the file at the next write, and warned about once")
  func droppedGoneAtNextWrite() async throws {
    try writeEntries([try Self.entry(kind: "charge", key: "key-1")])

    try await journal().add(Self.changes[1])
    let read = try await journal().pendingChanges()

    #expect(read == [Self.changes[1]])
    #expect(logger.entries.count == 1)
  }

  @Test(
    "a damaged file counts as empty, with one warning",
    arguments: [
      "not json", #"{"version": 1, "changes": [{"kind""#, #"{"version": 2, "changes": []}"#,
    ])
  func damagedIsEmpty(text: String) async throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: file)
    let journal = journal()

    #expect(try await journal.pendingChanges().isEmpty)
    #expect(try await journal.pendingChanges().isEmpty)
    #expect(logger.entries.map(\.level) == [.warning])
  }

  @Test("a file of 10 MB counts as empty, with one warning, and is replaced at the next write")
  func tooLargeIsEmpty() async throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try OnDeviceFiles.sparseFile(at: file, size: 10 * 1024 * 1024)
    let journal = journal()

    #expect(try await journal.pendingChanges().isEmpty)
    try await journal.add(Self.changes[0])

    #expect(logger.entries.map(\.level) == [.warning])
    #expect(try await self.journal().pendingChanges() == [Self.changes[0]])
  }

  @Test(
    "a change the journal could not read back is never written down",
    arguments: [
      PendingChange(
        .remove(cardID: "1"), idempotencyKey: "key\n1", account: "ada", startedAt: startedAt),
      PendingChange(
        .remove(cardID: "1"), idempotencyKey: "key-1", account: "", startedAt: startedAt),
      PendingChange(
        .remove(cardID: "1\u{7}"), idempotencyKey: "key-1", account: "ada", startedAt: startedAt),
    ])
  func unreadableRefused(change: PendingChange) async throws {
    let journal = journal()

    await #expect(throws: SmallFile.Problem.self) { try await journal.add(change) }
    #expect(try await journal.pendingChanges().isEmpty)
  }

  @Test(
    "a journal that cannot write throws, and keeps nothing it could not write",
    .enabled(if: FileManager.default.fileExists(atPath: "/proc/self"), "needs Linux's /proc"))
  func unwritable() async throws {
    let journal = FilePendingChangeJournal(
      directory: URL(fileURLWithPath: "/proc/self/payment-methods"), logger: logger)

    await #expect(throws: (any Error).self) { try await journal.add(Self.changes[0]) }
    #expect(try await journal.pendingChanges().isEmpty)
  }

  @Test("fifty changes written down at once are all kept")
  func concurrentAdds() async throws {
    let journal = journal()
    let changes = (0..<50).map { n in
      PendingChange(
        .remove(cardID: "card-\(n)"), idempotencyKey: "key-\(n)", account: "ada",
        startedAt: Self.startedAt)
    }

    try await withThrowingTaskGroup(of: Void.self) { group in
      for change in changes { group.addTask { try await journal.add(change) } }
      try await group.waitForAll()
    }

    let read = try await self.journal().pendingChanges()
    #expect(Set(read.map(\.idempotencyKey)) == Set(changes.map(\.idempotencyKey)))
  }

  @Test("what the journal writes holds no secret: no number, no token, no trace id")
  func noSecrets() async throws {
    for change in Self.changes { try await journal().add(change) }

    #expect(OnDeviceFiles.secrets(in: try Data(contentsOf: file)) == [])
  }
}
