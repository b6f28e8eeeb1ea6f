#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the process's terminal allows: the one place that asks the operating system.
struct Terminal: Equatable {
  /// stdout is a terminal, not a pipe or a file.
  var isInteractive: Bool
  /// The output may carry ANSI colour codes.
  var usesColor: Bool

  static func current(noColorFlag: Bool, environment: [String: String]) -> Terminal {
    let isInteractive = isatty(STDOUT_FILENO) == 1
    return Terminal(
      isInteractive: isInteractive,
      usesColor: colorPolicy(
        noColorFlag: noColorFlag, environment: environment, isInteractive: isInteractive))
  }

  /// `--no-color` and a non-empty `NO_COLOR` turn colour off; otherwise a non-empty
  /// `FORCE_COLOR` other than "0" turns it on; otherwise colour follows the terminal.
  static func colorPolicy(
    noColorFlag: Bool, environment: [String: String], isInteractive: Bool
  ) -> Bool {
    if noColorFlag { return false }
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
    if let force = environment["FORCE_COLOR"], !force.isEmpty, force != "0" { return true }
    return isInteractive
  }
}
