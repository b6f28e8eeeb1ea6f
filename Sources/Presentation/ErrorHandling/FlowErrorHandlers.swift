import Domain

/// What the app decided to do about an error that interrupts the user's flow: where to
/// send the user, what to tell them, and the button that takes them there.
public struct FlowDecision: Sendable, Equatable {
  public enum Action: String, Sendable, Equatable {
    case signIn
    case verifyAccount
    case contactSupport
    case updateApp
  }

  public var action: Action
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
    action: Action, recovery: Recovery, notice: Notice, button: String, traceID: String? = nil,
    message: String? = nil, accessibilityLabel: String? = nil
  ) {
    self.action = action
    self.recovery = recovery
    self.notice = notice
    self.button = button
    self.traceID = traceID
    self.message = message
    self.accessibilityLabel =
      accessibilityLabel ?? [notice.accessibilityLabel, button].joined(separator: " ")
  }

  /// A journey worded in `words`' language.
  init(action: Action, recovery: Recovery, notice: Notice, button: String, words: Phrasebook) {
    self.init(action: action, recovery: recovery, notice: notice, button: button)
    accessibilityLabel = words.spoken(self)
  }
}

/// One link of the app-level chain: claims the interruptions it knows how to turn into a
/// journey. The advice (`recovery`) is the error's own, decided below; a handler only
/// passes it on.
public protocol FlowErrorHandler: Sendable {
  /// - Parameter words: the user's language, for the journey's notice and button.
  func decision(for interruption: FlowInterruption, recovery: Recovery, words: Phrasebook)
    -> FlowDecision?
}

/// The app-level handler chain. Errors that interrupt the flow (session ended, account
/// state, app outdated) go through it, whichever screen met them, so no screen repeats
/// that logic in its catch blocks. It sees only the `FlowInterruption` an error declares:
/// a recovery, however grave, never sends anyone anywhere.
public struct FlowErrorHandlers: Sendable {
  private let handlers: [any FlowErrorHandler]

  public init(_ handlers: [any FlowErrorHandler]) {
    self.handlers = handlers
  }

  public static let standard = FlowErrorHandlers([
    SessionEndedHandler(), UserStateHandler(), OutdatedClientHandler(),
  ])

  /// The first handler's decision, or nil if no handler claims the interruption.
  public func decision(
    for interruption: FlowInterruption, recovery: Recovery, words: Phrasebook
  ) -> FlowDecision? {
    for handler in handlers {
      if let decision = handler.decision(for: interruption, recovery: recovery, words: words) {
        return decision
      }
    }
    return nil
  }
}

/// The session is over: sign in again.
public struct SessionEndedHandler: FlowErrorHandler {
  public init() {}

  public func decision(
    for interruption: FlowInterruption, recovery: Recovery, words: Phrasebook
  ) -> FlowDecision? {
    guard interruption == .sessionEnded else { return nil }
    return FlowDecision(
      action: .signIn,
      recovery: recovery,
      notice: Notice(
        title: words["journey.signIn.title"], message: words["journey.signIn.message"],
        hint: words["journey.signIn.hint"], words: words),
      button: words["journey.signIn.button"], words: words)
  }
}

/// The user's account is in the wrong state: send them on the journey out of it.
public struct UserStateHandler: FlowErrorHandler {
  public init() {}

  public func decision(
    for interruption: FlowInterruption, recovery: Recovery, words: Phrasebook
  ) -> FlowDecision? {
    switch interruption {
    case .accountNotVerified:
      FlowDecision(
        action: .verifyAccount,
        recovery: recovery,
        notice: Notice(
          title: words["journey.verify.title"], message: words["journey.verify.message"],
          hint: words["journey.verify.hint"], words: words),
        button: words["journey.verify.button"], words: words)
    case .accountLocked:
      FlowDecision(
        action: .contactSupport,
        recovery: recovery,
        notice: Notice(
          title: words["journey.locked.title"], message: words["journey.locked.message"],
          hint: words["journey.locked.hint"], words: words),
        button: words["journey.locked.button"], words: words)
    case .sessionEnded, .appOutdated:
      nil
    }
  }
}

/// This version of the app is no longer supported: update it.
public struct OutdatedClientHandler: FlowErrorHandler {
  public init() {}

  public func decision(
    for interruption: FlowInterruption, recovery: Recovery, words: Phrasebook
  ) -> FlowDecision? {
    guard interruption == .appOutdated else { return nil }
    return FlowDecision(
      action: .updateApp,
      recovery: recovery,
      notice: Notice(
        title: words["journey.update.title"], message: words["journey.update.message"],
        hint: words["journey.update.hint"], words: words),
      button: words["journey.update.button"], words: words)
  }
}
