#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// SIGINT and SIGTERM as values: while started, they are caught and delivered on the main
/// actor instead of ending the process.
@MainActor
final class ProcessStopSignals: StopSignalSource {
  private let pipe = SignalPipe()

  func start(_ handler: @escaping @MainActor (StopSignal) -> Void) {
    pipe.start([SIGINT, SIGTERM]) { number in
      handler(number == SIGTERM ? .terminate : .interrupt)
    }
  }

  func stop() {
    pipe.stop()
  }
}
