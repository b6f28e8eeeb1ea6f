import Domain
import Foundation
import Observation

/// Drives the add-card form: what the user typed, each field's last problem (kept until the
/// user edits that field), the submission, and how it ended. The user's input is never
/// cleared by an error; an error that belongs to no field stands above the form.
///
/// A card whose bank must approve it first (3-D Secure) interrupts the submission like an
/// ended session does: the app-level handlers send the user to approve it
/// (`FlowDecision.Action.approveWithBank`), and the form goes there itself, waiting for the
/// bank while the user approves in their banking app.
@MainActor
@Observable
public final class AddCardViewModel {
  public enum Phase: Sendable, Equatable {
    case editing
    case submitting
    /// The form's problems, found locally or by the backend, stopped the submission.
    case invalid
    /// The card is on the user's list: just saved, or saved before.
    case saved(PaymentMethodRow, alreadySaved: Bool)
    /// The bank has to approve the card, and the form waits for its answer (`approval`).
    case waitingForBank
    /// The bank did not answer in time: `waitForBankAgain()` asks once more, under the
    /// same submission; `stopWaitingForBank()` goes back to the form.
    case bankDidNotAnswer
  }

  /// Why the card was not saved; it stands above the form.
  public typealias Failure = FormFailure

  public private(set) var form = CardForm()
  /// What is wrong with each field, in words; a field with no problem has no entry.
  public private(set) var fieldErrors: [CardField: [String]] = [:]
  public private(set) var failure: Failure?
  public private(set) var phase: Phase = .editing
  /// The bank's approval of the card being saved, while it is asked for and once the bank
  /// answered; nil for a card that needed none, and after a wait that an error ended
  /// (`failure` has the error).
  public private(set) var approval: CardApproval?

  @ObservationIgnored private let addCard:
    @Sendable (CardForm, _ idempotencyKey: String?) async throws -> AddCardOutcome
  @ObservationIgnored private let bankApproval: WaitForBankApprovalUseCase
  /// The setup the bank has not approved yet, while the user may still wait for it.
  @ObservationIgnored private var pendingSetup: CardNeedsBankApproval?
  /// Whether the use case is asking the bank now: cancelled, it cancels the setup itself.
  @ObservationIgnored private var isAskingTheBank = false
  @ObservationIgnored private let thisMonth: @Sendable () -> CardValidation.Month
  @ObservationIgnored private let startSession: @Sendable () async throws -> Void
  @ObservationIgnored private let presenter: ErrorPresenter
  @ObservationIgnored private let locale: Locale
  @ObservationIgnored private let words: Phrasebook
  @ObservationIgnored private let submissions = LatestLoad()

  public convenience init(
    useCase: AddCardUseCase, bankApproval: WaitForBankApprovalUseCase,
    thisMonth: @escaping @Sendable () -> CardValidation.Month,
    signIn: @escaping @Sendable () async throws -> Void = {}, logger: any DeveloperLog,
    locale: Locale = .current
  ) {
    self.init(
      addCard: useCase.execute, bankApproval: bankApproval, thisMonth: thisMonth, signIn: signIn,
      logger: logger, locale: locale)
  }

  /// - Parameters:
  ///   - addCard: the use case, or a stand-in for it in tests and previews: the form, and
  ///     nil for a new submission or the key of the one to send again.
  ///   - bankApproval: how the form waits for a bank that must approve the card.
  ///   - thisMonth: the calendar's month, for checking the expiry when the user leaves it.
  public init(
    addCard:
      @escaping @Sendable (CardForm, _ idempotencyKey: String?) async throws
      -> AddCardOutcome,
    bankApproval: WaitForBankApprovalUseCase,
    thisMonth: @escaping @Sendable () -> CardValidation.Month,
    signIn: @escaping @Sendable () async throws -> Void = {},
    flowHandlers: FlowErrorHandlers = .standard,
    logger: any DeveloperLog,
    locale: Locale = .current
  ) {
    self.addCard = addCard
    self.bankApproval = bankApproval
    self.thisMonth = thisMonth
    self.startSession = signIn
    let words = Phrasebook.presentation(locale)
    self.presenter = ErrorPresenter(
      activity: ErrorPresenter.Activity(verb: .save, object: "object.card"),
      flowHandlers: flowHandlers, logger: logger, words: words)
    self.locale = locale
    self.words = words
  }

  /// The user typed in a field: its last problem goes, the others stay. Nothing is
  /// checked while typing, but for a number whose network this app does not take, said
  /// as soon as its first digits make that certain.
  public func edit(_ field: CardField, to text: String) {
    // Typing leaves a bank that did not answer: its setup is of no use to a changed card.
    if phase == .bankDidNotAnswer { stopWaitingForBank() }
    form[field] = text
    let early = field == .number ? CardValidation.problemsWhileTyping(number: text) : []
    fieldErrors[field] = worded(early, in: field)
    if phase != .submitting, phase != .waitingForBank { phase = .editing }
  }

