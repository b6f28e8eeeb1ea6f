import DataLayer
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process: what `payment-methods` and `payment-methods-http` run, each with its own
/// way to reach a server.
public enum PaymentMethodsCommand {
  /// The version `--version` prints.
  public static let version = "1.0.0"

  /// How the program called `program` names itself to a server: its name and the version
  /// `--version` prints, as `User-Agent` has it ("payment-methods-http/1.0.0").
  public static func userAgent(of program: String) -> String {
    "\(program)/\(version)"
  }

  @MainActor
  public static func main(serverAccess: ServerAccess) async -> Never {
    // Before anything opens a file: Dispatch traps when one it needs cannot be opened.
    if let refusal = OpenFilesLimit.ensure() {
      StandardConsole().writeError(refusal + "\n")
      exit(ExitCode.tooFewOpenFiles.rawValue)
    }
    let arguments = Array(CommandLine.arguments.dropFirst())
    var companion: String?
    if case .companion(let name) = serverAccess, (try? Command.parse(arguments))?.usesServer == true
    {
      companion = name
    }
    // Before anything else runs, since it may start the program again: not where the
    // companion is started next, which reads the setting as it starts.
    Backtracer.turnOffInteractiveMode(startingAgain: companion == nil)
    // Before anything else, so that the companion starts from the same process state.
    if let name = companion {
      let failure = CompanionProgram.replaceProcess(withProgramNamed: name, arguments: arguments)
      // The message names a path, which may hold any byte.
      StandardConsole().writeError(
        "payment-methods: " + UntrustedText.escaped(failure.message) + "\n")
      exit(ExitCode.serviceUnavailable.rawValue)
    }
    // A reader that goes away must show up as EPIPE from write(2), which ends the run
    // quietly (see StandardConsole), whatever disposition the parent left SIGPIPE in.
    _ = signal(SIGPIPE, SIG_IGN)
    // A parent may start us with signals blocked (a process spawned from a thread that
    // blocks them passes its mask on): then Ctrl-C, SIGTERM or a resize would stay pending
    // and never reach the handlers. Unblock the ones the program acts on.
    var handled = sigset_t()
    sigemptyset(&handled)
    for number in [SIGINT, SIGTERM, SIGHUP, SIGWINCH, SIGTSTP, SIGCONT] {
      sigaddset(&handled, number)
    }
    pthread_sigmask(SIG_UNBLOCK, &handled, nil)
    // Every file the program makes (the local copy, the journal, the log) is its user's
    // alone from the moment it exists: the Data layer sets 0600 once a file is in place,
    // and this closes the moment before.
    umask(0o077)
    // First, before anything opens a descriptor that could take a closed one's number.
    let console = StandardConsole()
    let environment = readVariables()
    #if os(Linux)
      // FoundationNetworking makes folders for a URL cache and a cookie store under the
      // XDG folders (~/.cache, ~/.local/share) as soon as a session's configuration is
      // first made, an ephemeral one too, although the app keeps nothing in them: its
      // requests are never cached, its files are its own (`Storage`). Pointed below a file,
      // where no folder can be made, it makes none, and `--no-cache` writes nothing at all.
      // The XDG folders the program itself uses were read above.
      setenv("XDG_CACHE_HOME", "/dev/null/payment-methods", 1)
      setenv("XDG_DATA_HOME", "/dev/null/payment-methods", 1)
    #endif
    var runner = CommandRunner(
      console: console,
      terminal: { noColor in Terminal.current(noColorFlag: noColor, environment: environment) },
      environment: BackendClient.Environment(),
      stopSignals: ProcessStopSignals()
    )
    runner.variables = environment
    runner.serverAccess = serverAccess
    let exitCode = await runner.run(arguments)
    // Every byte the program wrote has gone out through write(2) by now (the console and
    // the log file are unbuffered descriptors), and the program registers nothing to run at
    // exit: `_exit` ends the process without the C runtime's and Foundation's exit
    // handlers, which on Linux add about half a millisecond to every run and do nothing
    // this program needs.
    _exit(exitCode.rawValue)
  }

  /// The environment variables the program reads, and no others. Reading the whole
  /// environment into a dictionary (`ProcessInfo.environment`) costs about half a
  /// millisecond at start, a few percent of a run.
  private static func readVariables() -> [String: String] {
    let names =
      Terminal.variableNames + UserLocale.variableNames
      + [ServerTokens.accessVariable, ServerTokens.refreshVariable] + Storage.variableNames
    var variables: [String: String] = [:]
    for name in names {
      if let value = getenv(name) { variables[name] = String(cString: value) }
    }
    return variables
  }
}
