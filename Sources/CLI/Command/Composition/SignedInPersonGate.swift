import Domain

/// Whether the person whose local copy and journal a run uses is still the one signed in.
/// The run learns its person when it starts; signing in on the screen as someone else
/// closes the gate, and from then on the run neither shows, writes nor finishes anything
/// of the first person's (`GatedLocalCopyStore`, `GatedPendingChangeStore`): no one's data
/// is shown to another, and no one's change is sent under another's session. The terminal program
/// keeps one person a run; an app would switch to the new person's storage instead.
actor SignedInPersonGate {
  private(set) var isOpen = true

  func close() {
    isOpen = false
  }
}

/// A local copy store that keeps nothing once another person signed in (`SignedInPersonGate`).
struct GatedLocalCopyStore: LocalCopyStore {
  let store: any LocalCopyStore
  let gate: SignedInPersonGate

  func load(person: String) async throws -> LocalCopy? {
    guard await gate.isOpen else { return nil }
    return try await store.load(person: person)
  }

  func save(_ list: LocalCopy, person: String) async throws {
    guard await gate.isOpen else { throw AnotherPersonSignedIn() }
    try await store.save(list, person: person)
  }

  func delete(person: String) async throws {
    try await store.delete(person: person)
  }
}

/// A store of pending changes that writes nothing down, and lists nothing, once another
/// person signed in (`SignedInPersonGate`). Taking a change out stays possible: it is this
/// run's.
struct GatedPendingChangeStore: PendingChangeStore {
  let store: any PendingChangeStore
  let gate: SignedInPersonGate

  func changes(of person: String) async throws -> [PendingChange] {
    guard await gate.isOpen else { return [] }
    return try await store.changes(of: person)
  }

  func add(_ change: PendingChange) async throws -> PendingChange {
    guard await gate.isOpen else { throw AnotherPersonSignedIn() }
    return try await store.add(change)
  }

  func contains(_ change: PendingChange) async throws -> Bool {
    guard await gate.isOpen else { return false }
    return try await store.contains(change)
  }

  func remove(_ change: PendingChange) async throws {
    try await store.remove(change)
  }
}

/// Why a gated store or journal kept nothing: another person has signed in since the run
/// learned whose they are. The callers log it, as any write that could not be kept.
struct AnotherPersonSignedIn: Error, CustomStringConvertible {
  var description: String { "another person has signed in: this run keeps nothing of theirs" }
}
