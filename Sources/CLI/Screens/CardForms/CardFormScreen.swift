import Domain
import Presentation

/// A card form as the interactive screen shows it (adding a card, or an expired card's new
/// expiry): which field has the cursor, and what each key does there. Plain values, like
/// `InteractiveScreen`; the text, the errors and the submission live in the form's view
/// model, which the effects drive.
struct CardFormScreen: Equatable {
  var focused: CardField = .number
  /// What the last submission ran into stays in sight with the focused field, until the
  /// user moves to another field: on a short terminal the answer to Enter is read first.
  var keepsFailureInSight = false

  /// The new-expiry form: one field.
  static let newExpiry = CardFormScreen(focused: .expiry)

  /// Applies a key, given the form as the view model has it now.
  mutating func handle(_ key: Key, on form: CardFormSnapshot) -> [InteractiveScreen.Effect] {
    if let approval = form.approval {
      // While the bank is asked, the form's keys wait: Esc stops waiting, and once the
      // bank did not answer in time, r asks again.
      switch key {
      case .interrupt: return [.quit]
      case .suspend: return [.suspend]
      case .escape: return [.stopWaitingForBank]
      case .character("r") where approval.timedOut != nil: return [.waitForBankAgain]
      default: return []
      }
    }
    switch key {
    case .interrupt:
      return [.quit]
    case .suspend:
      return [.suspend]
    case .escape:
      return [.closeCardForm]
    case .tab, .down:
      return move(by: 1, in: form.fields)
    case .shiftTab, .up:
      return move(by: -1, in: form.fields)
    case .character(let character):
      return [.editCard(focused, form.texts[focused, default: ""] + String(character))]
    case .backspace:
      return [.editCard(focused, String(form.texts[focused, default: ""].dropLast()))]
    case .enter where !form.isSubmitting:
      return [
        form.action?.kind == .signIn ? .signInAndSubmitCard : .submitCard
      ]
    // PgUp PgDn scroll the log beside the form; the screen takes them before the form.
    case .enter, .home, .end, .delete, .pageUp, .pageDown:
      return []
    }
  }

  /// After a submission that stopped on the fields' problems, or on a decline that asks to
  /// check a field: the cursor goes to that field, or to the first with a problem, so the
  /// answer to Enter is in sight, where it is to be fixed. After any other failure that
  /// left the security code empty (a decline clears it), the cursor goes there: it is the
  /// field to type again before the next try.
  mutating func focusFirstProblem(in form: CardFormSnapshot) {
    keepsFailureInSight = form.failure != nil
    if let field = form.fieldToCheck, form.fields.contains(field) {
      focused = field
    } else if let field = form.fields.first(where: { !(form.errors[$0] ?? []).isEmpty }) {
      focused = field
    } else if form.failure != nil, form.fields.contains(.securityCode),
      form.texts[.securityCode, default: ""].isEmpty
    {
      focused = .securityCode
    }
  }

  /// The footer's keys on the form.
  func actions(for form: CardFormSnapshot) -> [InteractiveScreen.Action] {
    if let approval = form.approval {
      return approval.timedOut == nil ? [.stopWaiting] : [.retry, .back]
    }
    var actions: [InteractiveScreen.Action] = form.fields.count > 1 ? [.nextField] : []
    if !form.isSubmitting {
      actions.append(form.action?.kind == .signIn ? .signInAndSave : .save)
    }
    return actions + [.back]
  }

  /// Leaving a field checks it, as the form does when the user moves on.
  private mutating func move(by step: Int, in fields: [CardField]) -> [InteractiveScreen.Effect] {
    let left = focused
    keepsFailureInSight = false
    let index = fields.firstIndex(of: focused) ?? 0
    focused = fields[(index + step + fields.count) % fields.count]
    return [.leaveCardField(left)]
  }
}

