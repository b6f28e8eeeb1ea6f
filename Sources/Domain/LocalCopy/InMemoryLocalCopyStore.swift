/// Local copies kept in memory only: for tests and previews, and for a run that must leave
/// nothing on the device. It sits beside its protocol, as `SilentLog` does beside
/// `DeveloperLog`, because it needs nothing but Swift; the file store is the Data layer's.
public actor InMemoryLocalCopyStore: LocalCopyStore {
  private var lists: [String: LocalCopy]

  /// - Parameter lists: each person's local copy to start with.
  public init(_ lists: [String: LocalCopy] = [:]) {
    self.lists = lists
  }

  public func load(person: String) -> LocalCopy? {
    lists[person]
  }

  public func save(_ list: LocalCopy, person: String) {
    lists[person] = list
  }

  public func delete(person: String) {
    lists[person] = nil
  }
}
