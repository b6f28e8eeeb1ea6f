extension InteractiveScreen {
  /// A key while the log's panel stands in the screen's place: its keys only (↑↓ scroll
  /// it, PgUp PgDn a page at a time, l closes it) and the keys that quit; any other does
  /// nothing, so none acts on the screen out of sight.
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
      if let pages = Self.scrollPages(key) { logScroll += pages * logPage }
    }
    return []
  }
}

extension InteractiveScreen {
  /// PgUp PgDn beside the screen: the log's panel scrolls `pages` pages, whatever the screen
  /// shows (a form, a question). They do nothing else anywhere, so the screen keeps its
  /// cursor and its scroll, and with the log closed or the help open they do nothing.
  mutating func scrollLog(pages: Int) -> [Effect] {
    if showsLog, !showsHelp { logScroll += pages * logPage }
    return []
  }

  /// The pages PgUp or PgDn scroll the log's panel by: back (negative) or forward.
  static func scrollPages(_ key: Key) -> Int? {
    switch key {
    case .pageUp: -1
    case .pageDown: 1
    default: nil
    }
  }
}
