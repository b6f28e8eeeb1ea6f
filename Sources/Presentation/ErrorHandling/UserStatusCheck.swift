import Domain

/// The first step of "check my status again": re-reads the user's status, and says
/// whether it still stands in the way, through the same app-level handlers as any error.
struct UserStatusCheck: Sendable {
  enum Finding {
    /// Nothing stands in the way any more: load the screen.
    case ready
    case blocked(PresentedJourney)
    case failed(any Error)
  }

  let read: @Sendable () async throws -> UserStatus
  let journeyHandlers: JourneyHandlers
  let logger: any DeveloperLog
  let words: Phrasebook

  func run() async -> Finding {
    let status: UserStatus
    do {
      status = try await read()
    } catch {
      return .failed(error)
    }
    logger.log(.info, "user status is \(status.rawValue)")
    // What stands in the way, and what the check found, said because the screen may look
    // just as it did before the check.
    guard let journey = status.journey,
      var decision = journeyHandlers.present(journey, recovery: status.recovery, words: words)
    else {
      return .ready
    }
    decision.message =
      status == .locked
      ? words["journey.checked.locked"] : words["journey.checked.notVerified"]
    return .blocked(decision)
  }
}
