import Domain
import Presentation

/// The screen for screen readers (`--accessible`, `ACCESSIBLE=1`): plain lines, no box,
/// no colour, and nothing drawn over: each change is printed as new lines, read from the
/// accessibility labels the Presentation layer wrote for VoiceOver. Rows are numbered, and
/// typing a row's number, or a key, then Enter, does what the key does on the boxed screen.
struct AccessibleFrame {
  let words: TerminalWords

  /// The screen's final state, for a run that prints once.
  func lines(_ snapshot: ScreenSnapshot) -> [String] {
    screenLines(snapshot, saying: nil)
  }

  /// The interactive screen as it is now: the help, the form, or the screen with the keys
  /// it takes.
  func lines(
    _ model: InteractiveScreen, _ snapshot: ScreenSnapshot, form: CardFormSnapshot?, log: [String]
  ) -> [String] {
    if model.showsHelp { return help }
    if let form, let focused = model.form?.focused {
      return formLines(form, focused: focused)
    }
    // What Enter found out on a journey, or the question before a card is removed, stands
    // where the screen's message would.
    let question = model.confirmingRemoval.flatMap { id in
      snapshot.methods.first { $0.id == id }.map { words["question.remove", $0.spokenTitle] }
    }
    var lines = screenLines(snapshot, saying: question ?? model.guidance.map { $0.text(words) })
    lines.append(keysLine(model.actions(for: snapshot), rows: snapshot.methods.count))
    if model.showsLog {
      lines += ["Developer log (newest last):"] + log.suffix(10).map(UntrustedText.escaped)
    }
    return lines
  }

  /// Every key, each followed by Enter, for `?`.
  private var help: [String] {
    [
      words["help.title"],
      "1, 2, …: " + words["accessible.help.number"],
      words["accessible.help.enter"],
      "r: " + words["help.retry"],
      "w: " + words["help.switch"],
      "a: " + words["accessible.help.addCard"],
      "x: " + words["accessible.help.remove"],
      "d: " + words["accessible.help.makeDefault"],
      "e: " + words["accessible.help.newExpiry"],
      "l: " + words["help.log"],
      "?: " + words["help.help"],
      "q: " + words["accessible.help.quit"],
    ]
  }

  /// A change's outcome (`remove-card`, `set-default`, `update-card`), for a run that prints
  /// once.
  func lines(_ snapshot: CardChangeSnapshot) -> [String] {
    var lines = [words.changeTitle(snapshot, spoken: true)]
    if let message = snapshot.spokenMessage ?? snapshot.message { lines.append(message) }
    if let method = snapshot.method, !snapshot.status.removedTheMethod {
      lines.append(method.accessibilityLabel)
    }
    lines += problemLines(
      [.expiry: snapshot.fieldErrors[CardField.expiry.rawValue] ?? []])
    if !snapshot.knownIds.isEmpty {
      lines.append(words["change.knownIds", snapshot.knownIds.joined(separator: ", ")])
    }
    if let error = snapshot.error { lines.append(error.accessibilityLabel) }
    if let button = snapshot.action?.button { lines.append(words["accessible.enter", button]) }
    return lines.map(UntrustedText.escaped)
  }

  /// `add-card`'s outcome, for a run that prints once.
  func lines(_ snapshot: AddCardSnapshot) -> [String] {
    var lines = [words.labels.addCardTitle]
    switch snapshot.status {
    case .saved, .alreadySaved:
      if let card = snapshot.card {
        lines.append(
          words.labels.saved(
            card.accessibilityLabel, alreadySaved: snapshot.status == .alreadySaved)
        )
      }
      if let approved = snapshot.authentication?.message { lines.append(approved) }
    case .invalid:
      lines.append(words.labels.checkDetails)
      lines += problemLines(snapshot.fieldErrors.mapKeys(CardField.init))
    case .declined, .error:
      if let error = snapshot.error { lines.append(error.accessibilityLabel) }
    }
    return lines.map(UntrustedText.escaped)
  }

  private func screenLines(_ snapshot: ScreenSnapshot, saying said: String?) -> [String] {
    var lines = [
      snapshot.screen == .paymentMethods
        ? words.labels.paymentMethodsTitle : words.labels.walletTitle
    ]
    switch snapshot.status {
    case .loading:
      lines.append(words.labels.loading)
    case .error:
      if let error = snapshot.error { lines.append(error.accessibilityLabel) }
    case .loaded, .empty:
      let numbered = snapshot.screen == .paymentMethods
      for (index, method) in snapshot.methods.enumerated() {
        var label = method.accessibilityLabel
        if let write = method.write { label += ", " + words.labels.progress(write) }
        lines.append(numbered ? "\(index + 1). \(label)" : label)
        if let failed = method.failedWrite { lines.append(failed.accessibilityLabel) }
      }
      lines += snapshot.notices.map(\.accessibilityLabel)
      if let notice = snapshot.notice { lines.append(notice.accessibilityLabel) }
    }
    let message = snapshot.spokenMessage ?? snapshot.message
    if let message = said ?? (snapshot.isRefreshing ? words.labels.refreshing : message) {
      lines.append(message)
    }
    return lines.map(UntrustedText.escaped)
  }

