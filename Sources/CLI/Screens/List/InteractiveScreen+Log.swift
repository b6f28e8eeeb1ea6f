extension InteractiveScreen {
  /// A key while the log's panel stands in the screen's place: its keys only (↑↓ scroll
  /// it, l closes it) and the keys that quit; any other does nothing, so none acts on the
  /// screen out of sight.
  mutating func handleInLog(_ key: Key) -> [Effect] {
    switch key {
    case .character("q"), .escape, .interrupt:
      return [.quit]
    case .suspend:
      return [.suspend]
    case .character("l"):
      showsLog = false
      logScroll = 0
    default:
      if let lines = Self.scrollLines(key) { logScroll += lines }
    }
    return []
  }
}
