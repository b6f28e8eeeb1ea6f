import Domain
import Foundation
import TestSupport
import Testing

@testable import DataLayer

@Suite("The local copy on files: one per person, whole or not at all", .timeLimit(.minutes(1)))
struct FileLocalCopyStoreTests {
  private let temporary = TemporaryDirectory()
  private var directory: URL { temporary.appending("saved") }
  private var store: FileLocalCopyStore { FileLocalCopyStore(directory: directory) }

  private static let loadedAt = Date(timeIntervalSince1970: 1_800_000_000)
  private static let list = LocalCopy(
    wallet: LocalCopy.Part(
      Wallet(balance: Decimal(string: "125.507")!, currency: "EUR", isDefault: true),
      loadedAt: loadedAt.addingTimeInterval(0.25)),
    cards: LocalCopy.Part(
      [
        PaymentCard(
          id: "card-1", brand: "Visa", lastFour: "4242", expiry: CardExpiry(month: 8, year: 2028)!,
          status: .active),
        PaymentCard(
          id: "card-2", brand: "Mastercard", lastFour: "4444",
          expiry: CardExpiry(month: 1, year: 2024)!, status: .expired),
        PaymentCard(
          id: "card-3", brand: "Visa", lastFour: "1881", expiry: CardExpiry(month: 9, year: 2029)!,
          status: .active, decline: IssuerDecline(reason: .blocked, message: "Blocked by bank"),
          isDefault: false),
      ], loadedAt: loadedAt.addingTimeInterval(-3600.125)))

  /// A list of its own for each writer: `n` in the wallet, and `n % 5 + 1` cards.
  private static func list(_ n: Int) -> LocalCopy {
    let cards = (0...(n % 5)).map { index in
      PaymentCard(
        id: "card-\(n)-\(index)", brand: "Visa", lastFour: "4242",
        expiry: CardExpiry(month: 8, year: 2028)!, status: .active)
    }
    return LocalCopy(
      wallet: LocalCopy.Part(Wallet(balance: Decimal(n), currency: "EUR"), loadedAt: loadedAt),
      cards: LocalCopy.Part(cards, loadedAt: loadedAt))
  }

