import Domain

/// Waiting for the bank (3-D Secure): a card whose bank must approve it is not saved until
/// the bank answers. The form waits for it here, and the user can stop waiting (the setup is
/// cancelled on the backend) or, once the bank did not answer in time, ask again under the
/// same submission.
extension AddCardViewModel {
  /// "Try again", when the bank did not answer in time: sends the same submission again,
  /// under its idempotency key, so the backend answers where the card stands (still
  /// waiting, approved meanwhile) instead of setting it up twice.
  @discardableResult
  public func waitForBankAgain() -> Task<Void, Never>? {
    guard phase == .bankDidNotAnswer, let setup = pendingSetup else { return nil }
    phase = .waitingForBank
    approval?.status = .waiting
    approval?.outcome = nil
    approval?.failure = nil
    return submissions.start { await self.send(self.form, idempotencyKey: setup.idempotencyKey) }
  }

  /// Esc, while the form waits for the bank or after it did not answer: the setup is
  /// cancelled on the backend, so nothing is saved without the user, and the form is back
  /// at once as the user left it, with no error: stopping was their choice. The task
  /// returned ends once the backend was told.
  @discardableResult
  public func stopWaitingForBank() -> Task<Void, Never> {
    guard phase == .waitingForBank || phase == .bankDidNotAnswer else { return Task {} }
    let stopped = cancel()
    approval = nil
    failure = nil
    phase = .editing
    return stopped
  }

  /// Waits for the bank's answer, and shows it. Logged at info: a bank that asks the user to
  /// approve a card is part of adding one, not trouble.
  func waitForBank(_ setup: CardSetup) async {
    presenter.log(
      theirWords: setup.bankMessage, about: "the bank must approve the card; waiting for it",
      metadata: ["setupId": setup.setupID])
    pendingSetup = setup
    let bankApproval = bankApproval
    approval = .waiting(budget: bankApproval.budget, words: words)
    phase = .waitingForBank
    let answer: BankApprovalOutcome
    isAskingTheBank = true
    defer { isAskingTheBank = false }
    do {
      // The time waited goes on showing until the bank answers, or the budget is spent.
      answer = try await TimeWaited.counting(
        on: clock, upTo: bankApproval.budget, tick: { [weak self] in self?.showTimeWaited($0) },
        during: { try await bankApproval.execute(setupID: setup.setupID) })
    } catch {
      // A request that failed while asking (a refused refresh sends the user to sign in,
      // and signing in goes on with this setup). Stopping is never shown: the user did it.
      publish {
        approval = nil
        show(error)
      }
      return
    }
    publish { show(answer) }
  }

  /// The time waited for the bank, while the form still waits for it.
  private func showTimeWaited(_ waited: Duration) {
    guard phase == .waitingForBank else { return }
    approval?.waited = waited
  }

  func show(_ answer: BankApprovalOutcome) {
    let shown = presenter.present(answer, words: words)
    approval?.status = shown.status
    approval?.outcome = shown.sentence
    approval?.failure = shown.failure
    switch answer {
    case .approved(let card):
      pendingSetup = nil
      forgetSecurityCode()
      phase = .saved(
        PaymentMethodRow(.card(card), words: words, locale: locale), alreadySaved: false)
    case .declined:
      pendingSetup = nil
      failure = shown.failure.map(FormFailure.failed)
      // The bank refused the card: its code is of no use to the next try.
      forgetSecurityCode()
      phase = .editing
    case .canceled:
      pendingSetup = nil
      failure = shown.failure.map(FormFailure.failed)
      phase = .editing
    case .timedOut:
      phase = .bankDidNotAnswer
    }
  }

  /// Forgets the setup of a card the bank has not approved yet, if there is one, and has it
  /// cancelled on the backend: by the use case, if it is asking the bank (cancelled, it
  /// cancels the setup before it ends), otherwise here. In the background: the form does
  /// not wait for the backend to go on.
  @discardableResult
  func stopPendingSetup() -> Task<Void, Never>? {
    guard let setup = pendingSetup else { return nil }
    pendingSetup = nil
    guard !isAskingTheBank else { return nil }
    let bankApproval = bankApproval
    return Task { await bankApproval.stopWaiting(setupID: setup.setupID) }
  }

}
