import Domain
import Presentation

/// Leaving while a change waits for its answer: its request is cancelled on the way out,
/// and once the terminal is the shell's again one line on stderr says what becomes of it
/// (`WaitingChange`); as does one for a new card its bank was asked to approve.
extension InteractiveSession {
  /// The changes to saved cards waiting for their answers now: each row that says
  /// "Removing…" or "Making it your default…", and the new expiry the open form is saving.
  func waitingChanges(on screens: Screens) -> [WaitingChange] {
    let spoken = transcript != nil
    var waiting: [WaitingChange] = []
    if case .loaded(let methods) = screens.paymentMethods.state {
      for row in methods.rows {
        let title = spoken ? row.spokenTitle : row.title
        switch row.write {
        case .removing?:
          guard let card = screens.paymentMethods.card(for: row.id) else { continue }
          waiting.append(
            WaitingChange(kind: .removal, title: title, subject: .removal(cardID: card.id)))
        case .makingDefault?, .waitingToMakeDefault?:
          waiting.append(WaitingChange(kind: .makingDefault, title: title, subject: .defaultMethod))
        case nil:
          continue
        }
      }
    }
    if case .newExpiry(let form)? = cardForm, form.phase == .submitting,
      let card = screens.paymentMethods.card(for: form.rowID)
    {
      waiting.append(
        WaitingChange(
          kind: .newExpiry, title: spoken ? form.spokenCardTitle : form.cardTitle,
          subject: .expiry(cardID: card.id)))
    }
    return waiting
  }

  /// Cancels the changes to rows still on their way, so that none is answered once the
  /// line about it is decided: the process waits for them to end (`windingDown`).
  func cancelRowChanges() {
    for change in rowChanges.values {
      change.cancel()
      windingDown.append(change)
    }
    rowChanges = [:]
  }

  /// Says what becomes of each change that was waiting when the person left, and of a card
  /// whose bank was asked (`setupCancelled` nil when none was): on stderr, once the terminal
  /// is the shell's again and the cancelled requests have ended.
  func sayWhatBecomesOf(
    _ waiting: [WaitingChange], setupCancelled: Bool?, pending: PendingChangesKeeper?
  ) async {
    var lines = await WaitingChange.lines(for: waiting, pending: pending, words: frame.words)
    if let setupCancelled {
      lines.append(
        WaitingChange.bankApprovalLine(setupCancelled: setupCancelled, words: frame.words))
    }
    for line in lines { console.writeError(line + "\n") }
  }
}
