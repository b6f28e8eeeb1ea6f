import Domain

/// A journey as the screen offers it: what to tell the user, and the button that takes
/// them where the error sends them.
public struct PresentedJourney: Sendable, Equatable {
  public var journey: Journey
  /// The advice of the failure that sent the user on this journey, as that failure gave it.
  public var recovery: Recovery
  public var notice: Notice
  /// The label of the way on, such as "Check my status again".
  public var button: String
  /// Shown where support has to take over, so the user can quote it.
  public var traceID: String?
  /// What came of the user's last try to get past this, such as a status check that found
  /// nothing changed; nil until there is one. Without it, a try that changes nothing would
  /// leave the screen exactly as it was, as if the button had not been pressed.
  public var message: String?
  /// The journey as a screen reader reads it: the notice, the reference, the button.
  public var accessibilityLabel: String

  /// - Parameter accessibilityLabel: by default, the notice's, then the button.
  public init(
    journey: Journey, recovery: Recovery, notice: Notice, button: String, traceID: String? = nil,
    message: String? = nil, accessibilityLabel: String? = nil
  ) {
    self.journey = journey
    self.recovery = recovery
    self.notice = notice
    self.button = button
    self.traceID = traceID
    self.message = message
    self.accessibilityLabel =
      accessibilityLabel ?? [notice.accessibilityLabel, button].joined(separator: " ")
  }
}

/// One link of the app-level chain: claims the journeys it knows how to present. The
/// advice (`recovery`) is the error's own, decided below; a handler only passes it on. An
/// app adds its own links in front of the standard ones (a journey worded by its design
/// system, say).
public protocol JourneyHandler: Sendable {
  /// - Parameter words: the user's language, for the journey's notice and button.
  func present(_ journey: Journey, recovery: Recovery, words: Phrasebook) -> PresentedJourney?
}

/// The app-level handler chain. Every error that sends the user elsewhere (an ended
/// session, an account to verify or a locked one, an outdated app) goes through it,
/// whichever screen met it, so no screen repeats that logic in its catch blocks. It sees
/// only the `Journey` an error declares: a recovery, however grave, never sends anyone
/// anywhere.
public struct JourneyHandlers: Sendable {
  private let handlers: [any JourneyHandler]

  public init(_ handlers: [any JourneyHandler]) {
    self.handlers = handlers
  }

  /// One standard link per journey, each worded from the table.
  public static let standard = JourneyHandlers(Journey.allCases.map(StandardJourneyHandler.init))

  /// The first handler's presentation, or nil if no handler claims the journey.
  public func present(_ journey: Journey, recovery: Recovery, words: Phrasebook)
    -> PresentedJourney?
  {
    for handler in handlers {
      if let presented = handler.present(journey, recovery: recovery, words: words) {
        return presented
      }
    }
    return nil
  }
}

/// The standard link for one journey: it claims that journey alone and words it from the
/// table. The journeys differ only in their words, so the words are all a link states.
public struct StandardJourneyHandler: JourneyHandler {
  public let journey: Journey

  public init(_ journey: Journey) {
    self.journey = journey
  }

  public func present(_ journey: Journey, recovery: Recovery, words: Phrasebook)
    -> PresentedJourney?
  {
    guard journey == self.journey else { return nil }
    let keys = Self.keys(journey)
    var presented = PresentedJourney(
      journey: journey, recovery: recovery,
      notice: Notice(
        title: words[keys.title], message: words[keys.message], hint: words[keys.hint],
        words: words),
      button: words[keys.button])
    presented.accessibilityLabel = words.spoken(presented)
    return presented
  }

  /// The table's keys for each journey's words.
  private static func keys(_ journey: Journey)
    -> (title: String, message: String, hint: String, button: String)
  {
    switch journey {
    case .signIn:
      (
        "journey.signIn.title", "journey.signIn.message", "journey.signIn.hint",
        "journey.signIn.button"
      )
    case .verifyAccount:
      (
        "journey.verifyAccount.title", "journey.verifyAccount.message",
        "journey.verifyAccount.hint", "journey.verifyAccount.button"
      )
    case .contactSupport:
      (
        "journey.contactSupport.title", "journey.contactSupport.message",
        "journey.contactSupport.hint", "journey.contactSupport.button"
      )
    case .updateApp:
      (
        "journey.updateApp.title", "journey.updateApp.message", "journey.updateApp.hint",
        "journey.updateApp.button"
      )
    }
  }
}
