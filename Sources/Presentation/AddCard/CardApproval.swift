import Domain

/// The bank's approval of a card (3-D Secure) as the add-card form shows it: where the user
/// was sent, what the bank asks of them, and how it ended.
public struct CardApproval: Sendable, Equatable {
  public enum Status: String, Sendable, Equatable, CaseIterable {
    /// The form is asking the bank.
    case waiting
    /// Approved: the card is saved.
    case succeeded
    /// The bank refused.
    case failed
    /// The setup was cancelled on the backend, without the user.
    case canceled
    /// The bank did not answer in time.
    case timedOut
  }

  public var status: Status
  /// Approve the card in the banking app: the notice, and the button that stops waiting.
  public var journey: FlowDecision
  /// What the bank asks of the user, in its own words: untrusted, to be shown as text.
  public var bankMessage: String?
  /// How it ended, in a sentence ("Your bank didn't answer in time. Try again."); nil
  /// while waiting.
  public var outcome: String?
  /// An ending that left the card unsaved, as an error to show: retryable when the bank
  /// did not answer in time, otherwise not. Nil while waiting and once approved.
  public var failure: PresentationError?

  public init(
    status: Status, journey: FlowDecision, bankMessage: String?, outcome: String? = nil,
    failure: PresentationError? = nil
  ) {
    self.status = status
    self.journey = journey
    self.bankMessage = bankMessage
    self.outcome = outcome
    self.failure = failure
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
    case .refused(let reason):
      logger.log(
        .info, "the bank refused to approve the card", metadata: ["reason": reason ?? "none"])
      ending = (.failed, words["approval.failed.title"], words["approval.failed.message"])
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
