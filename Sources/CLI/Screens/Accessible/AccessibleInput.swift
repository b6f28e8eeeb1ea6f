import Domain
import Presentation

/// What the accessible screen remembers from one line to the next.
struct LineMode: Equatable {
  /// The row the user chose last, by its number or by moving to it: the row `x`, `d` and
  /// `e` change. Nil until they chose one.
  var chosenRowID: String?
  /// `x`, `d` or `e`, typed before a row was chosen: it waits for the row's number.
  var waitingForRow: Character?
}

/// What a line typed on the accessible screen means, as the keys of the boxed screen.
enum AccessibleInput {
  /// What a line does.
  struct Meaning: Equatable {
    var keys: [Key]
    /// The line moved the cursor: what it is on now is read out.
    var readsCursor = false
    /// The line was empty: the keys the screen takes now are read out.
    var readsKeys = false
    /// The line was a number no row has: the rows there are are named.
    var noSuchRow: Int?
  }

  /// The changes to a row, by their keys.
  private static let rowChanges: [Character: InteractiveScreen.Action] = [
    "x": .remove, "d": .makeDefault, "e": .newExpiry,
  ]

  /// What `line` (without its newline) means; nil for a line that means nothing here.
  /// `lineMode` keeps the row the user chose and a change waiting for its row.
  static func meaning(
    of line: String, model: InteractiveScreen, snapshot: ScreenSnapshot,
    form: CardFormSnapshot?, lineMode: inout LineMode
  ) -> Meaning? {
    let text = line.hasSuffix("\r") ? String(line.dropLast()) : line
    if let form, model.form != nil {
      return formKeys(text, model: model, form: form).map { Meaning(keys: $0) }
    }
    // A question which row a change is for is answered by the row's number; any other line
    // leaves it (Esc only that).
    let waiting = lineMode.waitingForRow
    lineMode.waitingForRow = nil
    if waiting != nil, text == "\u{1B}" { return Meaning(keys: []) }
    if text == "\u{1B}" { return Meaning(keys: [.escape]) }
    // The question to remove a card takes its answers only: a row's number typed then
    // would reach the question as Enter, which removes.
    let answers = ["y", String(model.yesKey), "n"]
    if model.confirmingRemoval != nil, !text.isEmpty, !answers.contains(text) { return nil }
    if text.isEmpty {
      // Enter alone presses the journey's button, or selects the row the user moved to, as
      // Enter does on the boxed screen; with neither, it reads the keys out.
      let selects = selectsChosenRow(model, snapshot, lineMode)
      return snapshot.action == nil && !selects
        ? Meaning(keys: [], readsKeys: true) : Meaning(keys: [.enter])
    }
    let stops = snapshot.stops
    if let number = Int(text), snapshot.screen == .paymentMethods,
      model.highlightedStop(in: snapshot) != nil, snapshot.methods.indices.contains(number - 1),
      let stop = stops.firstIndex(of: .row(number - 1))
    {
      let moves = [Key.home] + Array(repeating: .down, count: stop)
      lineMode.chosenRowID = snapshot.methods[number - 1].id
      guard let waiting else { return Meaning(keys: moves + [.enter]) }
      // The change typed before, for this row, if it takes it.
      var moved = model
      for key in moves { _ = moved.handle(key, on: snapshot) }
      guard takes(waiting, moved, snapshot) else { return nil }
      return Meaning(keys: moves + [.character(waiting)])
    }
    // A number where the rows are numbered, but no row's: the answer names the rows there are.
    if let number = Int(text), snapshot.screen == .paymentMethods,
      model.highlightedStop(in: snapshot) != nil, !snapshot.methods.isEmpty
    {
      return Meaning(keys: [], noSuchRow: number)
    }
    // The keys that move on the boxed screen (j, k, g, G, the arrows, Home, End) move here
    // too, each line's keys in turn.
    let moves = Key.decode(Array(text.utf8))
    if !moves.isEmpty, moves.allSatisfy(isMove), model.actions(for: snapshot).contains(.move) {
      var moved = model
      for key in moves { _ = moved.handle(key, on: snapshot) }
      if case .row(let index)? = moved.highlightedStop(in: snapshot) {
        lineMode.chosenRowID = snapshot.methods[index].id
      }
      return Meaning(keys: moves, readsCursor: true)
    }
    guard text.count == 1, let character = text.first else { return nil }
    // A change typed before any row was chosen asks which row first: the cursor's row is
    // one the user never heard of.
    let rowID = model.highlightedRow(in: snapshot).map { snapshot.methods[$0].id }
    if let change = rowChanges[character], offers(change, model, snapshot),
      rowID == nil || rowID != lineMode.chosenRowID
    {
      lineMode.waitingForRow = character
      return Meaning(keys: [])
    }
    // A key the screen takes now; any other means nothing here.
    return takes(character, model, snapshot) ? Meaning(keys: [.character(character)]) : nil
  }

