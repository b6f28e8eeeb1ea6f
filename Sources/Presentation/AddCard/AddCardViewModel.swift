import Domain
import Foundation
import Observation

/// Drives the add-card form: what the user typed, each field's last problem (kept until the
/// user edits that field), the submission, and how it ended. The user's input is never
/// cleared by an error; an error that belongs to no field stands above the form.
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
  }

  /// Why the card was not saved; it stands above the form.
  public typealias Failure = FormFailure

  public private(set) var form = CardForm()
  /// What is wrong with each field, in words; a field with no problem has no entry.
  public private(set) var fieldErrors: [CardField: [String]] = [:]
  public private(set) var failure: Failure?
  public private(set) var phase: Phase = .editing

  @ObservationIgnored private let addCard: @Sendable (CardForm) async throws -> AddCardOutcome
  @ObservationIgnored private let thisMonth: @Sendable () -> CardValidation.Month
  @ObservationIgnored private let startSession: @Sendable () async throws -> Void
  @ObservationIgnored private let presenter: ErrorPresenter
  @ObservationIgnored private let locale: Locale
  @ObservationIgnored private let words: Phrasebook
  @ObservationIgnored private let submissions = LatestLoad()

  public convenience init(
    useCase: AddCardUseCase, thisMonth: @escaping @Sendable () -> CardValidation.Month,
    signIn: @escaping @Sendable () async throws -> Void = {}, logger: any DeveloperLog,
    locale: Locale = .current
  ) {
    self.init(
      addCard: useCase.execute, thisMonth: thisMonth, signIn: signIn, logger: logger,
      locale: locale)
  }

  /// - Parameters:
  ///   - addCard: the use case, or a stand-in for it in tests and previews.
  ///   - thisMonth: the calendar's month, for checking the expiry when the user leaves it.
  public init(
    addCard: @escaping @Sendable (CardForm) async throws -> AddCardOutcome,
    thisMonth: @escaping @Sendable () -> CardValidation.Month,
    signIn: @escaping @Sendable () async throws -> Void = {},
    flowHandlers: FlowErrorHandlers = .standard,
    logger: any DeveloperLog,
    locale: Locale = .current
  ) {
    self.addCard = addCard
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
    form[field] = text
    let early = field == .number ? CardValidation.problemsWhileTyping(number: text) : []
    fieldErrors[field] = worded(early, in: field)
    if phase != .submitting { phase = .editing }
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
    return submissions.start { await self.send(self.form) }
  }

  /// The form goes away: a submission still running is cancelled, never shown.
  public func cancel() {
    submissions.cancel()
  }

  /// "Sign in", when submitting found the session over: signs in, then submits again.
  @discardableResult
  public func signInAndSubmit() -> Task<Void, Never> {
    phase = .submitting
    failure = nil
    return submissions.start {
      do {
        try await self.startSession()
      } catch {
        self.publish { self.show(error) }
        return
      }
      await self.send(self.form)
    }
  }

  private func send(_ form: CardForm) async {
    do {
      let outcome = try await addCard(form)
      publish { show(outcome) }
    } catch {
      publish { show(error) }
    }
  }

  private func show(_ outcome: AddCardOutcome) {
    switch outcome {
    case .saved(let card):
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
