import Domain

/// Turns a screen's own errors into what the user sees, by their recovery rather than by
/// their concrete types. Flow-changing errors never get here: the app-level
/// `FlowErrorHandlers` take them first.
struct ErrorPresenter {
  /// What the screen failed to load, such as "your payment methods".
  let subject: String

  func present(_ error: any Error) -> PresentationError {
    let recovery = Recovery(of: error)
    let kinds = requestFailures(in: error).map(\.kind)
    // One rule for every error: the user sees the trace id only where support takes over.
    let shownTraceID = recovery.showsTraceID ? ErrorChain(error).traceID : nil
    switch recovery {
    case .retryWhenUserActs(.reconnect):
      return PresentationError(
        title: "You're offline",
        message: "We couldn't load \(subject) without a connection.",
        hint: "Connect to the internet, then try again.",
        category: .retryable, recovery: recovery)
    case .retryNow where !kinds.isEmpty && kinds.allSatisfy({ $0 == .serviceUnavailable }):
      return PresentationError(
        title: "Our payment service is down",
        message: "We tried several times but couldn't load \(subject).",
        hint: "Try again in a few minutes.",
        category: .serviceUnavailable, recovery: recovery)
    case .retryNow where kinds.contains(.rateLimited):
      return PresentationError(
        title: "Too many requests",
        message: "We're getting a lot of requests right now and couldn't load \(subject).",
        hint: "Wait a moment, then try again.",
        category: .retryable, recovery: recovery)
    case .retryNow, .retryWhenUserActs:
      return PresentationError(
        title: "Couldn't load \(subject)",
        message: "Something got in the way of loading \(subject).",
        hint: "Check your connection and try again.",
        category: .retryable, recovery: recovery)
    case .notRecoverable(.inspectCause):
      return PresentationError(
        title: "Something went wrong",
        message: "We couldn't show \(subject). This is on us, not you.",
        hint: "If it keeps happening, contact support and quote the reference below.",
        category: .unexpected, recovery: recovery, traceID: shownTraceID)
    case .signInAgain, .notRecoverable:
      return PresentationError(
        title: "Couldn't load \(subject)",
        message: "This can't be fixed by trying again.",
        hint: "Contact support for help.",
        category: .other, recovery: recovery, traceID: shownTraceID)
    }
  }

  /// The request failures behind an error: every source's, for a load that failed on
  /// several.
  private func requestFailures(in error: any Error) -> [RequestFailure] {
    if case PaymentMethodsError.couldNotLoad(let failures) = error {
      return failures.compactMap { failure in
        if case .requestFailed(let request) = failure.reason { return request }
        return nil
      }
    }
    return ErrorChain(error).links.compactMap { $0 as? RequestFailure }
  }
}
