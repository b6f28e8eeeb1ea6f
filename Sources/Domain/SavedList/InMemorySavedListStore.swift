/// Saved lists kept in memory only: for tests and previews, and for a run that must leave
/// nothing on the device. It sits beside its protocol, as `SilentLog` does beside
/// `DeveloperLog`, because it needs nothing but Swift; the file store is the Data layer's.
public actor InMemorySavedListStore: SavedListStore {
  private var lists: [String: SavedList]

  /// - Parameter lists: each account's saved list to start with.
  public init(_ lists: [String: SavedList] = [:]) {
    self.lists = lists
  }

  public func load(account: String) -> SavedList? {
    lists[account]
  }

  public func save(_ list: SavedList, account: String) {
    lists[account] = list
  }

  public func delete(account: String) {
    lists[account] = nil
  }
}