/// A card form's view model state, flattened for the form's frame.
struct CardFormSnapshot: Equatable {
  var texts: [CardField: String]
  var errors: [CardField: [String]]
  /// What stands above the form: a decline, an error, or a journey.
  var failure: ScreenSnapshot.Notice?
  var action: ScreenSnapshot.Action?
  /// What came of the user's last try to get past the journey, such as a sign-in that was
  /// refused: the journey's `message`, said where the list says it, under the form.
  var message: String?
  var isSubmitting: Bool
  /// The card given a new expiry ("Mastercard •••• 4444"); nil on the add-card form.
  var cardTitle: String?
  /// The same as a screen reader reads it.
  var spokenCardTitle: String?
  /// The saved card's row id, once the card is on the user's list.
  var savedRowID: String?
  /// Whether that card had been saved before.
  var wasAlreadySaved = false
  /// The field a decline asks to check (`confirm_card_data`, an incorrect security code…).
  var fieldToCheck: CardField?
  /// The card as the backend has it once it took the new expiry.
  var updatedCard: PaymentCard?
  /// The card to update was gone (removed on another device).
  var cardGone = false
  /// The bank's approval, while the form waits for it or after it did not answer in time:
  /// it stands in the form's place.
  var approval: Approval?

  /// "Approve this card in your banking app": the form's words, and the answer that did not
  /// come in time.
  struct Approval: Equatable {
    var notice: ScreenSnapshot.Notice
    /// The button that stops waiting.
    var button: String
    /// Set once the bank did not answer in time.
    var timedOut: ScreenSnapshot.Notice?
    /// How long the form has waited, in whole seconds, and the longest it waits.
    var waited: Duration = .zero
    var budget: Duration = WaitForBankApprovalUseCase.defaultBudget
  }

  /// The form's fields, in order: all four to add a card, the expiry alone to update one.
  var fields: [CardField] { cardTitle == nil ? CardField.allCases : [.expiry] }

  @MainActor
  init(_ viewModel: AddCardViewModel) {
    texts = Dictionary(uniqueKeysWithValues: CardField.allCases.map { ($0, viewModel.form[$0]) })
    errors = viewModel.fieldErrors
    isSubmitting = viewModel.phase == .submitting
    if case .saved(let row, let alreadySaved) = viewModel.phase {
      savedRowID = row.id
      wasAlreadySaved = alreadySaved
    }
    (failure, action) = viewModel.failure.map(AddCardSnapshot.notice(for:)) ?? (nil, nil)
    if case .declined(let decline)? = viewModel.failure { fieldToCheck = decline.field }
    if case .journey(let decision)? = viewModel.failure { message = decision.message }
    if let approval = viewModel.approval,
      viewModel.phase == .waitingForBank || viewModel.phase == .bankDidNotAnswer
    {
      self.approval = Approval(
        notice: ScreenSnapshot.Notice(
          title: approval.notice.title, message: approval.notice.message,
          hint: approval.notice.hint, accessibilityLabel: approval.accessibilityLabel),
        button: approval.button,
        timedOut: viewModel.phase == .bankDidNotAnswer
          ? approval.failure.map(ScreenSnapshot.Notice.init) : nil,
        waited: approval.waited, budget: approval.budget)
    }
  }

  @MainActor
  init(_ viewModel: UpdateCardViewModel) {
    texts = [.expiry: viewModel.expiry]
    errors = viewModel.expiryErrors.isEmpty ? [:] : [.expiry: viewModel.expiryErrors]
    isSubmitting = viewModel.phase == .submitting
    cardTitle = viewModel.cardTitle
    spokenCardTitle = viewModel.spokenCardTitle
    switch viewModel.phase {
    case .updated(let card): updatedCard = card
    case .cardGone: cardGone = true
    case .editing, .submitting, .invalid: break
    }
    (failure, action) = viewModel.failure.map(AddCardSnapshot.notice(for:)) ?? (nil, nil)
    if case .declined(let decline)? = viewModel.failure { fieldToCheck = decline.field }
    if case .journey(let decision)? = viewModel.failure { message = decision.message }
  }
}