  private func write(_ text: String, person: String = "ada") throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: try #require(store.file(person: person)))
  }

  private func unreadable(person: String = "ada") async -> LocalCopyUnreadable? {
    await #expect(throws: LocalCopyUnreadable.self) { try await store.load(person: person) }
  }

  @Test("a local copy reads back as it was saved: every field, its times to the millisecond")
  func roundTrip() async throws {
    try await store.save(Self.list, person: "ada")

    let read = try #require(try await store.load(person: "ada"))

    #expect(read == Self.list)
  }

  @Test("a wallet part that answered 'no wallet' reads back as that, not as no part")
  func noWalletIsAnAnswer() async throws {
    let list = LocalCopy(wallet: LocalCopy.Part(nil, loadedAt: Self.loadedAt))

    try await store.save(list, person: "ada")

    #expect(try await store.load(person: "ada") == list)
  }

  @Test("nothing saved reads as nil, not as an error, even with no directory yet")
  func nothingSaved() async throws {
    #expect(try await store.load(person: "ada") == nil)
  }

  @Test("the directory is made when missing, however deep")
  func directoryMade() async throws {
    let deep = FileLocalCopyStore(directory: temporary.appending("a/b/c"))

    try await deep.save(Self.list, person: "ada")

    #expect(try await deep.load(person: "ada") == Self.list)
  }

  @Test("people are kept apart, each in a file of its own directly in the directory")
  func accountsApart() async throws {
    let people = [
      "ada", "Ada", "ADA", "../ada", "ada/../../x", ".", "..", "", "ädä", "a%41", "aA",
    ]
    for (n, person) in people.enumerated() {
      try await store.save(Self.list(n), person: person)
    }

    for (n, person) in people.enumerated() {
      #expect(try await store.load(person: person) == Self.list(n), "\(person)")
    }
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(Set(names.map { $0.lowercased() }).count == people.count)
    #expect(names.allSatisfy { $0.hasPrefix("saved-list-") && $0.hasSuffix(".json") })
    #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.url.path) == ["saved"])
  }

  @Test("a person too long for a file name keeps nothing: saving throws, loading finds nil")
  func accountTooLong() async throws {
    let person = String(repeating: "é", count: 100)

    await #expect(throws: (any Error).self) { try await store.save(Self.list, person: person) }
    #expect(try await store.load(person: person) == nil)
  }

  @Test("a truncated file is unreadable, and says so")
  func truncated() async throws {
    try await store.save(Self.list, person: "ada")
    let file = try #require(store.file(person: "ada"))
    let whole = try Data(contentsOf: file)
    try whole.prefix(whole.count / 2).write(to: file)

    #expect(await unreadable()?.reason.hasPrefix("not JSON") == true)
  }

  @Test("bytes that are not JSON are unreadable, and say so")
  func notJSON() async throws {
    try write("\u{1}\u{2}PK not json at all")

    #expect(await unreadable()?.reason.hasPrefix("not JSON") == true)
  }

  @Test("a file of 10 MB is unreadable by its size, before anything is read")
  func tooLarge() async throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try OnDeviceFiles.sparseFile(
      at: try #require(store.file(person: "ada")), size: 10 * 1024 * 1024)

    #expect(await unreadable()?.reason == "10485760 bytes, over the limit of 1048576 bytes")
  }

  @Test("a file of another format version is unreadable, and names the version")
  func otherVersion() async throws {
    try write(#"{"version": 2, "cards": {"savedAt": 0, "cards": []}}"#)

    #expect(await unreadable()?.reason == "format version 2, expected 1")
  }

  @Test("a file without a format version is unreadable")
  func noVersion() async throws {
    try write(#"{"cards": []}"#)

    #expect(await unreadable()?.reason == "no format version")
  }

  @Test("a card the app cannot read makes the whole list unreadable, never a part of it")
  func wholeOrNothing() async throws {
    try await store.save(Self.list, person: "ada")
    let file = try #require(store.file(person: "ada"))
    let text = try String(contentsOf: file, encoding: .utf8)
    try Data(text.replacingOccurrences(of: "\"expired\"", with: "\"lost\"").utf8).write(to: file)

    #expect(await unreadable()?.reason == "card [1] has an unknown status")
  }

  @Test(
    "a balance that is not the decimal it says is unreadable: nothing is lost or guessed",
    arguments: ["12abc", "1e5", "", "NaN", "125.50", String(repeating: "9", count: 40)])
  func balanceExact(balance: String) async throws {
    try write(
      #"{"version": 1, "wallet": {"savedAt": "2027-01-15T08:00:00.000Z", "#
        + #""wallet": {"balance": "\#(balance)", "currency": "EUR", "isDefault": false}}}"#)

    #expect(await unreadable()?.reason == "the wallet's balance is not a decimal number")
  }

  @Test("a balance of many digits reads back to the last one")
  func balanceManyDigits() async throws {
    let wallet = Wallet(balance: Decimal(string: "98765432109876.54321")!, currency: "EUR")
    let list = LocalCopy(wallet: LocalCopy.Part(wallet, loadedAt: Self.loadedAt))

    try await store.save(list, person: "ada")

    #expect(try await store.load(person: "ada") == list)
  }

  @Test(
    "a directory where the file should be: loading is unreadable, saving throws, deleting leaves it"
  )
  func directoryInPlace() async throws {
    let file = try #require(store.file(person: "ada"))
    try FileManager.default.createDirectory(
      at: file.appendingPathComponent("inside"), withIntermediateDirectories: true)

    #expect(await unreadable()?.reason == "not a plain file: a directory")
    await #expect(throws: (any Error).self) { try await store.save(Self.list, person: "ada") }
    await #expect(throws: (any Error).self) { try await store.delete(person: "ada") }
    #expect(FileManager.default.fileExists(atPath: file.appendingPathComponent("inside").path))
  }

  @Test(
    "a read-only directory: saving throws, and the list saved before still reads",
    .enabled(if: !OnDeviceFiles.isRoot, "root writes to read-only directories"))
  func readOnlyDirectory() async throws {
    try await store.save(Self.list, person: "ada")
    try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: directory.path)

    await #expect(throws: (any Error).self) { try await store.save(Self.list(1), person: "ada") }
    #expect(try await store.load(person: "ada") == Self.list)
  }

  @Test(
    "a directory nobody may write to, not even root: saving throws",
    .enabled(if: FileManager.default.fileExists(atPath: "/proc/self"), "needs Linux's /proc"))
  func unwritableDirectory() async throws {
    let store = FileLocalCopyStore(directory: URL(fileURLWithPath: "/proc/self/payment-methods"))

    await #expect(throws: (any Error).self) { try await store.save(Self.list, person: "ada") }
  }

  @Test("a list over 1 MiB is never written, and the list saved before stays")
  func overLimitNotWritten() async throws {
    try await store.save(Self.list, person: "ada")
    let huge = LocalCopy(
      cards: LocalCopy.Part(
        Array(repeating: Self.list.cards!.value[0], count: 20_000), loadedAt: Self.loadedAt))

    await #expect(throws: SmallFile.Problem.self) { try await store.save(huge, person: "ada") }
    #expect(try await store.load(person: "ada") == Self.list)
  }

  @Test("the file is its owner's alone, saved once or again, in a folder open to everyone")
  func ownerOnly() async throws {
    try FileManager.default.createDirectory(
      at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])

    for _ in 0..<2 {
      try await store.save(Self.list, person: "ada")
      let file = try #require(store.file(person: "ada"))
      let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
      #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    }
  }

  @Test("deleting forgets the list; deleting what was never saved is not an error")
  func delete() async throws {
    try await store.save(Self.list, person: "ada")

    try await store.delete(person: "ada")
    try await store.delete(person: "bob")

    #expect(try await store.load(person: "ada") == nil)
  }

  @Test("fifty stores saving at once leave a file that always parses: one of their lists, whole")
  func concurrentWriters() async throws {
    let lists = (0...50).map(Self.list)
    try await store.save(lists[50], person: "ada")
    let directory = directory
    let finished = CallCounter()
    let start = StartBarrier(parties: 51)
    let reads = Recorder<LocalCopy?>()

    try await withThrowingTaskGroup(of: Void.self) { group in
      for n in 0..<50 {
        group.addTask {
          await start.arriveAndWait()
          try await FileLocalCopyStore(directory: directory).save(lists[n], person: "ada")
          finished.increment()
        }
      }
      group.addTask {
        let reader = FileLocalCopyStore(directory: directory)
        await start.arriveAndWait()
        repeat {
          reads.record(try await reader.load(person: "ada"))
        } while finished.count < 50
      }
      try await group.waitForAll()
    }

    #expect(!reads.all.isEmpty)
    #expect(reads.all.filter { read in !lists.contains { $0 == read } }.isEmpty)
    let last = try #require(try await store.load(person: "ada"))
    #expect(lists.prefix(50).contains(last))
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).count == 1)
  }

  @Test(
    "what the store writes holds no secret: four digits of a number at most, no token, no trace id")
  func noSecrets() async throws {
    let careless = PaymentCard(
      id: "card-9", brand: "Visa", lastFour: "4242424242424242",
      expiry: CardExpiry(month: 8, year: 2028)!, status: .active,
      decline: IssuerDecline(reason: .blocked, message: "card 4242 4242 4242 4242 is blocked"))
    var list = Self.list
    list.cards?.value.append(careless)

    try await store.save(list, person: "ada")

    let bytes = try Data(contentsOf: try #require(store.file(person: "ada")))
    #expect(OnDeviceFiles.secrets(in: bytes) == [])
    let read = try #require(try await store.load(person: "ada")?.cards?.value.last)
    #expect(read.lastFour == "4242")
    #expect(read.decline == IssuerDecline(reason: .blocked))
  }
}