  /// The form, one field at a time: what stands above it, every field's problems, and the
  /// prompt for the field to type now.
  private func formLines(_ form: CardFormSnapshot, focused: CardField) -> [String] {
    if let approval = form.approval { return approvalLines(approval) }
    var lines = [
      form.spokenCardTitle.map(words.labels.updateCardTitle) ?? words.labels.addCardTitle
    ]
    if let failure = form.failure { lines.append(failure.accessibilityLabel) }
    lines += problemLines(form.errors)
    if form.isSubmitting {
      lines.append(words.labels.saving)
    } else {
      lines.append(words["accessible.formKeys"])
      lines.append(prompt(for: focused, text: form.texts[focused, default: ""]))
    }
    return lines.map(UntrustedText.escaped)
  }

  /// The bank's approval, in the form's place: what to do, the bank's words, the wait or
  /// the answer that did not come, and the keys.
  private func approvalLines(_ approval: CardFormSnapshot.Approval) -> [String] {
    // The journey's whole label while it waits; once the bank did not answer, what is
    // still true of it.
    var lines = [
      approval.timedOut == nil
        ? approval.notice.accessibilityLabel
        : approval.notice.title + ". " + approval.notice.message
    ]
    if let bankMessage = approval.bankMessage {
      lines.append(words["approval.bankSays", bankMessage])
    }
    if let timedOut = approval.timedOut {
      lines += [timedOut.title + ". " + timedOut.message, words["accessible.approvalTimedOutKeys"]]
    } else {
      lines += [words["approval.waiting"], words["accessible.approvalKeys"]]
    }
    return lines.map(UntrustedText.escaped)
  }

  private func problemLines(_ errors: [CardField: [String]]) -> [String] {
    CardField.allCases.flatMap { field in
      (errors[field] ?? []).map { "\(words.labels.label(field)): \($0)" }
    }
  }

  /// "Expiry:", or "Expiry (Enter keeps 08/28):" when the field has a value; the number by
  /// its last four digits, the security code never.
  private func prompt(for field: CardField, text: String) -> String {
    let label = words.labels.label(field)
    guard !text.isEmpty else { return words["accessible.prompt", label] }
    let kept =
      switch field {
      case .number: words["accessible.keptNumber", String(text.filter(\.isNumber).suffix(4))]
      case .securityCode: words["accessible.keptCode"]
      case .expiry, .name: text
      }
    return words["accessible.promptKeeps", label, kept]
  }

  /// The keys the screen takes now, each to be followed by Enter.
  private func keysLine(_ actions: [InteractiveScreen.Action], rows: Int) -> String {
    let hints = actions.compactMap { action -> String? in
      switch action {
      case .move, .scroll, .nextField, .save, .back, .signInAndSave: nil
      case .confirmRemoval: "y " + words["key.remove"]
      case .keep: "n " + words["key.keep"]
      case .select: rows > 1 ? words["accessible.rows", String(rows)] : words["accessible.row"]
      case .journey(let button): words["accessible.enter", button]
      default: "\(action.hint(words).keys) \(action.hint(words).does)"
      }
    }
    return words["accessible.keys", hints.joined(separator: ", ")]
  }
}

/// What a line typed on the accessible screen means, as the keys of the boxed screen.
enum AccessibleInput {
  /// The keys for `line` (without its newline); nil for a line that means nothing here.
  static func keys(
    for line: String, model: InteractiveScreen, snapshot: ScreenSnapshot, form: CardFormSnapshot?
  ) -> [Key]? {
    let text = line.hasSuffix("\r") ? String(line.dropLast()) : line
    if text == "\u{1B}" { return [.escape] }
    if let form, let approval = form.approval {
      return text == "r" && approval.timedOut != nil ? [.character("r")] : nil
    }
    if let form, let focused = model.form?.focused {
      guard !form.isSubmitting else { return [] }
      // The line is the field's new text; an empty one keeps it. Then on to the next
      // field (leaving this one checks it), and after the last one, save.
      let current = form.texts[focused, default: ""]
      var keys: [Key] = []
      if !text.isEmpty {
        keys += Array(repeating: .backspace, count: current.count) + text.map(Key.character)
      }
      keys.append(.tab)
      if focused == form.fields.last { keys.append(.enter) }
      return keys
    }
    if text.isEmpty { return snapshot.action == nil ? [] : [.enter] }
    if let number = Int(text), snapshot.screen == .paymentMethods,
      model.highlightedRow(in: snapshot) != nil, (1...snapshot.methods.count).contains(number)
    {
      return [.home] + Array(repeating: .down, count: number - 1) + [.enter]
    }
    // A key the screen takes now; any other means nothing here.
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
      case .confirmRemoval: "y"
      case .keep: "n"
      default: nil
      }
    }
    guard text.count == 1, let character = text.first, keys.contains(character) else {
      return nil
    }
    return [.character(character)]
  }
}

extension Dictionary where Key == String {
  /// The entries whose keys `transform` turns into new keys; the others are dropped.
  fileprivate func mapKeys<Other: Hashable>(_ transform: (String) -> Other?) -> [Other: Value] {
    var result: [Other: Value] = [:]
    for (key, value) in self {
      if let other = transform(key) { result[other] = value }
    }
    return result
  }
}
