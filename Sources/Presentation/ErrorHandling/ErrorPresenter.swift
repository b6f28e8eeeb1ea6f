import Domain

/// The one place where an error a screen caught becomes what a person sees, and where it
/// is logged, once.
///
/// It decides in this order, each decision made once: an error with a `journey` goes to the
/// app-level handlers, which word that journey alone; every other error is worded from its
/// `Recovery` (the advice), with the failed request's kind choosing between words that give
/// the same advice (`Wording`). The advice, the journey and the failed request are each read
/// from the error handed in, as that error states them: the chain is only logged. A result
/// that is no failure, such as an empty list, is its screen's to say.
struct ErrorPresenter: Sendable {
  enum Presented {
    case journey(PresentedJourney)
    case failed(PresentationError)
  }

  /// What the screen was doing when it failed: loading or saving, and what.
  struct Activity: Sendable {
    /// Also the last part of the key of each sentence about the activity.
    enum Verb: String, Sendable {
      case load
      case save
      case remove
    }

    let verb: Verb
    /// The key of what was being loaded or saved, such as "object.cards".
    let objectKey: String

    static func loading(_ objectKey: String) -> Activity {
      Activity(verb: .load, objectKey: objectKey)
    }
  }

  let activity: Activity
  let journeyHandlers: JourneyHandlers
  let logger: any DeveloperLog
  let words: Phrasebook

  func present(_ error: any Error) -> Presented {
    let recovery = Recovery(of: error)
    let request = (error as? any ClassifiedError)?.failedRequest
    let chain = ErrorChain(error)

    if let journey = Journey(of: error),
      var decision = journeyHandlers.present(journey, recovery: recovery, words: words)
    {
      decision.traceID = Self.shownTraceID(recovery, request)
      decision.accessibilityLabel = words.spoken(decision)
      log(.warning, "sending the user to \(decision.journey.rawValue)", error, chain, recovery)
      return .journey(decision)
    }

    var presented = presentation(for: recovery, request: request)
    if let notKnown = error as? OutcomeNotKnownYet {
      presented = notKnownYet(presented, isKept: notKnown.isKept)
    }
    log(
      presented.category == .unexpected ? .error : .warning,
      "showing the error \"\(presented.title)\"", error, chain, recovery)
    return .failed(presented)
  }

  /// A sign-in the user asked for that failed, presented like any error. A refusal sends
  /// the user back to the very journey whose button they pressed, so it also says what came
  /// of the try (`PresentedJourney.message`): without that, the screen would look exactly as
  /// before, as if nothing had happened. Every "Sign in" goes through here: a screen's, and
  /// a form's "Sign in and save".
  func presentFailedSignIn(_ error: any Error) -> Presented {
    let presented = present(error)
    guard case .journey(var decision) = presented, decision.journey == .signIn else {
      return presented
    }
    decision.message = words["journey.signIn.refused"]
    return .journey(decision)
  }

  /// A source that failed while the rest of the screen loaded, worded like a screen's error
  /// about that source alone ("We couldn't load your cards without a connection."), and
  /// logged once, here, where it is shown.
  func presentSourceFailure(_ failure: SourceFailure) -> PresentationError {
    let recovery = failure.recovery
    let chain = ErrorChain(failure)
    let presenter = ErrorPresenter(
      activity: .loading(failure.source.objectKey), journeyHandlers: journeyHandlers,
      logger: logger,
      words: words)
    let presented = presenter.presentation(for: recovery, request: failure.failedRequest)
    log(
      failure.isUnknown ? .error : .warning,
      "showing that \(failure.source.rawValue) could not load (\(failure.reason))", failure,
      chain, recovery, source: failure.source)
    return presented
  }

  /// The one rule for every error: the user sees the trace id only where support takes
  /// over.
  private static func shownTraceID(_ recovery: Recovery, _ request: FailedRequest?) -> String? {
    recovery.showsTraceID ? request?.traceID : nil
  }

  /// What the user sees of an error, from its advice; the failed request's kind chooses
  /// between words that give the same advice.
  private func presentation(for recovery: Recovery, request: FailedRequest?)
    -> PresentationError
  {
    let wording = Wording(recovery, request?.kind)
    return PresentationError(
      title: say(wording.title), message: say(wording.message), hint: words[wording.hint],
      category: wording.category, recovery: recovery,
      traceID: Self.shownTraceID(recovery, request), words: words)
  }

  /// A change whose answer was lost after `presented`'s failure: the same advice, but said
  /// as what it is, a change whose outcome is not known yet; one kept in the journal will
  /// be finished, one not kept shows in the next load. Only a change's answer can be lost,
  /// so its title has words for a save and a removal alone.
  private func notKnownYet(_ presented: PresentationError, isKept: Bool) -> PresentationError {
    PresentationError(
      title: say(.about("error.notKnownYet.title")),
      message: words[isKept ? "error.notKnownYet.message" : "error.notKnownYet.message.notKept"],
      hint: presented.hint,
      category: presented.category, recovery: presented.recovery, traceID: presented.traceID,
      words: words)
  }

  /// The words of a phrase: its key's, or for a phrase about the activity's object, those
  /// of its key for the activity's verb ("….load", "….save", "….remove").
  private func say(_ phrase: Wording.Phrase) -> String {
    switch phrase {
    case .same(let key): words[key]
    case .about(let key): words["\(key).\(activity.verb.rawValue)", words[activity.objectKey]]
    }
  }

  /// One line for the handled error: its chain, its recovery and its trace id, plus every
  /// other failure of the same load with its own trace id, so support can find every
  /// request that failed, whichever one the screen talks about.
  private func log(
    _ level: LogLevel, _ message: String, _ error: any Error, _ chain: ErrorChain,
    _ recovery: Recovery, source: PaymentSource? = nil
  ) {
    var metadata = chain.logMetadata
    metadata[LogMetadataKey.recovery] = recovery.description
    metadata[LogMetadataKey.source] = source?.rawValue
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

extension PaymentSource {
  /// The key of the source as the object of "We couldn't load …".
  var objectKey: String {
    switch self {
    case .wallet: "object.wallet"
    case .cards: "object.cards"
    case .applePay: "object.applePay"
    }
  }
}
