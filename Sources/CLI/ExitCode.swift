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
