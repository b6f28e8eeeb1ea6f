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
  private var folder: URL { directory.appendingPathComponent("pending-changes") }
  /// The file that holds the change of this key.
  private func file(_ key: String) -> URL { folder.appendingPathComponent(key + ".json") }
  /// Where the journal was one file, before it was a folder.
  private var earlierFile: URL { directory.appendingPathComponent("pending-changes.json") }

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

  /// Each entry, as JSON text, in a file of its own (named by its index) in the folder.
  private func writeEntries(_ entries: [String]) throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for (index, entry) in entries.enumerated() {
      let text = #"{"version": 1, "change": "# + entry + "}"
      try Data(text.utf8).write(to: file("entry-\(index)"))
    }
  }

  private static func entry(
    kind: String = "remove", key: String = "key-1", startedAt: String = "2027-01-15T08:00:00.000Z"
  ) throws -> String {
    let key = String(decoding: try JSONEncoder().encode(key), as: UTF8.self)
    return #"{"kind": "\#(kind)", "cardId": "card-1", "idempotencyKey": \#(key), "#
      + #""account": "ada", "startedAt": "\#(startedAt)"}"#
  }

  @Test("every kind of change reads back as written, in that order, by a journal read anew")
  func roundTrip() async throws {
    for change in Self.changes { try await journal().add(change) }

    #expect(try await journal().pendingChanges() == Self.changes)
  }

  @Test("each change is a file named by its key, in pending-changes/, made when missing")
  func fileInItsPlace() async throws {
    let journal = journal()

    try await journal.add(Self.changes[0])
    try await journal.add(Self.changes[1])

    #expect(journal.folder == folder)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
        "key-1.json", "key-2.json",
      ])
  }

  @Test("a key is escaped in its file's name: no key names a file outside the folder")
  func keyEscaped() async throws {
    let change = PendingChange(
      .remove(cardID: "card-1"), idempotencyKey: "../K.json", account: "ada",
      startedAt: Self.startedAt)

    try await journal().add(change)

    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path) == [
        "%2E%2E%2F%4B%2Ejson.json"
      ])
    #expect(try await journal().pendingChanges() == [change])
  }

  @Test("a key too long to name a file is refused, and nothing is written")
  func keyTooLongForAName() async throws {
    let change = PendingChange(
      .remove(cardID: "card-1"), idempotencyKey: String(repeating: "K", count: 100),
      account: "ada", startedAt: Self.startedAt)

    await #expect(throws: SmallFile.Problem.self) { try await journal().add(change) }
    #expect(try await journal().pendingChanges().isEmpty)
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

  @Test("an entry dropped is removed from the folder, and so warned about once")
  func droppedIsRemoved() async throws {
    try writeEntries([try Self.entry(kind: "charge", key: "key-1")])

    #expect(try await journal().pendingChanges().isEmpty)
    #expect(try await journal().pendingChanges().isEmpty)

    #expect(logger.entries.count == 1)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
  }

  @Test(
    "a damaged entry is dropped with one warning, the others kept",
    arguments: [
      "not json", #"{"version": 1, "change": {"kind""#, #"{"version": 2, "change": {}}"#,
    ])
  func damagedDropped(text: String) async throws {
    let journal = journal()
    try await journal.add(Self.changes[0])
    try Data(text.utf8).write(to: file("damaged"))

    #expect(try await journal.pendingChanges() == [Self.changes[0]])
    #expect(try await journal.pendingChanges() == [Self.changes[0]])
    #expect(logger.entries.map(\.level) == [.warning])
  }

  @Test("an entry of 10 MB is dropped with one warning, unread, the others kept")
  func tooLargeDropped() async throws {
    let journal = journal()
    try await journal.add(Self.changes[0])
    try OnDeviceFiles.sparseFile(at: file("huge"), size: 10 * 1024 * 1024)

    #expect(try await journal.pendingChanges() == [Self.changes[0]])
    #expect(logger.entries.map(\.level) == [.warning])
  }

  @Test("a file Foundation is still writing (its name starts with a dot) is not an entry")
  func halfWrittenIgnored() async throws {
    let journal = journal()
    try await journal.add(Self.changes[0])
    try Data("{".utf8).write(to: folder.appendingPathComponent(".dat.nosync1234.json"))

    #expect(try await journal.pendingChanges() == [Self.changes[0]])
    #expect(logger.entries.isEmpty)
  }

  @Test("two journals on one folder, as two runs at once, keep each other's changes")
  func twoJournalsLoseNothing() async throws {
    let (first, second) = (journal(), journal())
    try await first.add(Self.changes[0])
    // The first run has read the journal, as finishing does at its start.
    #expect(try await first.pendingChanges() == [Self.changes[0]])

    try await second.add(Self.changes[1])
    try await first.remove(idempotencyKey: Self.changes[0].idempotencyKey)
    try await first.add(Self.changes[2])

    #expect(try await journal().pendingChanges() == [Self.changes[1], Self.changes[2]])
  }

  @Test("two journals writing and taking out at once lose none of the changes they keep")
  func twoJournalsAtOnce() async throws {
    let (first, second) = (journal(), journal())
    let changes = (0..<40).map { n in
      PendingChange(
        .remove(cardID: "card-\(n)"), idempotencyKey: "key-\(n)", account: "ada",
        startedAt: Self.startedAt)
    }

    try await withThrowingTaskGroup(of: Void.self) { group in
      for (n, change) in changes.enumerated() {
        let journal = n.isMultiple(of: 2) ? first : second
        group.addTask {
          try await journal.add(change)
          // Every third change is answered for good at once, by the other run.
          if n.isMultiple(of: 3) {
            let other = n.isMultiple(of: 2) ? second : first
            try await other.remove(idempotencyKey: change.idempotencyKey)
          }
        }
      }
      try await group.waitForAll()
    }

    let kept = changes.enumerated().filter { !$0.offset.isMultiple(of: 3) }.map(\.element)
    #expect(
      Set(try await journal().pendingChanges().map(\.idempotencyKey))
        == Set(kept.map(\.idempotencyKey)))
  }

  @Test("every file the journal writes is its owner's alone, in a folder open to everyone")
  func ownerOnly() async throws {
    try FileManager.default.createDirectory(
      at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])

    try await journal().add(Self.changes[0])
    try await journal().add(Self.changes[0])

    let attributes = try FileManager.default.attributesOfItem(atPath: file("key-1").path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
  }

  @Test("the journal's earlier single file is moved into the folder, entry by entry, and removed")
  func earlierFileMoved() async throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let entries = [
      try Self.entry(key: "key-1"), try Self.entry(kind: "charge", key: "key-2"),
      try Self.entry(key: "key-3", startedAt: "2027-01-15T09:00:00.000Z"),
    ]
    let text = #"{"version": 1, "changes": ["# + entries.joined(separator: ", ") + "]}"
    try Data(text.utf8).write(to: earlierFile)

    #expect(try await journal().pendingChanges().map(\.idempotencyKey) == ["key-1", "key-3"])
    #expect(!FileManager.default.fileExists(atPath: earlierFile.path))
    #expect(try await journal().pendingChanges().map(\.idempotencyKey) == ["key-1", "key-3"])
    #expect(logger.entries.map(\.level) == [.warning])
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

    for change in Self.changes {
      let data = try Data(contentsOf: file(change.idempotencyKey))
      #expect(OnDeviceFiles.secrets(in: data) == [])
    }
  }
}
