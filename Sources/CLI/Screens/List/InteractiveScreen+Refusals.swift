extension InteractiveScreen {
  /// A change pressed on a row that does not take it: the footer does not offer it there,
  /// the help does, so the row says why nothing changes rather than nothing happening.
  /// Apple Pay and the wallet are not removed (`x`); a card that has not expired, Apple Pay
  /// and the wallet take no new expiry (`e`); Apple Pay, a card that cannot pay and the
  /// default take no default (`d`, which the view model answers with why). Nothing for
  /// any other key, or off a row.
  func refusal(_ key: Key, on snapshot: ScreenSnapshot) -> [Effect] {
    guard isOnRow(snapshot) else { return [] }
    let row = snapshot.methods[highlightedRow(snapshot)]
    switch key {
    case .character("x") where rowChanges && row.takesNoRemoval:
      return [.refuseRemoval(rowID: row.id)]
    case .character("e") where expiryUpdates && row.takesNoNewExpiry:
      return [.refuseNewExpiry(rowID: row.id)]
    case .character("d") where rowChanges && row.changesNoDefault:
      return [.makeDefault(rowID: row.id)]
    default:
      return []
    }
  }
}