  /// The form's keys for a line: the focused field's new text (an empty line keeps it),
  /// then on to the next field (leaving this one checks it), and after the last one, save.
  private static func formKeys(_ text: String, model: InteractiveScreen, form: CardFormSnapshot)
    -> [Key]?
  {
    if text == "\u{1B}" { return [.escape] }
    if let approval = form.approval {
      return text == "r" && approval.timedOut != nil ? [.character("r")] : nil
    }
    guard let focused = model.form?.focused, !form.isSubmitting else { return [] }
    let current = form.texts[focused, default: ""]
    var keys: [Key] = []
    if !text.isEmpty {
      keys += Array(repeating: .backspace, count: current.count) + text.map(Key.character)
    }
    keys.append(.tab)
    if focused == form.fields.last { keys.append(.enter) }
    return keys
  }

  /// Whether Enter alone selects the row under the cursor: the user chose it, by its number
  /// or by moving to it. (On a row that cannot pay, Enter says why, as on the boxed screen.)
  static func selectsChosenRow(
    _ model: InteractiveScreen, _ snapshot: ScreenSnapshot, _ lineMode: LineMode
  ) -> Bool {
    guard model.confirmingRemoval == nil, let index = model.highlightedRow(in: snapshot)
    else { return false }
    return snapshot.methods[index].id == lineMode.chosenRowID
  }

  /// Whether the screen offers a change to a row now, on some row: the change typed then
  /// asks which row.
  private static func offers(
    _ change: InteractiveScreen.Action, _ model: InteractiveScreen, _ snapshot: ScreenSnapshot
  ) -> Bool {
    guard model.highlightedStop(in: snapshot) != nil else { return false }
    // d on Apple Pay is taken (and refused with its reason), though not offered; so are x
    // on Apple Pay and the wallet, and e on every row that takes no new expiry.
    if change == .makeDefault || change == .remove, model.rowChanges { return true }
    if change == .newExpiry, model.expiryUpdates { return true }
    return snapshot.methods.indices.contains { index in
      var onRow = model
      onRow.highlighted = index
      onRow.highlightedNotice = nil
      return onRow.actions(for: snapshot).contains(change)
    }
  }

  /// Whether the screen, as `model` has it, takes `character` now.
  private static func takes(
    _ character: Character, _ model: InteractiveScreen, _ snapshot: ScreenSnapshot
  ) -> Bool {
    let keys: [Character] = model.actions(for: snapshot).compactMap { action in
      switch action {
      case .retry: "r"
      case .addCard: "a"
      case .switchScreen: "w"
      case .log: "l"
      case .help: "?"
      case .quit: "q"
      case .remove: "x"
      case .makeDefault: "d"
      case .newExpiry: "e"
      case .confirmRemoval: model.yesKey
      case .keep: "n"
      default: nil
      }
    }
    // d on Apple Pay, on a card that cannot pay, or on the default is taken, and answered
    // with why nothing changes.
    let row = model.highlightedRow(in: snapshot).map { snapshot.methods[$0] }
    let changesNone = row?.changesNoDefault == true
    // e on a row that takes no new expiry is taken too, and x on Apple Pay and the wallet,
    // each answered with why.
    let takesNoExpiry = row?.takesNoNewExpiry == true
    let takesNoRemoval = row?.takesNoRemoval == true
    // y answers yes in every language, beside the language's own key.
    let yes = character == "y" && keys.contains(model.yesKey)
    return keys.contains(character) || yes
      || (character == "d" && model.rowChanges && changesNone)
      || (character == "e" && model.expiryUpdates && takesNoExpiry)
      || (character == "x" && model.rowChanges && takesNoRemoval)
  }

  private static func isMove(_ key: Key) -> Bool {
    switch key {
    case .up, .down, .home, .end, .character("j"), .character("k"), .character("g"),
      .character("G"):
      true
    default:
      false
    }
  }
}
