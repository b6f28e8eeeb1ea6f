/// One change per subject on the wire: a newer choice to the same thing (the default, a
/// card's expiry, a card's removal) is sent only once the older one's end is known, in the
/// order they were made. Without it, a second tap races the first: the first request's
/// retry can land after the second was answered, and undo it.
///
/// One for the whole app, shared by every write of the person's (`JournaledCardWrites`),
/// whichever screen makes it. A change whose caller leaves while it waits gives up its
/// turn at once. Turns go in the order changes arrive here, once written down, and the wait
/// counts against the caller's deadline: a screen that lets a second choice follow the
/// first at once makes it after the first has started (the payment-methods screen holds a
/// second default until the first one's end). It orders one app's requests; two apps (or
/// runs) at once are not ordered by it.
public actor SubjectTurns {
  private typealias Waiter = (id: Int, turn: CheckedContinuation<Void, any Error>)
  private var waiting: [PendingChange.Subject: [Waiter]] = [:]
  private var busy: Set<PendingChange.Subject> = []
  private var nextID = 0

  public init() {}

  /// Runs `send` once every earlier change to `subject` has ended.
  ///
  /// - Throws: `CancellationError` when the caller is cancelled while it waits (nothing is
  ///   sent), or what `send` throws.
  public func inTurn<Outcome: Sendable>(
    for subject: PendingChange.Subject, _ send: @Sendable () async throws -> Outcome
  ) async throws -> Outcome {
    if busy.contains(subject) {
      try await waitForTurn(subject)
    } else {
      busy.insert(subject)
    }
    defer { passTurn(subject) }
    return try await send()
  }

  private func waitForTurn(_ subject: PendingChange.Subject) async throws {
    let id = nextID
    nextID += 1
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (turn: CheckedContinuation<Void, any Error>) in
        if Task.isCancelled {
          turn.resume(throwing: CancellationError())
        } else {
          waiting[subject, default: []].append((id, turn))
        }
      }
    } onCancel: {
      Task { await self.giveUp(id, subject) }
    }
  }

  /// A waiter whose caller left: out of the line, and told so.
  private func giveUp(_ id: Int, _ subject: PendingChange.Subject) {
    guard let index = waiting[subject]?.firstIndex(where: { $0.id == id }) else { return }
    let left = waiting[subject]?.remove(at: index)
    left?.turn.resume(throwing: CancellationError())
  }

  /// The turn goes to the next change in line, or the subject is free.
  private func passTurn(_ subject: PendingChange.Subject) {
    guard var line = waiting[subject], !line.isEmpty else {
      busy.remove(subject)
      waiting[subject] = nil
      return
    }
    let next = line.removeFirst()
    waiting[subject] = line
    next.turn.resume()
  }
}