  /// The user left a field: it is checked on its own, as the local checks would, and an
  /// expiry typed another way (`0128`, `1/28`, `01/2028`) is written as cards print it.
  public func leave(_ field: CardField) {
    if field == .expiry, let expiry = CardValidation.expiry(form.expiry) {
      form.expiry = expiry.description
    }
    let problems = CardValidation.problems(of: field, in: form, thisMonth: thisMonth())
    fieldErrors[field] = worded(problems, in: field)
  }

  /// Sends the form as a new submission (the use case gives it a new idempotency key). A
  /// submission still running is cancelled, never shown.
  @discardableResult
  public func submit() -> Task<Void, Never> {
    phase = .submitting
    failure = nil
    approval = nil
    stopPendingSetup()
    return submissions.start { await self.send(self.form, idempotencyKey: nil) }
  }

  /// The form goes away: a submission still running is cancelled, never shown, and a card
  /// still waiting for its bank has its setup cancelled. The task returned ends once the
  /// backend was told (or gave up telling it): what a program about to end waits for.
  @discardableResult
  public func cancel() -> Task<Void, Never> {
    let running = submissions.cancel()
    let stopping = stopPendingSetup()
    return Task {
      await running?.value
      await stopping?.value
    }
  }

  /// "Sign in", when submitting found the session over: signs in, then submits again (the
  /// same submission, if its card was waiting for the bank).
  @discardableResult
  public func signInAndSubmit() -> Task<Void, Never> {
    phase = .submitting
    failure = nil
    let key = pendingSetup?.idempotencyKey
    return submissions.start {
      do {
        try await self.startSession()
      } catch {
        self.publish { self.show(error) }
        return
      }
      await self.send(self.form, idempotencyKey: key)
    }
  }

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

  private func send(_ form: CardForm, idempotencyKey: String?) async {
    let outcome: AddCardOutcome
    do {
      outcome = try await addCard(form, idempotencyKey)
    } catch {
      guard !Task.isCancelled else { return }
      let presented = presenter.present(error)
      // The handlers decided where the user goes; the form goes there with the setup the
      // error carries.
      if case .journey(let journey) = presented, journey.action == .approveWithBank,
        let setup = error as? CardNeedsBankApproval
      {
        await waitForBank(setup, journey: journey)
      } else {
        phase = .editing
        failure = FormFailure(presented, words: words)
      }
      return
    }
    publish { show(outcome) }
  }

  /// Waits for the bank's answer, and shows it.
  private func waitForBank(_ setup: CardNeedsBankApproval, journey: FlowDecision) async {
    pendingSetup = setup
    approval = CardApproval(
      status: .waiting, journey: journey,
      bankMessage: setup.bankMessage.flatMap { $0.isEmpty ? nil : $0 })
    phase = .waitingForBank
    let answer: BankApprovalOutcome
    isAskingTheBank = true
    defer { isAskingTheBank = false }
    do {
      answer = try await bankApproval.execute(setupID: setup.setupID)
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

  private func show(_ answer: BankApprovalOutcome) {
    let shown = presenter.present(answer, words: words)
    approval?.status = shown.status
    approval?.outcome = shown.sentence
    approval?.failure = shown.failure
    switch answer {
    case .approved(let card):
      pendingSetup = nil
      phase = .saved(
        PaymentMethodRow(.card(card), words: words, locale: locale), alreadySaved: false)
    case .refused, .canceled:
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
  private func stopPendingSetup() -> Task<Void, Never>? {
    guard let setup = pendingSetup else { return nil }
    pendingSetup = nil
    guard !isAskingTheBank else { return nil }
    let bankApproval = bankApproval
    return Task { await bankApproval.stopWaiting(setupID: setup.setupID) }
  }

  private func show(_ outcome: AddCardOutcome) {
    switch outcome {
    case .saved(let card):
      // Sent again after the bank did not answer, and approved meanwhile.
      if pendingSetup != nil { show(.approved(card)) }
      phase = .saved(
        PaymentMethodRow(.card(card), words: words, locale: locale), alreadySaved: false)
    case .alreadySaved(let card):
      phase = .saved(
        PaymentMethodRow(.card(card), words: words, locale: locale), alreadySaved: true)
    case .invalid(let errors):
      fieldErrors = [:]
      for (field, problems) in errors { fieldErrors[field] = worded(problems, in: field) }
      phase = .invalid
    case .declined(let decline):
      failure = .declined(presenter.present(decline))
      phase = .editing
    }
  }

  private func show(_ error: any Error) {
    phase = .editing
    failure = FormFailure(presenter.present(error), words: words)
  }

  /// A field's problems in words; nil for none, so the field has no entry.
  private func worded(_ problems: [CardProblem], in field: CardField) -> [String]? {
    problems.isEmpty ? nil : problems.map { words.sentence(for: $0, in: field) }
  }

  /// Changes the state unless this submission was cancelled (superseded, or the form went
  /// away): the same cancellation rule as the screens'.
  private func publish(_ change: () -> Void) {
    guard !Task.isCancelled else { return }
    change()
  }
}
