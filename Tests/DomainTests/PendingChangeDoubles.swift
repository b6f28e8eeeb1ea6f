import Domain
import Foundation
import TestSupport

/// Saved-card writes that answer as scripted and, at every request, look in the journal
/// for the change under the request's key: the proof that it was written down first.
actor ScriptedWrites: SavedCardWrites {
  struct Request: Equatable, Sendable {
    var what: String
    var key: String
    /// Whether the journal held the change under this key when the request was sent.
    var wasWrittenDown: Bool
  }

  private let journal: InMemoryJournal?
  private let removal: RemoveCardOutcome
  private let newDefault: MakeDefaultOutcome?
  private let update: UpdateCardOutcome
  /// Thrown instead of the answer, for every key or for the ones named.
  private let failure: (any Error)?
  private let failures: [String: any Error]
  private(set) var requests: [Request] = []

  init(
    journal: InMemoryJournal? = nil, removal: RemoveCardOutcome = .removed,
    newDefault: MakeDefaultOutcome? = nil, update: UpdateCardOutcome = .cardGone,
    failure: (any Error)? = nil, failures: [String: any Error] = [:]
  ) {
    self.journal = journal
    self.removal = removal
    self.newDefault = newDefault
    self.update = update
    self.failure = failure
    self.failures = failures
  }

  var keys: [String] { requests.map(\.key) }

  func remove(cardID: String, idempotencyKey: String) async throws -> RemoveCardOutcome {
    try await record("remove \(cardID)", idempotencyKey)
    return removal
  }

  func makeDefault(_ method: DefaultMethod, idempotencyKey: String) async throws
    -> MakeDefaultOutcome
  {
    try await record("default \(method)", idempotencyKey)
    return newDefault ?? .madeDefault(method)
  }

  func updateExpiry(cardID: String, to expiry: CardExpiry, idempotencyKey: String) async throws
    -> UpdateCardOutcome
  {
    try await record("update \(cardID) \(expiry)", idempotencyKey)
    return update
  }

  private func record(_ what: String, _ key: String) async throws {
    let kept = await journal?.changes.contains { $0.idempotencyKey == key } ?? false
    requests.append(Request(what: what, key: key, wasWrittenDown: kept))
    if let failure = failures[key] ?? failure { throw failure }
  }
}

/// Writes that never answer until cancelled; each request is recorded by its key and
/// arrives at `arrivals`, so a test knows it was sent.
struct SilentWrites: SavedCardWrites {
  let arrivals = Gate()
  let keys = Recorder<String>()

  func remove(cardID: String, idempotencyKey: String) async throws -> RemoveCardOutcome {
    try await wait(idempotencyKey)
  }

  func makeDefault(_ method: DefaultMethod, idempotencyKey: String) async throws
    -> MakeDefaultOutcome
  {
    try await wait(idempotencyKey)
  }

  func updateExpiry(cardID: String, to expiry: CardExpiry, idempotencyKey: String) async throws
    -> UpdateCardOutcome
  {
    try await wait(idempotencyKey)
  }

  private func wait<Answer>(_ key: String) async throws -> Answer {
    keys.record(key)
    await arrivals.arrive()
    try await suspendUntilCancelled()
    throw CancellationError()
  }
}

enum PendingFixtures {
  /// The wall clock's "now" in these tests.
  static let now = Date(timeIntervalSince1970: 1_800_000_000)
  static let expiry = CardExpiry(month: 12, year: 2030)!
  static let visa = PaymentCard(
    id: "1", brand: "Visa", lastFour: "4242", expiry: CardExpiry(month: 8, year: 2028)!,
    status: .active)

  static func failure(_ kind: RequestFailure.Kind) -> RequestFailure {
    RequestFailure(kind, context: ErrorContext(operation: "DELETE /cards/{id}", traceID: "t-1"))
  }

  static func change(
    _ kind: PendingChange.Kind, key: String, person: String = "ada",
    startedAt: Date = now.addingTimeInterval(-60)
  ) -> PendingChange {
    PendingChange(kind, idempotencyKey: key, person: person, startedAt: startedAt)
  }
}
