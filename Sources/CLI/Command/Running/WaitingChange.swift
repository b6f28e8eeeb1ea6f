import Domain

/// A change to a saved card still waiting for its answer when the person leaves (`q`,
/// Ctrl-C, SIGTERM): its request is cancelled, and once the terminal is the shell's again,
/// one line on stderr says what becomes of it. The journal decides which line: a change it
/// holds is sent again under its key at the next start ("Finishing your last change: …");
/// without a journal, or one that does not hold it (it could not be written down, or the
/// answer came as the run ended), whether it was made is not known, and the line promises
/// nothing.
///
/// A card its bank was asked to approve is no waiting change: it is never written down.
/// Leaving cancels its setup, which `bankApprovalLine` says.
struct WaitingChange: Sendable, Equatable {
  enum Kind: Sendable, Equatable {
    case removal
    case makingDefault
    case newExpiry
  }

  var kind: Kind
  /// The method as its row names it (as a screen reader reads it, on the accessible
  /// screen). It comes from the backend: escaped when said.
  var title: String
  /// What the change changes: how the journal's entry for it is found.
  var subject: PendingChange.Subject

  /// One line for each change, in order, in `words`. Read once the cancelled requests have
  /// ended: a change is said to be kept only when the person's pending changes hold one to
  /// its subject.
  static func lines(
    for changes: [WaitingChange], pending: PendingChangesKeeper?, words: TerminalWords
  ) async -> [String] {
    guard !changes.isEmpty else { return [] }
    // A journal that cannot be read keeps nothing this run can vouch for.
    let kept = Set(await pending?.changes()?.map(\.subject) ?? [])
    return changes.map { $0.line(isKept: kept.contains($0.subject), words: words) }
  }

  private func line(isKept: Bool, words: TerminalWords) -> String {
    let title = UntrustedText.escaped(title)
    return switch (kind, isKept) {
    case (.removal, true): words["leaving.removal.kept", title]
    case (.removal, false): words["leaving.removal.notKnown", title]
    case (.makingDefault, true): words["leaving.makingDefault.kept", title]
    case (.makingDefault, false): words["leaving.makingDefault.notKnown", title]
    case (.newExpiry, true): words["leaving.newExpiry.kept", title]
    case (.newExpiry, false): words["leaving.newExpiry.notKnown", title]
    }
  }

  /// The line for leaving while a new card waits for its bank's approval: the card was not
  /// added, and its setup was cancelled once the backend was told within the time the way
  /// out allows (`CommandRunner.cancellationLimit`); otherwise the bank may still add it.
  static func bankApprovalLine(setupCancelled: Bool, words: TerminalWords) -> String {
    words[setupCancelled ? "leaving.bankApproval.cancelled" : "leaving.bankApproval.notCancelled"]
  }
}
