import Domain
import Foundation
import TestSupport
import Testing

@testable import DataLayer

@Suite("Pending changes on files: a folder per person, a file per place", .timeLimit(.minutes(1)))
struct FilePendingChangeStoreTests {
  private let temporary = TemporaryDirectory()
  private let logger = LogSpy()
  private var directory: URL { temporary.appending("state") }
  private var folder: URL { directory.appendingPathComponent("pending-changes") }

  private func store() -> FilePendingChangeStore {
    FilePendingChangeStore(directory: directory, logger: logger)
  }

  /// The file of the change at `place` in `person`'s folder.
  private func file(_ place: Int, of person: String = "ada") throws -> URL {
    let folder = try #require(store().folder(of: person))
    return folder.appendingPathComponent("\(place).json")
  }

  private static let startedAt = Date(timeIntervalSince1970: 1_800_000_000.125)
  private static func change(
    _ kind: PendingChange.Kind = .remove(cardID: "card-1"), key: String = "key-1",
    person: String = "ada", startedAt: Date = startedAt
  ) -> PendingChange {
    PendingChange(kind, idempotencyKey: key, person: person, startedAt: startedAt)
  }

  private static let kinds: [PendingChange.Kind] = [
    .remove(cardID: "card-1"), .makeDefault(.card(id: "card-2")), .makeDefault(.wallet),
    .updateExpiry(cardID: "card-3", CardExpiry(month: 12, year: 2030)!),
  ]

  /// The person's changes as a store read anew gives them, in their places' order.
  private func kept(of person: String = "ada") async throws -> [PendingChange] {
    try await store().changes(of: person).sorted { $0.place < $1.place }
  }

  @Test("every kind of change reads back as written, at the place it was given")
  func roundTrip() async throws {
    var added: [PendingChange] = []
    for (n, kind) in Self.kinds.enumerated() {
      added.append(try await store().add(Self.change(kind, key: "key-\(n)")))
    }

    #expect(added.map(\.place) == [1, 2, 3, 4])
    #expect(try await kept() == added)
  }

  @Test("a change made later gets a later place, whatever its clock says")
  func placeFromTheDeviceNotTheClock() async throws {
    let first = try await store().add(Self.change(key: "first"))
    let second = try await store().add(
      Self.change(key: "second", startedAt: Self.startedAt.addingTimeInterval(-3600)))

    #expect(second.isOlder(than: first) == false)
    #expect(try await kept().map(\.idempotencyKey) == ["first", "second"])
  }

  @Test("a place is never given twice while its change is kept, even after older ones left")
  func placeAfterEveryKeptOne() async throws {
    let first = try await store().add(Self.change(key: "first"))
    let second = try await store().add(Self.change(key: "second"))
    try await store().remove(first)

    let third = try await store().add(Self.change(key: "third"))

    #expect(third.place > second.place)
  }

  @Test("each change is a file named by its place, in its person's folder, theirs alone")
  func fileInItsPlace() async throws {
    try FileManager.default.createDirectory(
      at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])

    let change = try await store().add(Self.change())

    let attributes = try FileManager.default.attributesOfItem(atPath: try file(change.place).path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
  }

  @Test(
    "ids that differ in any byte are two people, never one",
    arguments: [("jos\u{E9}", "jose\u{301}"), ("\u{212A}ate", "Kate")])
  func idsComparedAsBytes(first: String, second: String) async throws {
    try #require(first == second, "Swift's String calls them equal: the case this test is for")

    let hers = try await store().add(Self.change(key: "hers", person: first))

    #expect(try await store().changes(of: second).isEmpty)
    #expect(try await store().contains(hers))
    #expect(try await store().changes(of: first).map(\.idempotencyKey) == ["hers"])
  }

