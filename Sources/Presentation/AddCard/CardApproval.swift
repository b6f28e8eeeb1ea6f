import Domain

/// The bank's approval of a card (3-D Secure) as the add-card form shows it: what to do, the
/// button that stops waiting, and how it ended. What the bank asks of the user in its own
/// words is logged, never shown (TheirWords.swift): the notice says it in the app's.
public struct CardApproval: Sendable, Equatable {
  public enum Status: String, Sendable, Equatable, CaseIterable {
    /// The form is asking the bank.
    case waiting
    /// Approved: the card is saved.
    case succeeded
    /// The bank declined.
    case declined
    /// The setup was cancelled on the backend, without the user.
    case canceled
    /// The bank did not answer in time.
    case timedOut
  }

  public var status: Status
  /// "Approve this card in your banking app".
  public var notice: Notice
  /// The button that stops waiting (the setup is cancelled on the backend).
  public var button: String
  /// The notice and the button as a screen reader reads them while the form waits.
  public var accessibilityLabel: String
  /// How it ended, in a sentence ("Your bank didn't answer in time. Try again."); nil
  /// while waiting.
  public var outcome: String?
  /// An ending that left the card unsaved, as an error to show: retryable when the bank
  /// did not answer in time, otherwise not. Nil while waiting and once approved.
  public var failure: PresentationError?
  /// How long the form has waited for the bank, in whole seconds on the screen's clock:
  /// a wait can last minutes, and a screen that shows it going on ("0:12 of 2:00", in
  /// `ScreenLabels.timeWaited`) is not taken for one that hangs.
  public var waited: Duration
  /// The longest the form waits before it says the bank did not answer in time.
  public var budget: Duration

  public init(
    status: Status, notice: Notice, button: String, accessibilityLabel: String,
    outcome: String? = nil, failure: PresentationError? = nil,
    waited: Duration = .zero, budget: Duration = WaitForBankApprovalUseCase.defaultBudget
  ) {
    self.status = status
    self.notice = notice
    self.button = button
    self.accessibilityLabel = accessibilityLabel
    self.outcome = outcome
    self.failure = failure
    self.waited = waited
    self.budget = budget
  }
}

extension CardApproval {
  /// The form starts waiting for the bank, for up to `budget`: "Approve this card in your
  /// banking app", in `words`' language.
  static func waiting(budget: Duration, words: Phrasebook) -> CardApproval {
    let notice = Notice(
      title: words["approval.waiting.title"], message: words["approval.waiting.message"],
      hint: words["approval.waiting.hint"], words: words)
    let button = words["approval.stop"]
    return CardApproval(
      status: .waiting, notice: notice, button: button,
      accessibilityLabel: words.spoken(
        title: notice.title, message: notice.message, hint: notice.hint, traceID: nil),
      budget: budget)
  }
}

extension ErrorPresenter {
  /// How the bank answered, in words: the status, the sentence that says it, and, for an
  /// answer that leaves the card unsaved on the form, the failure above it. Logged once,
  /// at info: the bank answering is no error of the app's.
  struct ShownApproval {
    let status: CardApproval.Status
    let sentence: String
    let failure: PresentationError?
  }

  func present(_ answer: BankApprovalOutcome, words: Phrasebook) -> ShownApproval {
    let ending: (CardApproval.Status, String, String)
    switch answer {
    case .approved:
      logger.log(.info, "the bank approved the card", metadata: [:])
      let sentence = words["approval.succeeded"]
      return ShownApproval(status: .succeeded, sentence: sentence, failure: nil)
    case .declined(let reason):
      logger.log(
        .info, "the bank declined to approve the card", metadata: ["reason": reason ?? "none"])
      ending = (.declined, words["approval.declined.title"], words["approval.declined.message"])
    case .canceled:
      logger.log(.info, "the card's setup was cancelled on the backend", metadata: [:])
      ending = (.canceled, words["approval.canceled.title"], words["approval.canceled.message"])
    case .timedOut:
      logger.log(.info, "the bank did not answer in time", metadata: [:])
      ending = (.timedOut, words["approval.timedOut.title"], words["approval.timedOut.message"])
    }
    let (status, title, message) = ending
    // Trying again may work once the bank answers; after a refusal, it takes another card.
    let failure = PresentationError(
      title: title, message: message, hint: words["approval.hint"],
      category: status == .timedOut ? .retryable : .other,
      recovery: .retryWhenUserActs(.approveWithBank), traceID: nil, words: words)
    return ShownApproval(status: status, sentence: title + ". " + message, failure: failure)
  }
}
