/// Removes a saved card. The list changes only once the backend has agreed: the caller
/// keeps the card on screen until this returns `removed` or `alreadyRemoved`. A card gone
/// already is logged, at info: someone removed it elsewhere, which is worth knowing and
/// nothing to show.
public struct RemoveCardUseCase: Sendable {
  /// Long enough for a retry or two, as for adding a card.
  public static let defaultDeadline = Duration.seconds(15)

  private let writes: any SavedCardWrites
  private let newIdempotencyKey: @Sendable () -> String
  private let deadline: Deadline
  private let logger: any DeveloperLog

  public init(
    writes: any SavedCardWrites, newIdempotencyKey: @escaping @Sendable () -> String,
    deadline: Duration = defaultDeadline, clock: any Clock<Duration> = ContinuousClock(),
    logger: any DeveloperLog
  ) {
    self.writes = writes
    self.newIdempotencyKey = newIdempotencyKey
    self.deadline = Deadline(deadline, clock: clock)
    self.logger = logger
  }

  /// Throws `RequestFailure`, `DeadlineExceeded`, `OutcomeNotKnownYet` (a change the journal
  /// keeps), an unknown error, or `CancellationError`.
  public func execute(cardID: String) async throws -> RemoveCardOutcome {
    let (writes, key) = (writes, newIdempotencyKey())
    let outcome = try await deadline.call {
      try await writes.remove(cardID: cardID, idempotencyKey: key)
    }
    if outcome == .alreadyRemoved {
      logger.log(.info, "card \(cardID) was removed already, elsewhere")
    }
    return outcome
  }
}

/// Makes a method the user's default way to pay. Whether it may be is asked here, once
/// per tap, before anything is sent (`PaymentMethod.asNewDefault`): Apple Pay never is (it
/// is the device's, not the backend's), nor is a card that cannot pay.
public struct MakeDefaultUseCase: Sendable {
  private let writes: any SavedCardWrites
  private let newIdempotencyKey: @Sendable () -> String
  private let deadline: Deadline

  public init(
    writes: any SavedCardWrites, newIdempotencyKey: @escaping @Sendable () -> String,
    deadline: Duration = RemoveCardUseCase.defaultDeadline,
    clock: any Clock<Duration> = ContinuousClock()
  ) {
    self.writes = writes
    self.newIdempotencyKey = newIdempotencyKey
    self.deadline = Deadline(deadline, clock: clock)
  }

  /// A tap on a method: refused at once, with its reason, nothing sent; or the request, sent
  /// when awaited. It throws `RequestFailure`, `DeadlineExceeded`, `OutcomeNotKnownYet` (a
  /// change the journal keeps), an unknown error, or `CancellationError`.
  public enum Tap: Sendable {
    case refused(DefaultRefusal)
    case send(@Sendable () async throws -> MakeDefaultOutcome)
  }

  public func execute(_ method: PaymentMethod) -> Tap {
    switch method.asNewDefault {
    case .refused(let refusal):
      return .refused(refusal)
    case .allowed(let target):
      let (writes, deadline, key) = (writes, deadline, newIdempotencyKey())
      return .send {
        try await deadline.call { try await writes.makeDefault(target, idempotencyKey: key) }
      }
    }
  }
}

/// Gives a saved card its new expiry: checked locally first, then sent once per submission
/// under one idempotency key, so a retry after a lost answer updates the card once.
public struct UpdateCardExpiryUseCase: Sendable {
  private let writes: any SavedCardWrites
  private let thisMonth: @Sendable () -> CardValidation.Month
  private let newIdempotencyKey: @Sendable () -> String
  private let deadline: Deadline

  public init(
    writes: any SavedCardWrites, thisMonth: @escaping @Sendable () -> CardValidation.Month,
    newIdempotencyKey: @escaping @Sendable () -> String,
    deadline: Duration = RemoveCardUseCase.defaultDeadline,
    clock: any Clock<Duration> = ContinuousClock()
  ) {
    self.writes = writes
    self.thisMonth = thisMonth
    self.newIdempotencyKey = newIdempotencyKey
    self.deadline = Deadline(deadline, clock: clock)
  }

  /// Throws `RequestFailure`, `DeadlineExceeded`, `OutcomeNotKnownYet` (a change the journal
  /// keeps), an unknown error, or `CancellationError`.
  public func execute(cardID: String, expiry text: String) async throws -> UpdateCardOutcome {
    let form = CardForm(expiry: text)
    let problems = CardValidation.problems(of: .expiry, in: form, thisMonth: thisMonth())
    guard problems.isEmpty, let expiry = CardValidation.expiry(text) else {
      return .invalid([.expiry: problems.isEmpty ? [.expiryFormat] : problems])
    }
    let key = newIdempotencyKey()
    let writes = writes
    return try await deadline.call {
      try await writes.updateExpiry(cardID: cardID, to: expiry, idempotencyKey: key)
    }
  }
}
