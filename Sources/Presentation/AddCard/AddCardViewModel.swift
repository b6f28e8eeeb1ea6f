import Domain
import Foundation
import Observation

/// Drives the add-card form: what the user typed, each field's last problem (kept until the
/// user edits that field), the submission, and how it ended. The user's input is never
/// cleared by an error; an error that belongs to no field stands above the form. The one
/// exception is the security code, which is kept no longer than the form needs it: a
/// decline clears it (a code the bank refused, or one for a card it refused, is of no use
/// to the next try), and so does saving the card.
///
/// A card whose bank must approve it first (3-D Secure) is one of the outcomes the form
/// switches over: the form waits for the bank while the user approves in their banking app.
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
  public internal(set) var failure: Failure?
  public internal(set) var phase: Phase = .editing
  /// The bank's approval of the card being saved, while it is asked for and once the bank
  /// answered; nil for a card that needed none, and after a wait that an error ended
  /// (`failure` has the error).
  public internal(set) var approval: CardApproval?

  @ObservationIgnored private let addCard:
    @Sendable (CardForm, _ idempotencyKey: String?) async throws -> AddCardOutcome
  @ObservationIgnored let bankApproval: WaitForBankApprovalUseCase
  /// What the time waited for the bank is counted on: the screen's clock.
  @ObservationIgnored let clock: any Clock<Duration>
  /// The setup the bank has not approved yet, while the user may still wait for it.
  @ObservationIgnored var pendingSetup: CardSetup?
  /// Whether the use case is asking the bank now: cancelled, it cancels the setup itself.
  @ObservationIgnored var isAskingTheBank = false
  @ObservationIgnored private let thisMonth: @Sendable () -> CardValidation.Month
  @ObservationIgnored private let startSession: @Sendable () async throws -> Void
  @ObservationIgnored let presenter: ErrorPresenter
  @ObservationIgnored let locale: Locale
  @ObservationIgnored let words: Phrasebook
  @ObservationIgnored let submissions = LatestLoad()

  public convenience init(
    useCase: AddCardUseCase, bankApproval: WaitForBankApprovalUseCase,
    thisMonth: @escaping @Sendable () -> CardValidation.Month,
    signIn: @escaping @Sendable () async throws -> Void = {}, logger: any DeveloperLog,
    locale: Locale = .current, words: Phrasebook.Source = .presentation,
    clock: (any Clock<Duration>)? = nil
  ) {
    self.init(
      addCard: useCase.execute, bankApproval: bankApproval, thisMonth: thisMonth, signIn: signIn,
      logger: logger, locale: locale, words: words, clock: clock)
  }

  /// - Parameters:
  ///   - addCard: the use case, or a stand-in for it in tests and previews: the form, and
  ///     nil for a new submission or the key of the one to send again.
  ///   - bankApproval: how the form waits for a bank that must approve the card.
  ///   - thisMonth: the calendar's month, for checking the expiry when the user leaves it.
  ///   - clock: the screen's, on which the time waited for the bank is counted; nil for
  ///     the one its budget is measured on (`bankApproval.clock`), which it is in an app.
  public init(
    addCard:
      @escaping @Sendable (CardForm, _ idempotencyKey: String?) async throws
      -> AddCardOutcome,
    bankApproval: WaitForBankApprovalUseCase,
    thisMonth: @escaping @Sendable () -> CardValidation.Month,
    signIn: @escaping @Sendable () async throws -> Void = {},
    journeyHandlers: JourneyHandlers = .standard,
    logger: any DeveloperLog,
    locale: Locale = .current,
    words source: Phrasebook.Source = .presentation,
    clock: (any Clock<Duration>)? = nil
  ) {
    self.addCard = addCard
    self.bankApproval = bankApproval
    self.clock = clock ?? bankApproval.clock
    self.thisMonth = thisMonth
    self.startSession = signIn
    let words = Phrasebook.presentation(locale, from: source)
    self.presenter = ErrorPresenter(
      activity: ErrorPresenter.Activity(verb: .save, objectKey: "object.card"),
      journeyHandlers: journeyHandlers, logger: logger, words: words)
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
    return submissions.signIn(startSession, presenter: presenter, orShow: show(signInFailure:)) {
      await self.send(self.form, idempotencyKey: key)
    }
  }

  /// Sends the form and shows how it ended: every outcome in one switch, a bank that must
  /// approve the card among them (the form then waits for it). A cancelled submission
  /// shows nothing.
  func send(_ form: CardForm, idempotencyKey: String?) async {
    let outcome: AddCardOutcome
    do {
      outcome = try await addCard(form, idempotencyKey)
    } catch {
      publish { show(error) }
      return
    }
    guard !Task.isCancelled else {
      // A setup the user will never see is cancelled on the backend, so that the bank's
      // answer, should it come, saves nothing.
      if case .needsBankApproval(let setup) = outcome {
        await bankApproval.stopWaiting(setupID: setup.setupID)
      }
      return
    }
    switch outcome {
    case .saved(let card):
      // Sent again after the bank did not answer, and approved meanwhile.
      if pendingSetup != nil { show(.approved(card)) }
      forgetSecurityCode()
      phase = .saved(
        PaymentMethodRow(.card(card), words: words, locale: locale), alreadySaved: false)
    case .alreadySaved(let card):
      forgetSecurityCode()
      phase = .saved(
        PaymentMethodRow(.card(card), words: words, locale: locale), alreadySaved: true)
    case .invalid(let errors):
      fieldErrors = presenter.present(refused: errors)
      phase = .invalid
    case .declined(let decline):
      failure = .declined(presenter.present(decline))
      forgetSecurityCode()
      phase = .editing
    case .needsBankApproval(let setup):
      await waitForBank(setup)
    }
  }

  func show(_ error: any Error) {
    phase = .editing
    failure = FormFailure(presenter.present(error))
  }

  /// "Sign in and save" did not get past the sign-in: a refusal leaves the journey above the
  /// form, saying the sign-in was refused, as the screens' "Sign in" does.
  private func show(signInFailure presented: ErrorPresenter.Presented) {
    phase = .editing
    failure = FormFailure(presented)
  }

  /// The security code goes once the form no longer needs it: after a decline (the next
  /// try is typed afresh, never appended to hidden digits) and once the card is saved.
  func forgetSecurityCode() {
    form.securityCode = ""
  }

  /// A field's problems in words; nil for none, so the field has no entry.
  private func worded(_ problems: [CardProblem], in field: CardField) -> [String]? {
    problems.isEmpty ? nil : problems.map { words.sentence(for: $0, in: field) }
  }

  /// Changes the state unless this submission was cancelled (superseded, or the form went
  /// away): the same cancellation rule as the screens'.
  func publish(_ change: () -> Void) {
    guard !Task.isCancelled else { return }
    change()
  }
}
