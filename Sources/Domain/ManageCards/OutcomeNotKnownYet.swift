/// A change whose request may have reached the backend but got no answer for good (a
/// timeout, a dropped connection, a 5xx, an ended session): it is kept in the journal and
/// finished at the next start under its key, so whether it was made is not known yet. Not
/// "the change failed": the screen says so, and that it will be finished.
///
/// Thrown by `JournaledCardWrites` in place of the failure, which it keeps as its cause and
/// whose advice, journey and request it states as its own: trying again now, or signing
/// in, is still what the person can do.
public struct OutcomeNotKnownYet: ClassifiedError, Sendable {
  /// The failure the change met.
  public let failure: any Error

  public init(failure: any Error) {
    self.failure = failure
  }

  public var recovery: Recovery { Recovery(of: failure) }
  public var journey: Journey? { Journey(of: failure) }
  public var failedRequest: FailedRequest? { (failure as? any ClassifiedError)?.failedRequest }
  public var underlyingError: (any Error)? { failure }
  public var summary: String {
    "OutcomeNotKnownYet (kept in the journal, finished at the next start)"
  }
}
