#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The controlling terminal as the interactive screen uses it: raw mode through termios,
/// the alternate screen and a hidden cursor, each put back exactly as it was.
@MainActor
final class TerminalDevice {
  /// The attributes the terminal had before the screen opened, restored on every way out.
  private var saved = termios()
  private var hasSaved = false
  private(set) var isOpen = false
  private let console: any Console

  init(console: any Console) {
    self.console = console
  }

  /// Raw input (keys arrive one by one, unechoed, Ctrl-C and Ctrl-Z as bytes) on the
  /// alternate screen with the cursor hidden. Output processing stays on, so "\n" still
  /// starts a line at its left edge.
  func open() {
    guard Self.isForeground else { return }
    if !hasSaved {
      hasSaved = tcgetattr(STDIN_FILENO, &saved) == 0
    }
    guard hasSaved else { return }
    var raw = saved
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
    raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    TerminalRescue.arm(restoring: saved)
    _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw)
    console.write("\u{1B}[?1049h\u{1B}[?25l")
    isOpen = true
  }

  /// Back to the terminal as it was: the main screen, the cursor, the saved attributes.
  func close() {
    guard isOpen else { return }
    console.write("\u{1B}[?25h\u{1B}[?1049l")
    if hasSaved { _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved) }
    TerminalRescue.disarm()
    isOpen = false
  }

  /// Draws `lines` over the whole screen, in one write so it never shows half a frame.
  /// Nothing is drawn while the process is in the background (after Ctrl-Z, or started
  /// with `&`): the terminal then belongs to the shell or another program.
  func draw(_ lines: [String]) {
    guard Self.isForeground else { return }
    let body = lines.map { $0 + "\u{1B}[K" }.joined(separator: "\r\n")
    console.write("\u{1B}[H" + body + "\u{1B}[J")
  }

  /// Whether this process's group is the terminal's foreground group, the one allowed to
  /// write to it and change its mode (true when stdout is no terminal: nobody to disturb).
  static var isForeground: Bool {
    let group = tcgetpgrp(STDOUT_FILENO)
    return group < 0 || group == getpgrp()
  }

  /// The terminal's size now (it changes under SIGWINCH).
  func size() -> Terminal.Size? {
    Terminal.measuredSize()
  }
}
