/// Where a new card is saved.
///
/// The answers the backend gives on purpose are values (`AddCardOutcome`); a request that
/// failed is thrown as a `RequestFailure`, as for the reads.
public protocol CardSaving: Sendable {
  /// - Parameter idempotencyKey: the same for every attempt of one submission, so the
  ///   backend saves the card at most once however often the request is sent.
  func save(_ card: NewCard, idempotencyKey: String) async throws -> AddCardOutcome
}

/// How adding a card ended, when it ended with an answer: the backend's, or the local
/// checks'. Request failures are thrown.
public enum AddCardOutcome: Sendable, Equatable {
  case saved(PaymentCard)
  /// The user had saved this card before; here it is.
  case alreadySaved(PaymentCard)
  /// The form has problems, found locally (then nothing was sent) or by the backend.
  case invalid(CardFieldErrors)
  /// The card's issuer refused it, with its reason when it gave one.
  case declined(reason: String?)
}

/// Adds a card: checks the whole form locally first, then sends it once per submission
/// under one idempotency key, so retries and the replay after a token refresh can never
/// save it twice.
public struct AddCardUseCase: Sendable {
  private let saving: any CardSaving
  private let thisMonth: @Sendable () -> CardValidation.Month
  private let newIdempotencyKey: @Sendable () -> String

  /// - Parameters:
  ///   - thisMonth: the calendar's current month, for the expiry check.
  ///   - newIdempotencyKey: a fresh key per submission.
  public init(
    saving: any CardSaving, thisMonth: @escaping @Sendable () -> CardValidation.Month,
    newIdempotencyKey: @escaping @Sendable () -> String
  ) {
    self.saving = saving
    self.thisMonth = thisMonth
    self.newIdempotencyKey = newIdempotencyKey
  }

  /// Throws `RequestFailure` (with its recovery and, for an ended session and the like,
  /// its flow interruption), an unknown error, or `CancellationError`.
  public func execute(_ form: CardForm) async throws -> AddCardOutcome {
    let card: NewCard
    switch CardValidation.check(form, thisMonth: thisMonth()) {
    case .success(let checked): card = checked
    case .failure(let problems): return .invalid(problems.errors)
    }
    return try await saving.save(card, idempotencyKey: newIdempotencyKey())
  }
}
