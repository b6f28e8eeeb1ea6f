/// The process exit codes, documented in the README; numbers from BSD's sysexits where one
/// fits.
enum ExitCode: Int32, Sendable, Equatable {
  /// The screen loaded, or showed its empty state.
  case success = 0
  /// The screen shows an error.
  case errorState = 1
  /// Bad flags, or an unknown scenario name (EX_USAGE).
  case usage = 64
  /// A scenario file that does not parse or holds a bad value (EX_DATAERR).
  case badScenarioFile = 65
  /// A scenario file that cannot be read (EX_NOINPUT).
  case unreadableScenarioFile = 66
}
