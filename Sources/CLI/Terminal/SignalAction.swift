#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A signal's action as the program installs one with sigaction(2): a handler, with no
/// other signal blocked while it runs. Both `SignalPipe` and `TerminalRescue` install
/// theirs this way; the field that holds the handler has another name on each platform,
/// and this is the one place that knows both.
enum SignalAction {
  /// An action that calls `handler`, a C function: it can capture nothing, and may only
  /// do what is safe in a signal handler. The caller sets the flags.
  static func calling(_ handler: @convention(c) (Int32) -> Void) -> sigaction {
    var action = sigaction()
    #if canImport(Glibc)
      action.__sigaction_handler.sa_handler = handler
    #else
      action.__sigaction_u.__sa_handler = handler
    #endif
    sigemptyset(&action.sa_mask)
    return action
  }
}
