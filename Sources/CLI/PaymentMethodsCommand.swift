import DataLayer
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `payment-methods` executable.
@main
enum PaymentMethodsCommand {
  @MainActor
  static func main() async {
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
    // First, before anything opens a descriptor that could take a closed one's number.
    let console = StandardConsole()
    let environment = ProcessInfo.processInfo.environment
    var runner = CommandRunner(
      console: console,
      terminal: { noColor in Terminal.current(noColorFlag: noColor, environment: environment) },
      environment: BackendClient.Environment(),
      interruptions: SignalInterruptions()
    )
    runner.variables = environment
    let exitCode = await runner.run(Array(CommandLine.arguments.dropFirst()))
    exit(exitCode.rawValue)
  }
}
