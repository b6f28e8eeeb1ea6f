import Domain
import Presentation

/// The screen for screen readers (`--accessible`, `ACCESSIBLE=1`): plain lines, no box,
/// no colour, and nothing drawn over: each change is printed as new lines, read from the
/// accessibility labels the Presentation layer wrote for VoiceOver. Rows are numbered, and
/// typing a row's number, or a key, then Enter, does what the key does on the boxed screen.
struct AccessibleFrame {
  let words: TerminalWords

  /// How often a long wait says how long it has lasted: at every half minute, not every
  /// second as the boxed screen does. Each new line is read out, so a line a second would
  /// drown what the wait is for; a wait's first line says the time too ("0:00 of 2:00"),
  /// then the time is said again at 0:30, 1:00, 1:30. The bank's approval waits up to two
  /// minutes against a server; finishing the last run's changes says its time the same way.
  static let timeWaitedPace = Duration.seconds(30)

  /// `waited`, down to the last mark of `timeWaitedPace`: what the accessible screen says.
  static func calmly(_ waited: Duration) -> Duration {
    let pace = timeWaitedPace.components.seconds
    return .seconds(waited.components.seconds / pace * pace)
  }

  /// The screen's final state, for a run that prints once.
  func lines(_ snapshot: ScreenSnapshot) -> [String] {
    screenLines(snapshot, saying: nil)
  }

  /// The interactive screen as it is now: the help, the form, or the screen with the keys
  /// it takes.
  ///
  /// - Parameter lineMode: the row the user chose, and a change typed before any row was
  ///   chosen (the screen then asks which row).
  func lines(
    _ model: InteractiveScreen, _ snapshot: ScreenSnapshot, form: CardFormSnapshot?,
    log: [String], lineMode: LineMode = LineMode()
  ) -> [String] {
    if model.showsHelp { return help(model) }
    if let form, let focused = model.form?.focused {
      return formLines(form, focused: focused)
    }
    // What Enter found out on a journey, or a question (before a card is removed, or which
    // row a change is for), stands where the screen's message would.
    let question =
      model.confirmingRemoval.flatMap { id in
        snapshot.methods.first { $0.id == id }.map { words["question.remove", $0.spokenTitle] }
      } ?? (lineMode.waitingForRow != nil ? words["accessible.whichRow"] : nil)
    var lines = screenLines(snapshot, saying: question ?? model.guidance.map { $0.text(words) })
    lines.append(keysLine(model, snapshot))
    if model.showsLog {
      // The heading in the user's words; the log's lines stay English.
      lines.append(words["log.title"])
      lines += log.isEmpty ? [words["log.empty"]] : log.suffix(10).map(UntrustedText.escaped)
    }
    return lines
  }

