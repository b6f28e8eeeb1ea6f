import Domain
import Presentation

/// The process exit codes (an `Error` too, so a step that fails can hand back the code the
/// process ends with), documented in the README and `--help`; numbers from BSD's
/// sysexits where one fits, and 128 + the signal's number where a signal ended the run.
enum ExitCode: Int32, Error, Sendable, Equatable, CaseIterable {
  /// The screen loaded, or showed its empty state.
  case success = 0
  /// The screen shows an error no other code covers (an outdated app, say).
  case errorState = 1
  /// Bad flags, or an unknown scenario name (EX_USAGE).
  case usage = 64
  /// Input data that is wrong: a scenario file that does not parse, holds a bad value, is
  /// empty or too large; or a card whose fields have problems (EX_DATAERR).
  case dataError = 65
  /// A scenario file that cannot be read: missing, a folder, not permitted (EX_NOINPUT).
  case unreadableScenarioFile = 66
  /// The service was still unavailable when the retries ran out; or the program that runs
  /// `--backend-url` is missing (EX_UNAVAILABLE).
  case serviceUnavailable = 69
  /// An error nobody planned for: a bug (EX_SOFTWARE).
  case unexpectedError = 70
  /// Too few files may be open at once (`ulimit -n`) for the program to run, and the limit
  /// cannot be raised: refused as it starts, before a platform library traps (EX_OSERR).
  case tooFewOpenFiles = 71
  /// The file `--log-file` names cannot be created (EX_CANTCREAT).
  case logFileUnwritable = 73
  /// Output could not be written: stdout closed, a full disk (EX_IOERR).
  case outputFailed = 74
  /// A temporary failure: trying again, now or after reconnecting, may work (EX_TEMPFAIL).
  case temporaryFailure = 75
  /// The user must sign in again or change their account's state (EX_NOPERM).
  case journey = 77
  /// The environment holds a token that cannot be sent (EX_CONFIG).
  case configuration = 78
  /// Interrupted (SIGINT, Ctrl-C) while loading, or while a change waited for its answer:
  /// the load, or the change's request, was cancelled.
  case interrupted = 130
  /// The terminal went away (SIGHUP) while the interactive screen was open.
  case hangUp = 129
  /// Asked to stop (SIGTERM) while loading, or while a change waited for its answer: the
  /// load, or the change's request, was cancelled.
  case terminated = 143
  /// The reader of stdout went away (`| head`); nothing is printed, and the code is the one
  /// a shell reports for a process that SIGPIPE ended.
  case brokenPipe = 141
}

extension ExitCode {
  /// What a screen ended on, as far as the process's exit code cares.
  enum Ending: Equatable {
    /// The screen loaded, or showed its empty state or a wallet status.
    case shown
    case failed(PresentationError.Category)
    case journey(Journey)
    /// The card's fields have problems, found by the app or by the backend.
    case invalidCard
    /// The card's issuer declined it.
    case declined
    /// A change the backend or the app refused, for a reason the user can act on (the
    /// last way to pay, Apple Pay as the default).
    case refused
    /// A change named a method the list does not have.
    case unknownMethod
    /// The user left while the screen was still loading: the load was interrupted.
    case cancelledLoad
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
        .journey
      case .invalidCard: .dataError
      case .declined, .refused: .errorState
      case .unknownMethod: .dataError
      case .cancelledLoad: .interrupted
      }
  }
}
