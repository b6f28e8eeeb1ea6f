import Presentation

/// Says on stderr, while the start finishes the changes an earlier run left, which change it
/// is sending and how long the start has waited: against a slow server that can take
/// seconds, and a line that never changes looks like a program that hangs.
///
/// On a terminal that can take it, the change's line is written again in place every second
/// ("Finishing your last change: removing Visa •••• 4242… 0:03"), and left with the time it
/// ended at. Anywhere else (the accessible screen, a terminal that cannot move its cursor,
/// stderr that is a file, or that the developer log shares) each change's line is said once,
/// and the time only at the accessible screen's calm pace (`AccessibleFrame.timeWaitedPace`),
/// on a line of its own.
@MainActor
final class FinishingProgress {
  enum Pace: Equatable {
    /// The line is written again in place every second, as long as it fits in `columns`
    /// (a wrapped line could not be).
    case everySecond(columns: Int)
    /// A line for each change, and the time at every calm mark.
    case calm
  }

  private let console: any Console
  private let pace: Pace
  private let labels: ScreenLabels
  /// The change being sent, as it is said; nil before the first.
  private var line: String?
  /// Whether `line` is on the terminal without its end, to be written again in place.
  private var isOpen = false
  private var waited = Duration.zero
  /// The last calm mark the time was said at.
  private var saidAt = Duration.zero

  init(console: any Console, pace: Pace, labels: ScreenLabels) {
    self.console = console
    self.pace = pace
    self.labels = labels
  }

  /// A change is about to be sent: `sentence` says which.
  func sending(_ sentence: String) {
    end()
    let line = UntrustedText.escaped(sentence)
    self.line = line
    if case .everySecond(let columns) = pace,
      CellWidth.of(timed(line)) < columns
    {
      isOpen = true
      console.writeError(timed(line))
    } else {
      console.writeError(line + "\n")
    }
  }

  /// The start has waited `waited` so far.
  func show(waited: Duration) {
    self.waited = waited
    guard let line else { return }
    if isOpen {
      console.writeError("\r" + timed(line) + "\u{1B}[K")
    } else if pace == .calm, AccessibleFrame.calmly(waited) > saidAt {
      saidAt = AccessibleFrame.calmly(waited)
      console.writeError(line + " " + labels.timeWaited(saidAt) + "\n")
    }
  }

  /// The change's line is over: a line written in place is ended, with the time it took.
  func end() {
    guard isOpen else { return }
    isOpen = false
    console.writeError("\n")
  }

  private func timed(_ line: String) -> String {
    line + " " + labels.timeWaited(waited)
  }
}
