import Domain

/// The first step of "check my status again": re-reads the user's status, and says
/// whether it still stands in the way, through the same app-level handlers as any error.
struct UserStatusCheck: Sendable {
  enum Outcome {
    /// Nothing stands in the way any more: load the screen.
    case ready
    case blocked(FlowDecision)
    case failed(any Error)
  }

  let read: @Sendable () async throws -> UserStatus
  let flowHandlers: FlowErrorHandlers
  let logger: any DeveloperLog

  func run() async -> Outcome {
    let status: UserStatus
    do {
      status = try await read()
    } catch {
      return .failed(error)
    }
    logger.log(.info, "user status is \(status.rawValue)")
    let interruption: FlowInterruption? =
      switch status {
      case .verified: nil
      case .notVerified: .accountNotVerified
      case .locked: .accountLocked
      }
    guard let interruption, var decision = flowHandlers.decision(for: interruption) else {
      return .ready
    }
    // The screen may look just as it did before the check: say that the check happened.
    decision.message = Self.finding(status)
    return .blocked(decision)
  }

  private static func finding(_ status: UserStatus) -> String {
    switch status {
    case .verified: "Checked just now: your account is verified."
    case .notVerified: "Checked just now: your account isn't verified yet."
    case .locked: "Checked just now: your account is locked."
    }
  }
}