  @Test("an id too long to name a folder keeps nothing, and says so")
  func idTooLong() async throws {
    let person = String(repeating: "A", count: 80)

    #expect(store().folder(of: person) == nil)
    await #expect(throws: SmallFile.Problem.self) {
      _ = try await store().add(Self.change(person: person))
    }
    #expect(try await store().changes(of: person).isEmpty)
  }

  @Test("a change taken out is gone; one taken out twice is not an error")
  func takenOut() async throws {
    let change = try await store().add(Self.change())

    try await store().remove(change)
    try await store().remove(change)

    #expect(try await kept().isEmpty)
    #expect(try await store().contains(change) == false)
  }

  @Test("a place is never given twice, not even once every change was taken out")
  func placeNeverGivenTwice() async throws {
    let first = try await store().add(Self.change(key: "first"))
    let second = try await store().add(Self.change(key: "second"))
    try await store().remove(second)
    try await store().remove(first)

    let third = try await store().add(Self.change(key: "third"))
    try await store().remove(first)

    #expect(third.place > second.place)
    #expect(try await kept() == [third])
  }

  @Test("the markers of places taken out are tidied, but for the highest")
  func markersTidied() async throws {
    for key in ["a", "b", "c"] {
      try await store().remove(try await store().add(Self.change(key: key)))
    }
    _ = try await store().add(Self.change(key: "d"))

    let folder = try #require(store().folder(of: "ada"))
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(names == ["3.done", "4.json"])
  }

  @Test(
    "an entry this version cannot read is left as it is, and logged once a run",
    arguments: [
      #"{"version": 2, "change": {"whatever": true}}"#,
      #"{"version": 1, "change": {"kind": "charge", "idempotencyKey": "k", "#
        + #""account": "ada", "startedAt": "2027-01-15T08:00:00.000Z"}}"#,
      "not JSON",
    ])
  func otherVersionLeft(text: String) async throws {
    let store = store()
    let change = try await store.add(Self.change())
    let other = try file(change.place + 1)
    try Data(text.utf8).write(to: other)

    #expect(try await store.changes(of: "ada") == [change])
    #expect(try await store.changes(of: "ada") == [change])

    #expect(try Data(contentsOf: other) == Data(text.utf8))
    #expect(logger.entries.map(\.level) == [.warning])
  }

  @Test("another person's changes are neither read nor logged when one person's are")
  func onlyThePersonsFolderIsRead() async throws {
    _ = try await store().add(Self.change(person: "bob"))
    try Data("not JSON".utf8).write(to: try file(2, of: "bob"))
    let ada = try await store().add(Self.change(key: "ada-1"))

    #expect(try await kept() == [ada])
    #expect(logger.entries.isEmpty)
  }

  @Test("a place claimed and not yet written, and a file still being written, are no entry")
  func claimedNotWrittenSkipped() async throws {
    let change = try await store().add(Self.change())
    try Data().write(to: try file(change.place + 1))
    let folder = try #require(store().folder(of: "ada"))
    try Data("{".utf8).write(to: folder.appendingPathComponent(".tmp1234.json"))

    #expect(try await kept() == [change])
    #expect(logger.entries.isEmpty)
  }

  @Test("a place named by the largest number there is makes no new place, and no trap")
  func largestPlace() async throws {
    let folder = try #require(store().folder(of: "ada"))
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data().write(to: folder.appendingPathComponent("\(Int.max).json"))

    await #expect(throws: SmallFile.Problem.self) { _ = try await store().add(Self.change()) }
  }

  @Test("two stores adding and taking out at once, as two runs, lose none of the changes")
  func twoStoresAtOnce() async throws {
    let (first, second) = (store(), store())
    let changes = (0..<40).map { Self.change(.remove(cardID: "card-\($0)"), key: "key-\($0)") }

    try await withThrowingTaskGroup(of: Void.self) { group in
      for (n, change) in changes.enumerated() {
        let (store, other) = n.isMultiple(of: 2) ? (first, second) : (second, first)
        group.addTask {
          let kept = try await store.add(change)
          // Every third change is answered for good at once, by the other run.
          if n.isMultiple(of: 3) { try await other.remove(kept) }
        }
      }
      try await group.waitForAll()
    }

    let read = try await kept()
    let expected = changes.enumerated().filter { !$0.offset.isMultiple(of: 3) }
    #expect(Set(read.map(\.idempotencyKey)) == Set(expected.map(\.element.idempotencyKey)))
    #expect(Set(read.map(\.place)).count == read.count)
  }

  @Test(
    "a change the store could not read back is never written down",
    arguments: [
      change(key: "key\n1"), change(person: ""), change(.remove(cardID: "1\u{7}")),
    ])
  func unreadableRefused(change: PendingChange) async throws {
    await #expect(throws: SmallFile.Problem.self) { _ = try await store().add(change) }
    #expect(try await store().changes(of: change.person).isEmpty)
  }

  @Test(
    "a store that cannot write throws, and keeps nothing it could not write",
    .enabled(if: FileManager.default.fileExists(atPath: "/proc/self"), "needs Linux's /proc"))
  func unwritable() async throws {
    let store = FilePendingChangeStore(
      directory: URL(fileURLWithPath: "/proc/self/payment-methods"), logger: logger)

    await #expect(throws: (any Error).self) { _ = try await store.add(Self.change()) }
    #expect(try await store.changes(of: "ada").isEmpty)
  }

  @Test("what the store writes holds no secret: no number, no token, no trace id")
  func noSecrets() async throws {
    for (n, kind) in Self.kinds.enumerated() {
      let change = try await store().add(Self.change(kind, key: "key-\(n)"))
      #expect(OnDeviceFiles.secrets(in: try Data(contentsOf: try file(change.place))) == [])
    }
  }
}
