import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// SIGINT and SIGTERM as values: while started, the signals are ignored by the process and
/// delivered through dispatch sources on the main queue instead of killing it.
@MainActor
final class SignalInterruptions: InterruptionSource {
  private static let signals: [(Int32, Interruption)] = [
    (SIGINT, .interrupt), (SIGTERM, .terminate),
  ]

  private var sources: [any DispatchSourceSignal] = []
  /// Each signal's disposition before `start`, put back by `stop` (a job started in the
  /// background may have inherited SIGINT ignored, and should keep it so).
  private var previousActions: [(Int32, sighandler_t?)] = []

  func start(_ handler: @escaping @MainActor (Interruption) -> Void) {
    for (number, interruption) in Self.signals {
      let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
      source.setEventHandler {
        MainActor.assumeIsolated { handler(interruption) }
      }
      source.resume()
      // The source only sees the signal once its default action (ending the process) is off.
      previousActions.append((number, signal(number, SIG_IGN)))
      sources.append(source)
    }
  }

  func stop() {
    for source in sources { source.cancel() }
    sources = []
    for (number, action) in previousActions { _ = signal(number, action) }
    previousActions = []
  }
}
