/// A change whose request may have reached the backend but got no answer for good (a
/// timeout, a dropped connection, a 5xx, an ended session): whether it was made is not known
/// yet. Not "the change failed": the screen says so, and what happens next.
///
/// Thrown by `JournaledCardWrites` in place of the failure, which it keeps as its cause and
/// whose advice, journey and request it states as its own: trying again now, or signing
/// in, is still what the person can do. Journal or not, a lost answer is this: only what
/// comes next differs (`isKept`).
public struct OutcomeNotKnownYet: ClassifiedError, Sendable {
  /// The failure the change met.
  public let failure: any Error
  /// Whether the change is kept in the journal, and finished at the next start under its
  /// key; false where no journal keeps it: then the next load shows whether it was made.
  public let isKept: Bool

  public init(failure: any Error, isKept: Bool = true) {
    self.failure = failure
    self.isKept = isKept
  }

  public var recovery: Recovery { Recovery(of: failure) }
  public var journey: Journey? { Journey(of: failure) }
  public var failedRequest: FailedRequest? { (failure as? any ClassifiedError)?.failedRequest }
  public var underlyingError: (any Error)? { failure }
  public var summary: String {
    isKept
      ? "OutcomeNotKnownYet (kept in the journal, finished at the next start)"
      : "OutcomeNotKnownYet (no journal keeps it)"
  }
}