  /// Every key the screen on show takes, each followed by Enter, for `?`: the wallet
  /// screen, which has no rows, lists no row's keys, and the changes are listed where the
  /// session makes them.
  private func help(_ model: InteractiveScreen) -> [String] {
    let last = [
      "l: " + words["help.log"],
      "?: " + words["help.help"],
      "q: " + words["accessible.help.quit"],
    ]
    guard model.screen == .paymentMethods else {
      return [
        words["help.title"],
        words["accessible.help.enter.journey"],
        "r: " + words["help.retry"],
        "w: " + words["help.switch"],
      ] + last
    }
    var lines = [
      words["help.title"],
      "1, 2, …: " + words["accessible.help.number"],
      "j, k, ↑, ↓, g, G: " + words["accessible.help.move"],
      words["accessible.help.enter"],
      "r: " + words["help.retry"],
      "w: " + words["help.switch"],
      "a: " + words["accessible.help.addCard"],
    ]
    if model.rowChanges {
      lines += [
        "x: " + words["accessible.help.remove"],
        "d: " + words["accessible.help.makeDefault"],
      ]
    }
    if model.expiryUpdates { lines.append("e: " + words["accessible.help.newExpiry"]) }
    return lines + last
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
    // The journey's button is no key here: the run has ended, and its exit code and the
    // error's hint say what to do.
    if let error = snapshot.error { lines.append(error.accessibilityLabel) }
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
      for index in snapshot.methods.indices {
        lines.append(rowLine(index, in: snapshot))
        if let failed = snapshot.methods[index].failedWrite {
          lines.append(failed.accessibilityLabel)
        }
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

  /// A row as the screen lists it: numbered on the payment-methods screen, with the change
  /// on its way, if any.
  private func rowLine(_ index: Int, in snapshot: ScreenSnapshot) -> String {
    let method = snapshot.methods[index]
    var label = method.accessibilityLabel
    if let write = method.write { label += ", " + words.labels.spokenProgress(write) }
    return snapshot.screen == .paymentMethods ? "\(index + 1). \(label)" : label
  }

  /// What the cursor is on after a move, read out as one line: the row as the screen lists
  /// it, or the notice of a source that could not load.
  func cursorLine(_ model: InteractiveScreen, _ snapshot: ScreenSnapshot) -> String? {
    switch model.highlightedStop(in: snapshot) {
    case .row(let index)?:
      return UntrustedText.escaped(rowLine(index, in: snapshot))
    case .notice(let source)?:
      let labels = snapshot.notices.filter { $0.source == source }.map(\.accessibilityLabel)
      return UntrustedText.escaped(labels.joined(separator: " "))
    case nil:
      return nil
    }
  }

  /// The form, one field at a time: what stands above it, every field's problems, and the
  /// prompt for the field to type now.
  private func formLines(_ form: CardFormSnapshot, focused: CardField) -> [String] {
    if let approval = form.approval { return approvalLines(approval) }
    var lines = [
      form.spokenCardTitle.map(words.labels.updateCardTitle) ?? words.labels.addCardTitle
    ]
    if let failure = form.failure { lines.append(failure.accessibilityLabel) }
    if let message = form.message { lines.append(message) }
    lines += problemLines(form.errors)
    if form.isSubmitting {
      lines.append(words.labels.saving)
    } else {
      lines.append(words["accessible.formKeys"])
      // The journey's button is Enter on the last field: named here, where the boxed form
      // shows the button.
      if form.action?.kind == .signIn {
        lines.append(words["accessible.formSignIn", words.labels.signInAndSave])
      }
      lines.append(prompt(for: focused, text: form.texts[focused, default: ""]))
    }
    return lines.map(UntrustedText.escaped)
  }

  /// The bank's approval, in the form's place: what to do, the wait or the answer that did
  /// not come, and the keys.
  private func approvalLines(_ approval: CardFormSnapshot.Approval) -> [String] {
    // The journey's whole label while it waits; once the bank did not answer, what is
    // still true of it.
    var lines = [
      approval.timedOut == nil
        ? approval.notice.accessibilityLabel
        : approval.notice.title + ". " + approval.notice.message
    ]
    if let timedOut = approval.timedOut {
      lines += [timedOut.title + ". " + timedOut.message, words["accessible.approvalTimedOutKeys"]]
    } else {
      let time = words.labels.timeWaited(
        Self.calmly(approval.waited), of: approval.budget)
      lines += [words["approval.waiting"] + " " + time, words["accessible.approvalKeys"]]
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

  /// The keys the screen takes now, as its last line says them.
  func keysLine(_ model: InteractiveScreen, _ snapshot: ScreenSnapshot) -> String {
    keysLine(model.actions(for: snapshot), rows: snapshot.methods.count)
  }

  /// The keys the screen takes now, each to be followed by Enter.
  private func keysLine(_ actions: [InteractiveScreen.Action], rows: Int) -> String {
    // The rows' numbers, then the moves, once: the numbers are taken whenever the cursor
    // moves over the rows, on a source's notice too.
    let numbers = rows > 1 ? words["accessible.rows", String(rows)] : words["accessible.row"]
    // Enter alone selects the row moved to, as Enter does on the boxed screen.
    let moves =
      !actions.contains(.move)
      ? ""
      : ", " + words[actions.contains(.select) ? "accessible.moveThenSelect" : "accessible.move"]
    let hints = actions.compactMap { action -> String? in
      switch action {
      case .scroll, .nextField, .save, .back, .signInAndSave: nil
      case .move: actions.contains(.select) ? nil : numbers + moves
      case .select: numbers + moves
      case .confirmRemoval: "\(words.yesKey) " + words["key.remove"]
      case .keep: "n " + words["key.keep"]
      case .journey(let button): words["accessible.enter", button]
      default: "\(action.hint(words).keys) \(action.hint(words).does)"
      }
    }
    return words["accessible.keys", hints.joined(separator: ", ")]
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
