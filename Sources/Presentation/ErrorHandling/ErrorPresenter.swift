import Domain

/// The one place where an error a screen caught becomes what a person sees, and where it
/// is logged, once.
///
/// It decides in this order, each decision made once: an empty result is an invitation,
/// not an error; an error that interrupts the flow goes to the app-level handlers, which
/// pick the journey from its `FlowInterruption` alone; every other error is worded from
/// its `Recovery` (the advice), with the failed request's kind choosing between words
/// that give the same advice. Message, recovery, trace id and logged chain all come from
/// the same failure: the one that decides the screen.
struct ErrorPresenter: Sendable {
  enum Presented {
    case empty(Notice)
    case journey(FlowDecision)
    case failed(PresentationError)
  }

  /// What the screen was doing when it failed, in the user's words.
  struct Activity: Sendable {
    /// "load", "save".
    let verb: String
    /// "loading", "saving".
    let gerund: String
    /// "your payment methods", "your card".
    let object: String

    static func loading(_ object: String) -> Activity {
      Activity(verb: "load", gerund: "loading", object: object)
    }
  }

  let activity: Activity
  let flowHandlers: FlowErrorHandlers
  let logger: any DeveloperLog

  func present(_ error: any Error) -> Presented {
    if case PaymentMethodsError.noPaymentMethodsFound = error { return .empty(.noPaymentMethods) }

    let recovery = Recovery(of: error)
    let chain = ErrorChain(error)
    // One rule for every error: the user sees the trace id only where support takes over.
    let shownTraceID = recovery.showsTraceID ? chain.traceID : nil

    if let interruption = FlowInterruption(of: error),
      var decision = flowHandlers.decision(for: interruption, recovery: recovery)
    {
      decision.traceID = shownTraceID
      log(.warning, "sending the user to \(decision.action.rawValue)", error, chain, recovery)
      return .journey(decision)
    }

    let presented = words(for: recovery, kind: chain.requestFailureKind, traceID: shownTraceID)
    log(
      presented.category == .unexpected ? .error : .warning,
      "showing the error \"\(presented.title)\"", error, chain, recovery)
    return .failed(presented)
  }

  /// A source that failed while the rest of the screen loaded, worded like a screen's error
  /// about that source alone ("We couldn't load your cards without a connection."), and
  /// logged once, here, where it is shown.
  func presentFailedSource(_ failure: SourceFailure) -> PresentationError {
    let recovery = failure.recovery
    let chain = ErrorChain(failure)
    let presenter = ErrorPresenter(
      activity: .loading(failure.source.object), flowHandlers: flowHandlers, logger: logger)
    let presented = presenter.words(
      for: recovery, kind: chain.requestFailureKind,
      traceID: recovery.showsTraceID ? chain.traceID : nil)
    log(
      failure.isUnknown ? .error : .warning,
      "showing that \(failure.source.rawValue) could not load (\(failure.reason))", failure,
      chain, recovery, source: failure.source)
    return presented
  }

  private func words(for recovery: Recovery, kind: RequestFailure.Kind?, traceID: String?)
    -> PresentationError
  {
    switch recovery {
    case .retryWhenUserActs(.reconnect) where kind == .insecureConnection:
      PresentationError(
        title: "Couldn't connect securely",
        message: "We couldn't make a secure connection to \(activity.verb) \(activity.object).",
        hint: "If this network has a sign-in page, open it; or try another network.",
        category: .retryable, recovery: recovery)
    case .retryWhenUserActs(.reconnect):
      PresentationError(
        title: "You're offline",
        message: "We couldn't \(activity.verb) \(activity.object) without a connection.",
        hint: "Connect to the internet, then try again.",
        category: .retryable, recovery: recovery)
    case .retryNow where kind == .serviceUnavailable:
      PresentationError(
        title: "Our payment service is down",
        message: "We tried several times but couldn't \(activity.verb) \(activity.object).",
        hint: "Try again in a few minutes.",
        category: .serviceUnavailable, recovery: recovery)
    case .retryNow where kind == .serverUnreachable:
      PresentationError(
        title: "Can't reach our payment service",
        message:
          "We couldn't connect to our payment service to \(activity.verb) \(activity.object).",
        hint: "Check your connection, or try again in a few minutes.",
        category: .serviceUnavailable, recovery: recovery)
    case .retryNow where kind == .rateLimited:
      PresentationError(
        title: "Too many requests",
        message:
          "We're getting a lot of requests right now and couldn't \(activity.verb) \(activity.object).",
        hint: "Wait a moment, then try again.",
        category: .retryable, recovery: recovery)
    case .retryNow, .retryWhenUserActs:
      PresentationError(
        title: "Couldn't \(activity.verb) \(activity.object)",
        message: "Something got in the way of \(activity.gerund) \(activity.object).",
        hint: "Check your connection and try again.",
        category: .retryable, recovery: recovery)
    case .notRecoverable(.inspectCause):
      PresentationError(
        title: "Something went wrong",
        message: "We couldn't \(activity.verb) \(activity.object). This is on us, not you.",
        hint: "Contact support and quote the reference below.",
        category: .unexpected, recovery: recovery, traceID: traceID)
    case .signInAgain, .notRecoverable:
      PresentationError(
        title: "Couldn't \(activity.verb) \(activity.object)",
        message: "This can't be fixed by trying again.",
        hint: "Contact support for help.",
        category: .other, recovery: recovery, traceID: traceID)
    }
  }

  /// One line for the handled error: its chain, its recovery and its trace id, plus every
  /// other failure of the same load with its own trace id, so support can find every
  /// request that failed, whichever one the screen talks about.
  private func log(
    _ level: LogLevel, _ message: String, _ error: any Error, _ chain: ErrorChain,
    _ recovery: Recovery, source: PaymentSource? = nil
  ) {
    var metadata = [
      LogMetadataKey.error: chain.description,
      LogMetadataKey.recovery: recovery.description,
    ]
    metadata[LogMetadataKey.source] = source?.rawValue
    metadata[LogMetadataKey.traceID] = chain.traceID
    let others = (error as? PaymentMethodsError)?.otherFailures ?? []
    if !others.isEmpty {
      metadata[LogMetadataKey.alsoFailed] = others.map { failure in
        let id = ErrorChain(failure).traceID.map { " traceId=\($0)" } ?? ""
        return failure.description + id
      }.joined(separator: "; ")
    }
    logger.log(level, message, metadata: metadata)
  }
}

extension ErrorChain {
  /// The kind of the request failure in the chain, if a request failed: it chooses between
  /// words that give the same advice.
  fileprivate var requestFailureKind: RequestFailure.Kind? {
    links.lazy.compactMap { ($0 as? RequestFailure)?.kind }.first
  }
}

extension PaymentSource {
  /// The source as the object of "We couldn't load …".
  fileprivate var object: String {
    switch self {
    case .wallet: "your wallet"
    case .cards: "your cards"
    case .applePay: "Apple Pay"
    }
  }
}

extension Notice {
  static let noPaymentMethods = Notice(
    title: "No payment methods yet",
    message: "You haven't added a way to pay.",
    hint: "Add a card to check out in one tap."
  )
}
