import Domain
import Observation
import Presentation

/// The form: adding a card, or an expired card's new expiry, open over the
/// payment-methods screen; what the user does on it, and where a submission leads.
extension InteractiveSession {
  /// Starts what an effect asks of the open form, as `carryOut` does for the others:
  /// returns the task to redraw after, or nil when there is nothing to wait for (a
  /// submission is drawn once it has settled: `Event.formSettled`).
  func carryOutOnForm(_ effect: InteractiveScreen.Effect, on screens: Screens)
    -> Task<Void, Never>?
  {
    switch effect {
    case .openCardForm:
      let form = screens.makeCardForm()
      cardForm = .addCard(form)
      redrawWhenWaitingChanges(form)
      return nil
    case .stopWaitingForBank:
      if case .addCard(let form)? = cardForm { windingDown.append(form.stopWaitingForBank()) }
      // The user left the submission: the form is theirs again at once.
      unsettledSubmission = nil
      return nil
    case .waitForBankAgain:
      guard case .addCard(let form)? = cardForm, let open = cardForm else { return nil }
      // Asking again is the user's recovery.
      return settling(
        afterUserActs { clock in
          let submission = ConsoleLog.startingLoad(on: clock) { form.waitForBankAgain() }
          return Task {
            guard let submission else { return }
            await self.finishSubmission(submission, of: open, on: screens)
          }
        })
    case .openExpiryForm(let rowID):
      guard let card = screens.paymentMethods.card(for: rowID),
        let form = expiryForms[rowID] ?? screens.makeExpiryForm?(card)
      else {
        model.form = nil
        return nil
      }
      expiryForms[rowID] = form
      cardForm = .newExpiry(form)
      return nil
    case .closeCardForm:
      if let stopping = cardForm?.cancel() { windingDown.append(stopping) }
      cardForm = nil
      unsettledSubmission = nil
      return nil
    case .editCard(let field, let text):
      cardForm?.edit(field, to: text)
      return nil
    case .leaveCardField(let field):
      cardForm?.leave(field)
      return nil
    case .submitCard, .signInAndSubmitCard:
      guard let form = cardForm else { return nil }
      let start: @MainActor (any Clock<Duration>) -> Task<Void, Never> = { clock in
        let submission = ConsoleLog.startingLoad(on: clock) {
          effect == .submitCard ? form.submit() : form.signInAndSubmit()
        }
        return Task { await self.finishSubmission(submission, of: form, on: screens) }
      }
      // Saving again after a failure, or signing in to save, is the user's recovery.
      return settling(form.snapshot.failure == nil ? start(clock) : afterUserActs(start))
    case .load, .retry, .signIn, .checkStatus, .select, .removeCard, .makeDefault, .suspend,
      .quit, .refuseNewExpiry, .refuseRemoval:
      // Not the form's: `carryOut` starts them.
      return nil
    }
  }

  /// A submission of the form, unsettled until `finishing` (the submission and what the
  /// session does with its outcome) has ended: then `Event.formSettled` draws the outcome.
  /// Nothing to redraw after meanwhile: the task returned is nil.
  private func settling(_ finishing: Task<Void, Never>) -> Task<Void, Never>? {
    submissionsStarted += 1
    let submission = submissionsStarted
    unsettledSubmission = submission
    let sink = sink
    Task {
      await finishing.value
      sink.yield(.formSettled(submission: submission))
    }
    return nil
  }

  /// Redraws whenever the add-card form starts waiting for the bank, and each second it
  /// waits (the time waited goes on): that happens in the middle of a submission, which
  /// otherwise is drawn only once it has settled. Observed as SwiftUI would observe it, for
  /// as long as the form is open. (Every other change of its phase ends a submission: drawn
  /// then, it would show a form the session is about to change.) The accessible screen
  /// prints only what changed, which the time waited does at its calm pace
  /// (`AccessibleFrame.timeWaitedPace`).
  func redrawWhenWaitingChanges(_ form: AddCardViewModel) {
    guard case .addCard(let open)? = cardForm, open === form else { return }
    withObservationTracking {
      _ = form.phase
      _ = form.approval?.waited
    } onChange: { [sink] in
      // Called as the phase is about to change: read once it has.
      Task { @MainActor in
        if form.phase == .waitingForBank { sink.yield(.published) }
        self.redrawWhenWaitingChanges(form)
      }
    }
  }

