#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Puts the terminal back when the process dies of a signal while the screen has it in raw
/// mode: a trap in a library below the app (FoundationNetworking stops the process on some
/// malformed answers, docs/HTTP.md), a crash of our own, or Ctrl-\ (SIGQUIT).
///
/// While armed, a handler for each of those signals restores the saved attributes, leaves
/// the alternate screen, shows the cursor and says in one line what happened; then the
/// signal takes its default action, so the process still dies of it and a shell reports
/// 128 + its number (131 for SIGQUIT, 132 for a trap). Swift's crash reporter is left out
/// while the screen is open: it would offer a person at the terminal to wait 30 s for a
/// key. Every other run (`--once`, `--json`, `add-card`) keeps it, backtrace and all.
/// The handler only calls async-signal-safe functions (tcsetattr, write, signal, raise)
/// on memory prepared when it was armed.
enum TerminalRescue {
  /// The signals that end the process (the ones Swift's crash reporter catches too).
  static let signals = [SIGQUIT, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGSEGV]

  /// Written only by `arm` and `disarm` on the main actor, while no handler is installed,
  /// and read by the handler, which so never sees them change; plain memory, so that the
  /// handler reads it without retaining anything.
  nonisolated(unsafe) private static let saved = UnsafeMutablePointer<termios>.allocate(capacity: 1)
  nonisolated(unsafe) private static let previous = UnsafeMutablePointer<sigaction>.allocate(
    capacity: 65)  // one past the highest signal number on Linux and Darwin
  nonisolated(unsafe) private static var isArmed = false

  private static let restore: StaticString = "\u{1B}[?25h\u{1B}[?1049l"
  private static let crashed: StaticString =
    "\r\npayment-methods: stopped by a fatal error; the terminal was restored.\n"
  private static let quit: StaticString =
    "\r\npayment-methods: quit (SIGQUIT); the terminal was restored.\n"

  /// Catches the fatal signals until `disarm`; `attributes` are what the terminal goes
  /// back to.
  @MainActor
  static func arm(restoring attributes: termios) {
    guard !isArmed else { return }
    saved.initialize(to: attributes)
    isArmed = true
    for number in signals {
      var action = SignalAction.calling { number in TerminalRescue.handle(number) }
      // Back to the default action on entry, so a second fault inside the handler ends
      // the process instead of looping.
      #if canImport(Glibc)
        action.sa_flags = Int32(bitPattern: UInt32(SA_RESETHAND))
      #else
        action.sa_flags = SA_RESETHAND
      #endif
      _ = sigaction(number, &action, previous + Int(number))
    }
  }

  /// Gives the signals back to their earlier handlers.
  @MainActor
  static func disarm() {
    guard isArmed else { return }
    for number in signals {
      _ = sigaction(number, previous + Int(number), nil)
    }
    isArmed = false
  }

  private static func handle(_ number: Int32) {
    _ = tcsetattr(STDIN_FILENO, TCSANOW, saved)
    write(restore, to: STDOUT_FILENO)
    write(number == SIGQUIT ? quit : crashed, to: STDERR_FILENO)
    _ = signal(number, SIG_DFL)
    _ = raise(number)
  }

  private static func write(_ text: StaticString, to descriptor: Int32) {
    _ = text.withUTF8Buffer { bytes in
      #if canImport(Glibc)
        Glibc.write(descriptor, bytes.baseAddress, bytes.count)
      #else
        Darwin.write(descriptor, bytes.baseAddress, bytes.count)
      #endif
    }
  }
}
