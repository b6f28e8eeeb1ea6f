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
  /// The card's issuer refused it: why, and what it advises.
  case declined(CardDecline)
  /// The card's bank must approve it in the user's banking app first (3-D Secure): the
  /// form waits for the bank with this setup.
  case needsBankApproval(CardSetup)
}

/// Adds a card: checks the whole form locally first, then sends it once per submission
/// under one idempotency key, so retries and the replay after a token refresh can never
/// save it twice. A submission that has not ended by its deadline is cancelled, whatever
/// the server does: the user is never left watching "Saving…".
public struct AddCardUseCase: Sendable {
  /// Every write's, written once (`RemoveCardUseCase.defaultDeadline`): long enough for a
  /// slow network and a retry or two, short enough that nobody gives up on the app first.
  public static let defaultDeadline = RemoveCardUseCase.defaultDeadline

  private let saving: any CardSaving
  private let thisMonth: @Sendable () -> CardValidation.Month
  private let newIdempotencyKey: @Sendable () -> String
  private let deadline: Deadline

  /// - Parameters:
  ///   - thisMonth: the calendar's current month, for the expiry check.
  ///   - newIdempotencyKey: a fresh key per submission.
  ///   - deadline: how long one submission may take, retries and token refresh included.
  ///   - clock: what the deadline is measured on.
  public init(
    saving: any CardSaving, thisMonth: @escaping @Sendable () -> CardValidation.Month,
    newIdempotencyKey: @escaping @Sendable () -> String,
    deadline: Duration = defaultDeadline, clock: any Clock<Duration> = ContinuousClock()
  ) {
    self.saving = saving
    self.thisMonth = thisMonth
    self.newIdempotencyKey = newIdempotencyKey
    self.deadline = Deadline(deadline, clock: clock)
  }

  /// Throws `RequestFailure` (with its recovery and, for an ended session and the like,
  /// its journey), `DeadlineExceeded`, an unknown error, or `CancellationError`.
  ///
  /// - Parameter idempotencyKey: nil for a new submission, which gets a key of its own;
  ///   the key of an earlier one (`CardSetup.idempotencyKey`) to send that
  ///   submission again, so the backend answers where it stands instead of saving twice.
  public func execute(_ form: CardForm, idempotencyKey: String? = nil) async throws
    -> AddCardOutcome
  {
    let card: NewCard
    switch CardValidation.check(form, thisMonth: thisMonth()) {
    case .success(let checked): card = checked
    case .failure(let problems): return .invalid(problems.errors)
    }
    let key = idempotencyKey ?? newIdempotencyKey()
    let saving = saving
    return try await deadline.call {
      try await saving.save(card, idempotencyKey: key)
    }
  }
}
