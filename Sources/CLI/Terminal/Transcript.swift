#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The accessible screen's output: lines typed are echoed and sent with Enter, as the
/// terminal's line editing would (`LineEditor`), Ctrl-C is a signal, and each new state of
/// the screen is printed under the last one, never over it, so a screen reader reads every
/// change once.
@MainActor
final class Transcript {
  private let console: any Console
  private var shown: [String] = []
  private var saved = termios()
  private var keysTaken = false

  init(console: any Console) {
    self.console = console
  }

  /// Prints `lines` under what is already there, unless they are what was shown last.
  ///
  /// On the same screen (its first line, the title, unchanged) only the lines that are new
  /// are printed, in their place's order: a change says what it did and the row it touched
  /// ("2. Visa ending in 4242, selected", "Visa ending in 4242 selected."), not the whole
  /// list again. Where nothing is new (a line only went away), and on another screen, the
  /// whole screen is printed again, after a blank line.
  ///
  /// - Parameter continuing: print only from the first line that changed, as a form does
  ///   from one field's prompt to the next.
  func show(_ lines: [String], continuing: Bool = false) {
    guard lines != shown, TerminalDevice.isForeground else { return }
    defer { shown = lines }
    if continuing {
      let unchanged = zip(lines, shown).prefix { $0 == $1 }.count
      let lead = shown.isEmpty || unchanged > 0 ? "" : "\n"
      console.write(lead + lines.dropFirst(unchanged).joined(separator: "\n") + "\n")
      return
    }
    let new = Self.linesNotIn(shown, of: lines)
    if lines.first == shown.first, !new.isEmpty {
      console.write(new.joined(separator: "\n") + "\n")
    } else {
      console.write((shown.isEmpty ? "" : "\n") + lines.joined(separator: "\n") + "\n")
    }
  }

  /// The lines of `lines` that `old` did not show, each line of `old` standing for one.
  private static func linesNotIn(_ old: [String], of lines: [String]) -> [String] {
    var left = Dictionary(old.map { ($0, 1) }, uniquingKeysWith: +)
    return lines.filter { line in
      guard let count = left[line], count > 0 else { return true }
      left[line] = count - 1
      return false
    }
  }

  /// Prints one line, whatever was shown before.
  func say(_ line: String) {
    console.write(line + "\n")
  }

  /// Takes `lines` as what is shown, without printing them: what was said instead told
  /// the user what changed.
  func take(_ lines: [String]) {
    shown = lines
  }

  /// Whether what is typed is echoed: not while a secret, such as a card's security code,
  /// is typed.
  private(set) var echoes = true

  /// Turns the echo of what is typed off (for a secret) or back on.
  func echo(_ isOn: Bool) {
    echoes = isOn
  }

  /// Takes the typing over from the terminal's line editing (`LineEditor` does it, and
  /// echoes), so that an arrow key's escape sequence is never echoed; Ctrl-C and Ctrl-Z stay
  /// the terminal's signals. The terminal's attributes are put back on every way out.
  func takeKeys() {
    guard !keysTaken, TerminalDevice.isForeground, isatty(STDIN_FILENO) == 1,
      tcgetattr(STDIN_FILENO, &saved) == 0
    else { return }
    var typing = saved
    typing.c_lflag &= ~tcflag_t(ECHO | ICANON)
    withUnsafeMutableBytes(of: &typing.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    TerminalRescue.arm(restoring: saved)
    _ = tcsetattr(STDIN_FILENO, TCSANOW, &typing)
    keysTaken = true
  }

  /// Gives the typing back to the terminal as it was (on leaving, and on Ctrl-Z).
  func giveKeysBack() {
    guard keysTaken else { return }
    _ = tcsetattr(STDIN_FILENO, TCSANOW, &saved)
    TerminalRescue.disarm()
    keysTaken = false
  }

  /// Echoes what was typed, while the process is the terminal's foreground.
  func echoTyped(_ text: String) {
    guard !text.isEmpty, TerminalDevice.isForeground else { return }
    console.write(text)
  }
}
