/// A request from outside to stop while the screen loads, or while a command's change waits
/// for its answer: Ctrl-C (SIGINT) or SIGTERM.
enum StopSignal: Sendable, Equatable {
  case interrupt
  case terminate

  var exitCode: ExitCode {
    switch self {
    case .interrupt: .interrupted
    case .terminate: .terminated
    }
  }
}

/// Where stopSignals come from while a load or a command's change runs: the process's
/// signals in the binary, a test's own in the tests. Outside `start`…`stop` the kernel's
/// default action applies, which is right there: nothing is on screen to clean up, no
/// change waits to be said, and the shell reports the same 130 or 143.
@MainActor
protocol StopSignalSource {
  /// From now until `stop`, calls `handler` on the main actor for each stopSignal.
  func start(_ handler: @escaping @MainActor (StopSignal) -> Void)
  func stop()
}
