import Domain

/// A local-copy store in memory that records every call and can be told to fail: a list
/// that cannot be read, a disk that refuses a write or a delete.
public actor LocalCopyStoreSpy: LocalCopyStore {
  public enum Call: Sendable, Equatable {
    case load(person: String)
    case save(person: String)
    case delete(person: String)
  }

  private var lists: [String: LocalCopy]
  private var loadError: (any Error)?
  private var saveError: (any Error)?
  private var deleteError: (any Error)?
  private let beforeLoad: @Sendable () async throws -> Void
  public private(set) var calls: [Call] = []

  /// - Parameter beforeLoad: runs at the start of each load; what it throws, the load
  ///   throws (a load that never ends: `suspendUntilCancelled`).
  public init(
    _ lists: [String: LocalCopy] = [:], loadError: (any Error)? = nil,
    saveError: (any Error)? = nil, deleteError: (any Error)? = nil,
    beforeLoad: @escaping @Sendable () async throws -> Void = {}
  ) {
    self.lists = lists
    self.loadError = loadError
    self.saveError = saveError
    self.deleteError = deleteError
    self.beforeLoad = beforeLoad
  }

  /// The person's list as kept now, without recording a call.
  public func list(_ person: String) -> LocalCopy? { lists[person] }

  /// Whether anything was written or deleted.
  public var wroteAnything: Bool {
    calls.contains { call in
      if case .load = call { return false }
      return true
    }
  }

  public func load(person: String) async throws -> LocalCopy? {
    calls.append(.load(person: person))
    try await beforeLoad()
    if let loadError { throw loadError }
    return lists[person]
  }

  public func save(_ list: LocalCopy, person: String) throws {
    calls.append(.save(person: person))
    if let saveError { throw saveError }
    lists[person] = list
    // A list that could not be read is replaced by the next one written.
    loadError = nil
  }

  public func delete(person: String) throws {
    calls.append(.delete(person: person))
    if let deleteError { throw deleteError }
    lists[person] = nil
    loadError = nil
  }
}
