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

  public init(
    action: Action, recovery: Recovery, notice: Notice, button: String, traceID: String? = nil,
    message: String? = nil
  ) {
    self.action = action
    self.recovery = recovery
    self.notice = notice
    self.button = button
    self.traceID = traceID
    self.message = message
  }
}

/// One link of the app-level chain: claims the interruptions it knows how to turn into a
/// journey. The advice (`recovery`) is the error's own, decided below; a handler only
/// passes it on.
public protocol FlowErrorHandler: Sendable {
  func decision(for interruption: FlowInterruption, recovery: Recovery) -> FlowDecision?
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
  public func decision(for interruption: FlowInterruption, recovery: Recovery) -> FlowDecision? {
    for handler in handlers {
      if let decision = handler.decision(for: interruption, recovery: recovery) {
        return decision
      }
    }
    return nil
  }
}

/// The session is over: sign in again.
public struct SessionEndedHandler: FlowErrorHandler {
  public init() {}

  public func decision(for interruption: FlowInterruption, recovery: Recovery) -> FlowDecision? {
    guard interruption == .sessionEnded else { return nil }
    return FlowDecision(
      action: .signIn,
      recovery: recovery,
      notice: Notice(
        title: "Please sign in again",
        message: "Your session has ended, so we signed you out to keep your account safe.",
        hint: "Sign in to pick up where you left off."),
      button: "Sign in")
  }
}

/// The user's account is in the wrong state: send them on the journey out of it.
public struct UserStateHandler: FlowErrorHandler {
  public init() {}

  public func decision(for interruption: FlowInterruption, recovery: Recovery) -> FlowDecision? {
    switch interruption {
    case .accountNotVerified:
      FlowDecision(
        action: .verifyAccount,
        recovery: recovery,
        notice: Notice(
          title: "Verify your account",
          message: "You need a verified account before you can pay.",
          hint: "Follow the link we emailed you, then check your status again."),
        button: "Check my status again")
    case .accountLocked:
      FlowDecision(
        action: .contactSupport,
        recovery: recovery,
        notice: Notice(
          title: "Your account is locked",
          message: "For your security, payments are turned off on this account.",
          hint: "Contact support; quoting the reference below helps them find you."),
        button: "Contact support")
    case .sessionEnded, .appOutdated:
      nil
    }
  }
}

/// This version of the app is no longer supported: update it.
public struct OutdatedClientHandler: FlowErrorHandler {
  public init() {}

  public func decision(for interruption: FlowInterruption, recovery: Recovery) -> FlowDecision? {
    guard interruption == .appOutdated else { return nil }
    return FlowDecision(
      action: .updateApp,
      recovery: recovery,
      notice: Notice(
        title: "Update the app",
        message: "This version of the app is no longer supported.",
        hint:
          "Install the latest version from the App Store. If that doesn't help, contact support with the reference below."
      ),
      button: "Update")
  }
}
