import Presentation

/// The process exit codes, documented in the README; numbers from BSD's sysexits where one
/// fits.
enum ExitCode: Int32, Sendable, Equatable {
  /// The screen loaded, or showed its empty state.
  case success = 0
  /// The screen shows an error no other code covers (an outdated app, say).
  case errorState = 1
  /// Bad flags, or an unknown scenario name (EX_USAGE).
  case usage = 64
  /// A scenario file that does not parse or holds a bad value (EX_DATAERR).
  case badScenarioFile = 65
  /// A scenario file that cannot be read (EX_NOINPUT).
  case unreadableScenarioFile = 66
  /// The service was still unavailable when the retries ran out (EX_UNAVAILABLE).
  case serviceUnavailable = 69
  /// An error nobody planned for: a bug (EX_SOFTWARE).
  case unexpectedError = 70
  /// A temporary failure: trying again, now or after reconnecting, may work (EX_TEMPFAIL).
  case temporaryFailure = 75
  /// The user must sign in again or change their account's state (EX_NOPERM).
  case userActionRequired = 77
}

extension ExitCode {
  /// What a screen ended on, as far as the process's exit code cares.
  enum Ending: Equatable {
    /// The screen loaded, or showed its empty state or a wallet status.
    case shown
    case failed(PresentationError.Category)
    case journey(FlowDecision.Action)
  }

  /// The one place a screen's ending becomes the process's exit code.
  init(_ ending: Ending) {
    self =
      switch ending {
      case .shown: .success
      case .failed(.retryable): .temporaryFailure
      case .failed(.serviceUnavailable): .serviceUnavailable
      case .failed(.unexpected): .unexpectedError
      case .failed(.other): .errorState
      // The user can do nothing about an outdated app on their account: it is an error
      // state like any other, not a call to act on the account.
      case .journey(.updateApp): .errorState
      case .journey(.signIn), .journey(.verifyAccount), .journey(.contactSupport):
        .userActionRequired
      }
  }
}
