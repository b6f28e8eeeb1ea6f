/// A card the backend set up and its bank must approve (3-D Secure) before it is saved:
/// `POST /cards` answered 202 `requires_action`. An answer the backend gives on purpose, so
/// it is a value the add-card use case returns (`AddCardOutcome.needsBankApproval`), never
/// an error: the form waits for the bank (`WaitForBankApprovalUseCase`) with this setup.
public struct CardSetup: Sendable, Equatable {
  /// The setup to ask about (`GET /cards/setups/{id}`) and to cancel.
  public let setupID: String
  /// What the bank asks of the user, in the bank's words: untrusted text, to be shown as
  /// text and never interpreted.
  public let bankMessage: String?
  /// The submission's idempotency key. Sent again with the same card, it continues this
  /// setup rather than starting another: how "try again" after the bank did not answer in
  /// time asks the backend where the card stands without saving it twice.
  public let idempotencyKey: String

  public init(setupID: String, bankMessage: String?, idempotencyKey: String) {
    self.setupID = setupID
    self.bankMessage = bankMessage
    self.idempotencyKey = idempotencyKey
  }
}

/// Where a card that waits for its bank's approval (3-D Secure) is asked about: the backend
/// set it up, and the user approves it in their banking app.
public protocol CardSetups: Sendable {
  /// `GET /cards/setups/{id}`: where the approval stands.
  func status(ofSetup id: String) async throws -> CardSetupStatus
  /// `POST /cards/setups/{id}/cancel`: the user stopped waiting.
  func cancelSetup(_ id: String) async throws
}

/// Where a card's approval stands, as the backend says.
public enum CardSetupStatus: Sendable, Equatable {
  /// The bank has not answered yet.
  case waiting
  /// Approved: the card is saved.
  case succeeded(PaymentCard)
  /// The bank declined, with its reason when it gave one.
  case declined(reason: String?)
  /// The setup was cancelled (by the backend, or before the answer came).
  case canceled
}

/// How waiting for the bank ended, when it ended with an answer or ran out of time.
public enum BankApprovalOutcome: Sendable, Equatable {
  case approved(PaymentCard)
  case declined(reason: String?)
  case canceled
  /// The bank did not answer within the budget.
  case timedOut
}

/// Waits for the bank to approve a card: asks the backend where the approval stands, again
/// and again, with backoff (full jitter, never more often than every 500 ms), until it
/// answers or the budget is spent, the last time when the budget ends. A user who stops
/// waiting cancels the task: the setup is cancelled on the backend before this throws
/// `CancellationError`, so the bank's answer, should it come, saves nothing.
public struct WaitForBankApprovalUseCase: Sendable {
  /// Never more often than this, whatever the jitter picks.
  public static let shortestWait = Duration.milliseconds(500)
  /// The backoff's first step and its cap.
  public static let firstWait = Duration.seconds(1)
  public static let longestWait = Duration.seconds(8)
  /// How long a user is asked to approve before the app says the bank did not answer.
  public static let defaultBudget = Duration.seconds(120)

  private let setups: any CardSetups
  /// How long the bank is waited for before the wait ends as `timedOut`.
  public let budget: Duration
  /// What the budget is measured on.
  public let clock: any Clock<Duration>
  private let jitter: @Sendable (Duration) -> Duration
  private let logger: any DeveloperLog

  /// - Parameters:
  ///   - jitter: picks a duration between zero and the value given (the retry policy's
  ///     full jitter).
  public init(
    setups: any CardSetups, budget: Duration = defaultBudget,
    clock: any Clock<Duration> = ContinuousClock(),
    jitter: @escaping @Sendable (Duration) -> Duration = { $0 * Double.random(in: 0...1) },
    logger: any DeveloperLog
  ) {
    self.setups = setups
    self.budget = budget
    self.clock = clock
    self.jitter = jitter
    self.logger = logger
  }

  /// Throws a request failure (with its recovery, as for every request), or
  /// `CancellationError` once the setup has been cancelled.
  public func execute(setupID: String) async throws -> BankApprovalOutcome {
    let elapsed = Self.stopwatch(clock)
    var asked = 0
    while true {
      let status: CardSetupStatus
      do {
        try Task.checkCancellation()
        status = try await setups.status(ofSetup: setupID)
      } catch is CancellationError {
        throw await cancel(setupID)
      }
      switch status {
      case .succeeded(let card): return .approved(card)
      case .declined(let reason): return .declined(reason: reason)
      case .canceled: return .canceled
      case .waiting: break
      }
      asked += 1
      // The last wait is cut short to end with the budget, so that the bank is asked once
      // more then; with less left than the shortest wait, the budget is spent.
      let left = budget - elapsed()
      guard left >= Self.shortestWait else { return .timedOut }
      let wait = min(Self.wait(afterAsking: asked, jitter: jitter), left)
      do {
        try await clock.sleep(for: wait)
      } catch {
        throw await cancel(setupID)
      }
    }
  }

  /// The wait after the `asked`th answer that the bank has not answered yet: exponential
  /// backoff with full jitter, never under `shortestWait`.
  static func wait(afterAsking asked: Int, jitter: (Duration) -> Duration) -> Duration {
    // The shift is capped, so the arithmetic cannot overflow however long the wait.
    let backoff = min(longestWait, firstWait * (1 << min(max(asked - 1, 0), 16)))
    return max(shortestWait, jitter(backoff))
  }

  /// The time since now, on `clock`.
  private static func stopwatch<C: Clock<Duration>>(_ clock: C) -> () -> Duration {
    let start = clock.now
    return { start.duration(to: clock.now) }
  }

  /// The user stopped waiting for a setup that is no longer being asked about (the bank
  /// did not answer in time, and the user went back to the form): it is cancelled on the
  /// backend, so that an approval coming later saves nothing. A cancel that fails is
  /// logged: the setup then expires on the backend. Sent even from a cancelled task.
  public func stopWaiting(setupID: String) async {
    let setups = setups
    let logger = logger
    // A task of its own: the caller's may be cancelled, and the request must still be sent.
    await Task {
      do {
        try await setups.cancelSetup(setupID)
      } catch {
        logger.log(
          .warning, "could not cancel the card's setup; it expires on the backend",
          metadata: ["setupId": setupID, "error": String(describing: error)])
      }
    }.value
  }

  /// Cancels the setup on the backend, even though the task asking is cancelled, and
  /// returns the cancellation to throw.
  private func cancel(_ setupID: String) async -> CancellationError {
    await stopWaiting(setupID: setupID)
    return CancellationError()
  }
}
