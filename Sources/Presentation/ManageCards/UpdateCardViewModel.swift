import Domain
import Foundation
import Observation

/// Drives the one-field form that gives an expired card its new expiry: what the user
/// typed, the field's last problems, the submission and how it ended. As on the add-card
/// form, the user's input is never cleared by an error, and an error that belongs to no
/// field stands above the form. The list changes only once the backend has agreed: the
/// screen that owns the list applies `updated` (`PaymentMethodsViewModel.showUpdated`).
@MainActor
@Observable
public final class UpdateCardViewModel {
  public enum Phase: Sendable, Equatable {
    case editing
    case submitting
    /// The expiry's problems, found locally or by the backend, stopped the submission.
    case invalid
    /// The backend updated the card: this is the card as it has it now.
    case updated(PaymentCard)
    /// The card is gone (removed on another device): the list is out of date.
    case cardGone
  }

  /// The card being updated, as its row names it: "Mastercard •••• 4444".
  public let cardTitle: String
  /// The same as a screen reader reads it: "Mastercard ending in 4444".
  public let spokenCardTitle: String
  /// The row of the card on the payment-methods list.
  public let rowID: PaymentMethodRow.ID
  public private(set) var expiry = ""
  /// What is wrong with the expiry, in words; empty when nothing is.
  public private(set) var expiryErrors: [String] = []
  public private(set) var failure: FormFailure?
  public private(set) var phase: Phase = .editing

  @ObservationIgnored private let card: PaymentCard
  @ObservationIgnored private var cardID: String { card.id }
  @ObservationIgnored private let update:
    @Sendable (_ cardID: String, _ expiry: String) async throws -> UpdateCardOutcome
  @ObservationIgnored private let thisMonth: @Sendable () -> CardValidation.Month
  @ObservationIgnored private let startSession: @Sendable () async throws -> Void
  @ObservationIgnored private let presenter: ErrorPresenter
  @ObservationIgnored private let words: Phrasebook
  @ObservationIgnored private let submissions = LatestLoad()

  public convenience init(
    card: PaymentCard, useCase: UpdateCardExpiryUseCase,
    thisMonth: @escaping @Sendable () -> CardValidation.Month,
    signIn: @escaping @Sendable () async throws -> Void = {}, logger: any DeveloperLog,
    locale: Locale = .current, words: Phrasebook.Source = .presentation
  ) {
    self.init(
      card: card, update: useCase.execute, thisMonth: thisMonth, signIn: signIn, logger: logger,
      locale: locale, words: words)
  }

  /// - Parameters:
  ///   - card: the card to update, as the list has it.
  ///   - update: the use case, or a stand-in for it in tests and previews.
  ///   - thisMonth: the calendar's month, for checking the expiry when the user leaves it.
  public init(
    card: PaymentCard,
    update:
      @escaping @Sendable (_ cardID: String, _ expiry: String) async throws ->
      UpdateCardOutcome,
    thisMonth: @escaping @Sendable () -> CardValidation.Month,
    signIn: @escaping @Sendable () async throws -> Void = {},
    journeyHandlers: JourneyHandlers = .standard,
    logger: any DeveloperLog,
    locale: Locale = .current, words source: Phrasebook.Source = .presentation
  ) {
    let words = Phrasebook.presentation(locale, from: source)
    self.cardTitle = words["row.card.title", card.brand, card.lastFour]
    self.spokenCardTitle = words["a11y.title.card", card.brand, card.lastFour]
    self.rowID = PaymentMethod.card(card).id
    self.card = card
    self.update = update
    self.thisMonth = thisMonth
    self.startSession = signIn
    self.presenter = ErrorPresenter(
      activity: ErrorPresenter.Activity(verb: .save, objectKey: "object.expiry"),
      journeyHandlers: journeyHandlers, logger: logger, words: words)
    self.words = words
  }

  /// The user typed: the expiry's last problems go.
  public func edit(to text: String) {
    expiry = text
    expiryErrors = []
    if phase != .submitting { phase = .editing }
  }

  /// The user left the field: it is checked as the local checks would, and an expiry
  /// typed another way (`0130`, `1/30`, `01/2030`) is written as cards print it.
  public func leave() {
    if let parsed = CardValidation.expiry(expiry) { expiry = parsed.description }
    let problems = CardValidation.problems(
      of: .expiry, in: CardForm(expiry: expiry), thisMonth: thisMonth())
    expiryErrors = problems.map { words.sentence(for: $0, in: .expiry) }
  }

  /// Sends the new expiry as a new submission (the use case gives it a new idempotency
  /// key). A submission still running is cancelled, never shown.
  @discardableResult
  public func submit() -> Task<Void, Never> {
    phase = .submitting
    failure = nil
    return submissions.start { await self.send() }
  }

  /// "Sign in", when submitting found the session over: signs in, then submits again.
  @discardableResult
  public func signInAndSubmit() -> Task<Void, Never> {
    phase = .submitting
    failure = nil
    return submissions.signIn(startSession, presenter: presenter, orShow: show(signInFailure:)) {
      await self.send()
    }
  }

  /// The form goes away: a submission still running is cancelled, never shown, and the
  /// form is ready to edit when it is opened again (what was typed stays). The task
  /// returned ends once the cancelled submission has: what a program about to end waits
  /// for, before it says whether the change was kept.
  @discardableResult
  public func cancel() -> Task<Void, Never> {
    let running = submissions.cancel()
    if phase == .submitting { phase = .editing }
    return Task { await running?.value }
  }

  private func send() async {
    do {
      let outcome = try await update(cardID, expiry)
      publish { show(outcome) }
    } catch {
      publish { show(error) }
    }
  }

  private func show(_ outcome: UpdateCardOutcome) {
    switch outcome {
    case .updated(let card):
      phase = .updated(card)
    // Made, though its answer could not be read: the card as the list has it, with the
    // expiry the backend agreed to. (The next load shows it as the backend has it.)
    case .updatedUnread(_, let expiry):
      var updated = card
      (updated.expiry, updated.status, updated.decline) = (expiry, .active, nil)
      phase = .updated(updated)
    case .invalid(let errors):
      expiryErrors = presenter.present(refused: errors)[.expiry] ?? []
      phase = .invalid
    case .declined(let decline):
      failure = .declined(presenter.present(decline))
      phase = .editing
    case .cardGone:
      phase = .cardGone
    }
  }

  private func show(_ error: any Error) {
    phase = .editing
    failure = FormFailure(presenter.present(error))
  }

  /// "Sign in and save" did not get past the sign-in: a refusal leaves the journey above the
  /// form, saying the sign-in was refused, as the screens' "Sign in" does.
  private func show(signInFailure presented: ErrorPresenter.Presented) {
    phase = .editing
    failure = FormFailure(presented)
  }

  /// Changes the state unless this submission was cancelled (superseded, or the form went
  /// away): the same cancellation rule as the screens'.
  private func publish(_ change: () -> Void) {
    guard !Task.isCancelled else { return }
    change()
  }
}
