import Presentation

/// The loading, and what else the screen asks of the view models: each effect
/// `InteractiveScreen` returns is started here (the open form's in `+Form`), and a
/// recovery the user performs is told to the backend first.
extension InteractiveSession {
  /// Starts what an effect asks of a view model, the way the one-shot mode starts its load:
  /// inside a new timeline for the log, and with a redraw once the state is published.
  func carryOut(_ effect: InteractiveScreen.Effect, on screens: Screens) {
    if let name = timelineName(effect), !log.isEmpty {
      // Each of these starts a new timeline, whose times start again at 0.
      log.append("  ──────  " + name)
    }
    let task: Task<Void, Never>
    switch effect {
    case .load(let screen):
      recoveriesMet[screen] = recoveries
      task = ConsoleLog.startingLoad(on: clock) { screens.load(screen) }
    case .retry(let screen):
      let rows = screens.snapshot(of: screen).methods
      cursorRowID = model.highlightedRow(in: screens.snapshot(of: screen)).map { rows[$0].id }
      task = afterUserActs { ConsoleLog.startingLoad(on: $0) { screens.retry(screen) } }
    case .signIn(let screen):
      task = afterUserActs { ConsoleLog.startingLoad(on: $0) { screens.signIn(screen) } }
    case .checkStatus(let screen):
      task = afterUserActs { ConsoleLog.startingLoad(on: $0) { screens.checkStatus(screen) } }
    case .select(let rowID):
      screens.paymentMethods.select(rowID)
      return
    case .refuseNewExpiry(let rowID):
      screens.paymentMethods.refuseNewExpiry(rowID)
      return
    case .refuseRemoval(let rowID):
      screens.paymentMethods.refuseRemoval(rowID)
      return
    // A change to a row starts a timeline too: its requests are timed from the key.
    case .removeCard(let rowID):
      guard
        let write = ConsoleLog.startingLoad(on: clock, { screens.paymentMethods.remove(rowID) })
      else { return }
      rowChanges[rowID] = write
      task = write
    case .makeDefault(let rowID):
      guard
        let write = ConsoleLog.startingLoad(
          on: clock, { screens.paymentMethods.makeDefault(rowID) })
      else { return }
      rowChanges[rowID] = write
      task = write
    case .suspend:
      suspend()
      return
    case .quit:
      return
    case .openCardForm, .stopWaitingForBank, .waitForBankAgain, .openExpiryForm, .closeCardForm,
      .editCard, .leaveCardField, .submitCard, .signInAndSubmitCard:
      guard let started = carryOutOnForm(effect, on: screens) else { return }
      task = started
    }
    redrawWhenDone(task)
  }

  /// A screen shown again that still shows a failure from before the user's last recovery
  /// (made on the other screen) tries again, so both screens show the world that recovery
  /// led to. It is not a recovery of its own: the scenario does not move on.
  func catchUp(on screens: Screens) {
    let screen = model.screen
    guard recoveriesMet[screen, default: 0] < recoveries else { return }
    recoveriesMet[screen] = recoveries
    let snapshot = screens.snapshot(of: screen)
    guard snapshot.status == .error || !snapshot.notices.isEmpty else { return }
    redrawWhenDone(ConsoleLog.startingLoad(on: clock) { screens.retry(screen) })
  }

  /// Once a refresh has published the list: the cursor goes back to the row it was on.
  func keepCursorOnItsRow(_ screens: Screens) {
    guard let id = cursorRowID else { return }
    cursorRowID = nil
    let rows = screens.snapshot(of: model.screen).methods
    if let index = rows.firstIndex(where: { $0.id == id }) {
      model.highlighted = index
      model.highlightedNotice = nil
    }
  }

  /// Starts what `start` starts once the demo backend knows the user performed a recovery,
  /// so that the scenario's way out answers it.
  func afterUserActs(
    _ start: @escaping @MainActor (any Clock<Duration>) -> Task<Void, Never>
  ) -> Task<Void, Never> {
    recoveries += 1
    recoveriesMet[model.screen] = recoveries
    let (userActed, clock) = (self.userActed, self.clock)
    return Task { @MainActor in
      await userActed()
      await start(clock).value
    }
  }

  /// What the log panel calls an effect that starts a timeline of its own; nil for the
  /// others.
  private func timelineName(_ effect: InteractiveScreen.Effect) -> String? {
    switch effect {
    case .load(.paymentMethods): "loading the payment methods"
    case .load(.wallet): "loading the wallet"
    case .retry(.paymentMethods): "trying the payment methods again"
    case .retry(.wallet): "trying the wallet again"
    case .signIn: "signing in"
    case .checkStatus: "checking the user's status"
    case .submitCard, .signInAndSubmitCard:
      if case .newExpiry? = cardForm { "saving the card's new expiry" } else { "saving the card" }
    case .removeCard: "removing a card"
    case .makeDefault: "making a method the default"
    case .waitForBankAgain: "asking the bank again"
    case .select, .suspend, .quit, .openCardForm, .openExpiryForm, .closeCardForm, .editCard,
      .leaveCardField, .stopWaitingForBank, .refuseNewExpiry, .refuseRemoval:
      nil
    }
  }
}
