import DataLayer
import Domain
import Foundation

/// Finishing a person's pending changes at the start, on files, with writes that answer at
/// once: with none of theirs, 10 and 200 of theirs, each beside 1,000 of other people's.
/// The cost must grow with the person's changes, never with the folder: 1,000 others'
/// changes may add at most a millisecond to none of the person's (what a person could
/// feel; the two are tens of microseconds, where a ratio says only how the file system's
/// cache stood), and each of 200 changes may cost at most 1.3 times each of 10.
enum Finishing {
  static func figures() async -> [Figure] {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "payment-methods-bench-\(UUID().uuidString.lowercased())", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let empty = folder.appendingPathComponent("empty", isDirectory: true)
    let crowded = folder.appendingPathComponent("crowded", isDirectory: true)
    guard await keepOthers(1_000, in: crowded) else { return [] }

    var none: [Double] = []
    var sizes: [Int: [Double]] = [:]
    for _ in 0..<Rounds.count {
      none.append(await milliseconds(finishing: 0, in: empty))
      for count in [0, 10, 200] {
        sizes[count, default: []].append(await milliseconds(finishing: count, in: crowded))
      }
    }
    let alone = Rounds.median(of: none)
    let beside = Rounds.median(of: sizes[0] ?? [])
    let ten = Rounds.median(of: sizes[10] ?? [])
    let twoHundred = Rounds.median(of: sizes[200] ?? [])
    let section = "finishing at the start"
    return [
      Figure(
        section: section, name: "none of the person's, 1,000 others'", value: beside,
        unit: "ms", floorName: "an empty journal", floor: alone, goal: .withinAbove(1)),
      Figure(
        section: section, name: "10 of the person's, 1,000 others'", value: ten, unit: "ms",
        floorName: "an empty journal", floor: alone, goal: .none),
      Figure(
        section: section, name: "200 of the person's, 1,000 others'", value: twoHundred,
        unit: "ms", floorName: "an empty journal", floor: alone, goal: .none),
      Figure(
        section: section, name: "200 of the person's, 1,000 others'", value: twoHundred,
        unit: "ms", floorName: "20 × 10 of the person's", floor: 20 * ten, goal: .atMost(1.3)),
    ]
  }

  /// Keeps `count` changes of 50 other people in `directory`; false when it cannot.
  private static func keepOthers(_ count: Int, in directory: URL) async -> Bool {
    let store = FilePendingChangeStore(directory: directory, logger: SilentLog())
    do {
      for index in 0..<count {
        _ = try await store.add(change(index, of: "other-\(index % 50)"))
      }
      return true
    } catch {
      return false
    }
  }

  /// How long finishing `count` of the person's changes takes; writing them down is not
  /// counted.
  private static func milliseconds(finishing count: Int, in directory: URL) async -> Double {
    let store = FilePendingChangeStore(directory: directory, logger: SilentLog())
    for index in 0..<count { _ = try? await store.add(change(index, of: "ada")) }
    let keeper = PendingChangesKeeper(store: store, person: "ada", logger: SilentLog())
    let finishing = FinishPendingChangesUseCase(
      keeper: keeper, writes: AnsweringWrites(), logger: SilentLog())
    return await Rounds.milliseconds { _ = await finishing.execute() }
  }

  /// A removal of its own card, made a minute ago.
  private static func change(_ index: Int, of person: String) -> PendingChange {
    PendingChange(
      .remove(cardID: "card-\(index)"), idempotencyKey: "key-\(person)-\(index)",
      person: person, startedAt: Date().addingTimeInterval(-60))
  }
}

/// Writes the backend answers at once, as the person asked.
private struct AnsweringWrites: SavedCardWrites {
  func remove(cardID: String, idempotencyKey: String) async throws -> RemoveCardOutcome {
    .removed
  }

  func makeDefault(_ method: DefaultMethod, idempotencyKey: String) async throws
    -> MakeDefaultOutcome
  {
    .madeDefault(method)
  }

  func updateExpiry(cardID: String, to expiry: CardExpiry, idempotencyKey: String) async throws
    -> UpdateCardOutcome
  {
    .cardGone
  }
}
