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
    /// The line is written again in place every second, on a terminal `columns` wide.
    case everySecond(columns: Int)
    /// A line for each change, and the time at every calm mark.
    case calm
  }

  private let console: any Console
  private let pace: Pace
  private let labels: ScreenLabels
  /// The terminal's width for a calm line, which is wrapped at its words to fit; nil where
  /// stderr is no terminal.
  private let width: Int?
  /// The change being sent, as it is said, and with the card named short; nil before the
  /// first.
  private var line: (whole: String, short: String)?
  /// What the line's last row says before the time, while that row is on the terminal
  /// without its end, to be written again in place.
  private var openRow: String?
  private var waited = Duration.zero
  /// The last calm mark the time was said at.
  private var saidAt = Duration.zero

  init(console: any Console, pace: Pace, labels: ScreenLabels, width: Int? = nil) {
    self.console = console
    self.pace = pace
    self.labels = labels
    self.width = width
  }

  /// A change is about to be sent: `sentence` says which, and `short` says so with the
  /// card named short, for a terminal too narrow for the whole sentence and its time.
  func sending(_ sentence: String, short: String? = nil) {
    end()
    let line = (UntrustedText.escaped(sentence), UntrustedText.escaped(short ?? sentence))
    self.line = line
    if case .everySecond(let columns) = pace {
      // Never up to the last column, where the terminal would move on to the next row.
      let rows = Self.rows(line, time: timeWaited, width: columns - 1)
      for row in rows.dropLast() { console.writeError(row + "\n") }
      openRow = rows.last.map { String($0.dropLast(timeWaited.count)) }
      console.writeError(rows.last ?? "")
    } else {
      say(Self.rows(line, time: nil, width: width))
    }
  }

  /// The start has waited `waited` so far.
  func show(waited: Duration) {
    self.waited = waited
    guard let line else { return }
    if let openRow {
      console.writeError("\r" + openRow + timeWaited + "\u{1B}[K")
    } else if pace == .calm, AccessibleFrame.calmly(waited) > saidAt {
      saidAt = AccessibleFrame.calmly(waited)
      say(Self.rows(line, time: labels.timeWaited(saidAt), width: width))
    }
  }

  /// The change's line is over: a line written in place is ended, with the time it took.
  func end() {
    guard openRow != nil else { return }
    openRow = nil
    console.writeError("\n")
  }

  private var timeWaited: String { labels.timeWaited(waited) }

  private func say(_ rows: [String]) {
    for row in rows { console.writeError(row + "\n") }
  }

  /// `line` and its time (none for nil) on rows of at most `width` cells: on one row,
  /// with the card named short where only that fits; otherwise, the card named short, the
  /// line wrapped at its words (the card's dots kept with its digits), the time at the end
  /// of the last row, where a time a digit longer ("10:00") fits too. Never a word broken
  /// by the terminal, and never the time left out.
  static func rows(_ line: (whole: String, short: String), time: String?, width: Int?)
    -> [String]
  {
    let timed = { (text: String) in time.map { text + " " + $0 } ?? text }
    guard let width, width > 0 else { return [timed(line.whole)] }
    // Room for the time to grow a digit while the row is written again in place.
    let spare = time == nil ? 0 : 1
    for text in [line.whole, line.short] where CellWidth.of(timed(text)) + spare <= width {
      return [timed(text)]
    }
    var words: [String] = []
    for word in line.short.split(separator: " ").map(String.init) {
      if let last = words.last, last.allSatisfy({ $0 == "•" }) {
        words[words.count - 1] = last + " " + word
      } else {
        words.append(word)
      }
    }
    if let time { words.append(time + String(repeating: " ", count: spare)) }
    var rows: [String] = []
    var current = ""
    for word in words {
      let candidate = current.isEmpty ? word : current + " " + word
      if CellWidth.of(candidate) <= width {
        current = candidate
        continue
      }
      if !current.isEmpty { rows.append(current) }
      // A word wider than the terminal is cut where it must be: by the app, not the
      // terminal, so every row still fits.
      current = word
      while CellWidth.of(current) > width {
        let piece = CellWidth.truncated(current, to: width)
        guard !piece.isEmpty else { break }
        rows.append(piece)
        current = String(current.dropFirst(piece.count))
      }
    }
    rows.append(current)
    if spare > 0, let last = rows.popLast() { rows.append(String(last.dropLast(spare))) }
    return rows
  }
}
