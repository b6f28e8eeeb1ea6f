import Domain

/// What a screen does with an error it caught, the same way on every screen: offer it to
/// the app-level handlers first, otherwise present it as the screen's own error; log it
/// once either way, with its whole chain and its trace id.
struct ScreenErrorHandling: Sendable {
  enum Handled {
    case journey(FlowDecision)
    case shown(PresentationError)
  }

  enum StatusCheck {
    /// Nothing stands in the way any more: load the screen.
    case ready
    case blocked(FlowDecision)
    case failed(any Error)
    case cancelled
  }

  let presenter: ErrorPresenter
  let flowHandlers: FlowErrorHandlers
  let checkUserStatus: @Sendable () async throws -> UserStatus
  let logger: any DeveloperLog

  func handle(_ error: any Error) -> Handled {
    var metadata = [
      LogMetadataKey.error: ErrorChain(error).description,
      "recovery": Recovery(of: error).description,
    ]
    metadata[LogMetadataKey.traceID] = ErrorChain(error).traceID

    if let decision = flowHandlers.decision(for: error) {
      logger.log(.warning, "sending the user to \(decision.action.rawValue)", metadata: metadata)
      return .journey(decision)
    }
    let presented = presenter.present(error)
    logger.log(
      presented.category == .unexpected ? .error : .warning,
      "showing the error \"\(presented.title)\"", metadata: metadata)
    return .shown(presented)
  }

  /// Re-reads the user's status, the first step of "check my status again".
  func checkStatus() async -> StatusCheck {
    do {
      let status = try await checkUserStatus()
      logger.log(.info, "user status is \(status.rawValue)")
      return UserStateHandler.decision(for: status).map(StatusCheck.blocked) ?? .ready
    } catch is CancellationError {
      return .cancelled
    } catch {
      return .failed(error)
    }
  }
}