extension ScreenRenderer {
  /// A card form: what stands above it, then each field with its value and its problems.
  /// - Parameter keepingFailure: what the last submission ran into is kept in sight with
  ///   the focused field (where there is room, it is in sight anyway).
  func drawing(_ form: CardFormSnapshot, focused: CardField, keepingFailure: Bool = false)
    -> Drawing
  {
    if let approval = form.approval { return drawing(approval) }
    var body: [String] = []
    var focus: Range<Int>?
    var blocks: [Range<Int>] = []
    if let failure = form.failure {
      // On the form, the journey's button is Enter on the form: it signs in, then saves.
      var action = form.action
      if action?.kind == .signIn { action?.button = words.labels.signInAndSave }
      body += errorLines(failure, action: action)
      blocks.append(0..<body.count)
      body += row("")
    }
    for field in form.fields {
      let isFocused = field == focused
      let start = body.count
      let label = (isFocused ? "▸ " : "  ") + words.labels.label(field)
      body += wrapped(label, prefix: "", style: isFocused ? palette.bold : { $0 })
      let value = Self.shown(form.texts[field, default: ""], field, isFocused: isFocused)
      body += wrapped(value.isEmpty && isFocused ? "_" : value, prefix: "    ", style: { $0 })
      for message in form.errors[field] ?? [] {
        body += wrapped(message, prefix: "    ✖ ", style: palette.red)
      }
      // The field with its problems, and above it what the last submission ran into: kept
      // in sight until the user moves on, then where there is room (from its title).
      if isFocused { focus = (keepingFailure ? 0 : start)..<body.count }
    }
    let message = form.isSubmitting ? words.labels.saving : form.message
    return box(
      title: form.cardTitle.map(words.labels.updateCardTitle) ?? words.labels.addCardTitle,
      body: body, focus: focus, message: message,
      references: [form.failure?.traceId], blocks: blocks)
  }

  /// The bank's approval in the form's place: what to do, and the wait, or the answer that
  /// did not come.
  private func drawing(_ approval: CardFormSnapshot.Approval) -> Drawing {
    var body = wrapped(approval.notice.message, prefix: "", style: { $0 })
    // "This screen moves on by itself" holds while it waits.
    if approval.timedOut == nil {
      body += wrapped(approval.notice.hint, prefix: "→ ", style: palette.dim)
    }
    body += row("")
    // The wait, or the answer that did not come, stays in sight on a short terminal.
    let status = body.count
    if let timedOut = approval.timedOut {
      body += wrapped(timedOut.title, prefix: "✖ ", style: palette.red)
      body += wrapped(timedOut.message, prefix: "  ", style: { $0 })
    } else {
      // The time waited, every second: "Waiting for your bank… 0:12 of 2:00"; where the
      // line does not fit, the time of its budget on a line of its own, never cut apart.
      let time = words.labels.timeWaited(approval.waited, of: approval.budget)
      let waiting = words["approval.waiting"] + " " + time
      body +=
        CellWidth.of(waiting) <= innerWidth
        ? wrapped(waiting, prefix: "", style: palette.dim)
        : wrapped(words["approval.waiting"], prefix: "", style: palette.dim)
          + wrapped(time, prefix: "", style: palette.dim)
    }
    return box(
      title: approval.notice.title, body: body, focus: status..<body.count, message: nil,
      references: [])
  }

  /// What the screen shows of a field's text. The number shows its digits while the user
  /// types it, grouped as the card prints them, so that they can be checked, and only its
  /// last four once the cursor has left it; the security code never shows.
  static func shown(_ text: String, _ field: CardField, isFocused: Bool) -> String {
    switch field {
    case .number:
      let digits = text.filter { $0 != " " && $0 != "-" }
      guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
        return isFocused ? text : masked(text)
      }
      let grouped = groups(of: digits).joined(separator: " ")
      return isFocused ? grouped : masked(grouped)
    case .securityCode:
      return String(repeating: "•", count: text.count)
    case .expiry, .name:
      return text
    }
  }

  /// The digits as the card prints them: American Express in 4, 6 and 5, the others in
  /// fours.
  private static func groups(of digits: String) -> [Substring] {
    let sizes =
      CardValidation.brand(of: digits) == .americanExpress
      ? [4, 6, 5] : Array(repeating: 4, count: (digits.count + 3) / 4)
    var groups: [Substring] = []
    var rest = Substring(digits)
    for size in sizes where !rest.isEmpty {
      groups.append(rest.prefix(size))
      rest = rest.dropFirst(size)
    }
    if !rest.isEmpty { groups.append(rest) }
    return groups
  }

  /// Every digit but the last four as a dot.
  private static func masked(_ text: String) -> String {
    let digits = text.filter(\.isNumber).count
    var seen = 0
    return String(
      text.map { character in
        guard character.isNumber else { return character }
        seen += 1
        return seen > digits - 4 ? character : "•"
      })
  }
}
