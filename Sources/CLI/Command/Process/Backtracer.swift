import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Swift's runtime backtracer, which prints a crash's backtrace: its interactive mode is off
/// for this program. On a terminal that mode ends a crash with "Press space to interact, D
/// to debug, or any other key to quit (30s)" and holds the terminal for half a minute; a
/// person who did not write the program can do nothing with it. A trap this program cannot
/// catch happens where FoundationNetworking meets a malformed answer (docs/HTTP.md), also
/// before the screen takes the terminal (the start-up request for the person), where no
/// handler of the screen's (`TerminalRescue`) is there yet.
///
/// The runtime reads its setting, `SWIFT_BACKTRACE`, once, as the process starts: set later
/// it changes nothing. So where the mode would be on (stdin or stdout a terminal), the
/// program adds `interactive=no` to the setting and starts itself again in the same process
/// (`execv`: the same process id, arguments, descriptors, terminal and signal mask), which
/// then reads it. Elsewhere the setting is only added, for the program `--backend-url` runs
/// go on in. A setting that names `interactive` itself is the user's, and kept as it is.
enum Backtracer {
  static let variable = "SWIFT_BACKTRACE"

  /// The setting with the interactive mode off: `current` with `interactive=no` added, or
  /// nil where `current` says `interactive` itself.
  static func nonInteractive(_ current: String?) -> String? {
    guard let current, !current.isEmpty else { return "interactive=no" }
    let keys = current.split(separator: ",").map {
      $0.split(separator: "=", maxSplits: 1).first.map {
        $0.trimmingCharacters(in: .whitespaces).lowercased()
      }
    }
    return keys.contains("interactive") ? nil : current + ",interactive=no"
  }

  /// Turns the interactive mode off: returns at once where it is off already; where the
  /// runtime would have it on, starts the program again, and returns only if that failed
  /// (then the mode stays on, and nothing else changes).
  ///
  /// - Parameter startingAgain: false where another program is started next, in this
  ///   process, which reads the setting as it starts: then the setting is only made.
  static func turnOffInteractiveMode(startingAgain: Bool) {
    let current = getenv(variable).map { String(cString: $0) }
    guard let setting = nonInteractive(current) else { return }
    // Started again only once the setting is made: else it would start again and again.
    guard setenv(variable, setting, 1) == 0, startingAgain,
      isatty(STDIN_FILENO) == 1 || isatty(STDOUT_FILENO) == 1,
      let program = Bundle.main.executablePath
    else { return }
    let argv: [UnsafeMutablePointer<CChar>?] = CommandLine.arguments.map { strdup($0) } + [nil]
    execv(program, argv)
    for argument in argv { free(argument) }
  }
}
