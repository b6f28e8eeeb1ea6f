import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Turns signals into calls on the main queue, by the self-pipe trick: a handler that does
/// nothing but write the signal's number into a pipe (write(2) is safe in a signal
/// handler), and a dispatch source that reads the pipe.
///
/// The handler is installed with sigaction before `start` returns, so no signal that
/// arrives afterwards is lost; `stop` puts back what was there before. (A dispatch signal
/// source alone is not enough: on Linux it races with the `SIG_IGN` that Darwin needs, and
/// a signal can be dropped.)
@MainActor
final class SignalPipe {
  /// The pipe's write end, for the handler, which can capture nothing. Written only by
  /// `start`, before any handler that reads it is installed, and by `stop`, after every
  /// handler has been removed, so the handler never sees it change.
  nonisolated(unsafe) private static var writeEnd: Int32 = -1

  private var readEnd: Int32 = -1
  private var source: (any DispatchSourceRead)?
  private var previous: [(Int32, sigaction)] = []

  /// Calls `handler` on the main actor with each of `signals` the process receives, until
  /// `stop`. Only one pipe may be started at a time.
  func start(_ signals: [Int32], handler: @escaping @MainActor (Int32) -> Void) {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return }
    for end in ends {
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
    }
    readEnd = ends[0]
    Self.writeEnd = ends[1]

    let source = DispatchSource.makeReadSource(fileDescriptor: readEnd, queue: .main)
    let readEnd = readEnd
    source.setEventHandler {
      var numbers = [UInt8](repeating: 0, count: 16)
      let count = read(readEnd, &numbers, numbers.count)
      guard count > 0 else { return }
      MainActor.assumeIsolated {
        for number in numbers.prefix(count) { handler(Int32(number)) }
      }
    }
    source.resume()
    self.source = source

    for number in signals {
      if let old = Self.catchSignal(number) { previous.append((number, old)) }
    }
  }

  /// Gives one signal back its default action for a moment (to stop on SIGTSTP).
  func pause(_ number: Int32) {
    _ = signal(number, SIG_DFL)
  }

  /// Catches the signal again, after `pause`.
  func resume(_ number: Int32) {
    _ = Self.catchSignal(number)
  }

  /// Installs the pipe's handler for a signal; the action it replaced, if it could.
  private static func catchSignal(_ number: Int32) -> sigaction? {
    var action = SignalAction.calling { number in SignalPipe.forward(number) }
    action.sa_flags = SA_RESTART
    var old = sigaction()
    return sigaction(number, &action, &old) == 0 ? old : nil
  }

  func stop() {
    for (number, old) in previous {
      var old = old
      _ = sigaction(number, &old, nil)
    }
    previous = []
    source?.cancel()
    source = nil
    if readEnd >= 0 { close(readEnd) }
    if Self.writeEnd >= 0 { close(Self.writeEnd) }
    readEnd = -1
    Self.writeEnd = -1
  }

  /// The signal handler: one byte into the pipe, errno kept as it was.
  private nonisolated static func forward(_ number: Int32) {
    let saved = errno
    var byte = UInt8(truncatingIfNeeded: number)
    _ = write(writeEnd, &byte, 1)
    errno = saved
  }
}