  /// Once a submission has ended: a saved card closes the form and takes the user back to
  /// the list, reloaded, with the new card selected; a card given its new expiry closes it
  /// and shows that row as the backend has it now; a card gone closes it and loads the list
  /// again; anything else stays on the form.
  func finishSubmission(
    _ submission: Task<Void, Never>, of form: OpenForm, on screens: Screens
  ) async {
    await submission.value
    guard cardForm == form else { return }
    let snapshot = form.snapshot
    if let card = snapshot.updatedCard {
      closeForm(form)
      screens.paymentMethods.showUpdated(card)
      return
    }
    if snapshot.cardGone {
      closeForm(form)
      await screens.paymentMethods.showCardGone().value
      return
    }
    guard let rowID = snapshot.savedRowID else {
      model.form?.focusFirstProblem(in: snapshot)
      return
    }
    closeForm(form)
    let reload = ConsoleLog.startingLoad(on: clock) { screens.load(.paymentMethods) }
    await reload.value
    screens.paymentMethods.selectAdded(rowID, alreadySaved: snapshot.wasAlreadySaved)
    let rows = screens.snapshot(of: .paymentMethods).methods
    if let index = rows.firstIndex(where: { $0.id == rowID }) {
      model.highlighted = index
      model.highlightedNotice = nil
    }
  }

  /// A form whose work is done goes, and is not kept for the next time.
  private func closeForm(_ form: OpenForm) {
    if case .newExpiry(let viewModel) = form { expiryForms[viewModel.rowID] = nil }
    cardForm = nil
    model.form = nil
  }

  /// The form open over the payment-methods screen, with its view model.
  @MainActor
  enum OpenForm: Equatable {
    case addCard(AddCardViewModel)
    case newExpiry(UpdateCardViewModel)

    var snapshot: CardFormSnapshot {
      switch self {
      case .addCard(let viewModel): CardFormSnapshot(viewModel)
      case .newExpiry(let viewModel): CardFormSnapshot(viewModel)
      }
    }

    func edit(_ field: CardField, to text: String) {
      switch self {
      case .addCard(let viewModel): viewModel.edit(field, to: text)
      case .newExpiry(let viewModel): viewModel.edit(to: text)
      }
    }

    func leave(_ field: CardField) {
      switch self {
      case .addCard(let viewModel): viewModel.leave(field)
      case .newExpiry(let viewModel): viewModel.leave()
      }
    }

    func submit() -> Task<Void, Never> {
      switch self {
      case .addCard(let viewModel): viewModel.submit()
      case .newExpiry(let viewModel): viewModel.submit()
      }
    }

    func signInAndSubmit() -> Task<Void, Never> {
      switch self {
      case .addCard(let viewModel): viewModel.signInAndSubmit()
      case .newExpiry(let viewModel): viewModel.signInAndSubmit()
      }
    }

    /// The task ends once what the form still owed the backend (a setup to cancel) is sent,
    /// and the cancelled submission has ended.
    func cancel() -> Task<Void, Never> {
      switch self {
      case .addCard(let viewModel): viewModel.cancel()
      case .newExpiry(let viewModel): viewModel.cancel()
      }
    }

    /// Whether the form is a new card its bank is asked to approve, or did not answer in
    /// time for: leaving cancels its setup.
    var waitsForBank: Bool {
      guard case .addCard(let viewModel) = self else { return false }
      return viewModel.phase == .waitingForBank || viewModel.phase == .bankDidNotAnswer
    }

    /// The same form: the same view model.
    nonisolated static func == (lhs: OpenForm, rhs: OpenForm) -> Bool {
      switch (lhs, rhs) {
      case (.addCard(let left), .addCard(let right)): left === right
      case (.newExpiry(let left), .newExpiry(let right)): left === right
      default: false
      }
    }
  }
}
