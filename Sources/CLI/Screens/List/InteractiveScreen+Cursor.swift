import Domain
import Presentation

/// Where the cursor is on the list, and how it moves: over the rows, stopping on the notice
/// of a source that could not load, where its rows would be.
extension InteractiveScreen {
  func highlightedRow(_ snapshot: ScreenSnapshot) -> Int {
    min(max(highlighted, 0), snapshot.methods.count - 1)
  }

  /// The row the cursor is on, kept within the rows there are now; nil when the screen
  /// takes no selection now, or the cursor is on a source's notice.
  func highlightedRow(in snapshot: ScreenSnapshot) -> Int? {
    guard isOnRow(snapshot) else { return nil }
    return min(max(highlighted, 0), snapshot.methods.count - 1)
  }

  /// Whether the cursor is on a row of the list on screen: not on a source's notice, and
  /// not behind the help. (A row that cannot pay is one too: Enter and d there say why.)
  func isOnRow(_ snapshot: ScreenSnapshot) -> Bool {
    guard !showsHelp, snapshot.status == .loaded, snapshot.screen == .paymentMethods,
      !snapshot.methods.isEmpty, case .row = cursor(in: snapshot)
    else { return false }
    return true
  }

  /// What the cursor marks on the list: its row, or the source's notice it is on; nil
  /// where the screen shows no list to move over.
  func highlightedStop(in snapshot: ScreenSnapshot) -> ScreenSnapshot.Stop? {
    if let row = highlightedRow(in: snapshot) { return .row(row) }
    guard actions(for: snapshot).contains(.move), case .notice? = cursor(in: snapshot) else {
      return nil
    }
    return cursor(in: snapshot)
  }

  /// Where the cursor is among the screen's stops: the notice it was put on while that
  /// notice is there, otherwise its row.
  func cursor(in snapshot: ScreenSnapshot) -> ScreenSnapshot.Stop? {
    let stops = snapshot.stops
    if let source = highlightedNotice, stops.contains(.notice(source)) {
      return .notice(source)
    }
    guard !snapshot.methods.isEmpty else { return stops.first }
    return .row(highlightedRow(snapshot))
  }

  /// Puts the cursor on `stop`.
  mutating func move(to stop: ScreenSnapshot.Stop) {
    switch stop {
    case .row(let index):
      highlighted = index
      highlightedNotice = nil
    case .notice(let source):
      highlightedNotice = source
    }
  }

  /// Moves the cursor `step` stops on (back, for a negative one), never past the first or
  /// the last.
  mutating func move(by step: Int, in snapshot: ScreenSnapshot) {
    let stops = snapshot.stops
    guard let current = cursor(in: snapshot), let index = stops.firstIndex(of: current) else {
      return
    }
    move(to: stops[min(max(index + step, 0), stops.count - 1)])
  }
}

/// What the journey's button does on this screen.
extension InteractiveScreen {
  /// The journey's button: the ways on this app can take, and for the others, what the
  /// user would do next.
  mutating func journey(_ snapshot: ScreenSnapshot) -> [Effect] {
    switch snapshot.action?.kind {
    case .signIn:
      return [.signIn(screen)]
    case .verifyAccount:
      return [.checkStatus(screen)]
    case .updateApp:
      guidance = .updateApp
    case .contactSupport:
      guidance = .contactSupport(reference: snapshot.error?.traceId)
    case nil:
      break
    }
    return []
  }
}

extension InteractiveScreen {
  /// The lines ↑ or ↓ (k or j) scroll by.
  static func scrollLines(_ key: Key) -> Int? {
    switch key {
    case .up, .character("k"): -1
    case .down, .character("j"): 1
    default: nil
    }
  }

  /// Whether ↑↓ scroll the screen: there is nothing for them to move over (no rows, no
  /// fields), and no help in its place. The frame shows how far it can go.
  func scrolls(_ snapshot: ScreenSnapshot, form formSnapshot: CardFormSnapshot? = nil) -> Bool {
    guard !showsHelp, !(showsLog && logTakesScreen) else { return false }
    if form != nil { return formSnapshot?.approval != nil }
    return confirmingRemoval == nil && !actions(for: snapshot).contains(.move)
  }
}
