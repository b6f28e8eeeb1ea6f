#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the process's terminal allows: the one place that asks the operating system.
struct Terminal: Equatable {
  /// A terminal's size in cells.
  struct Size: Equatable {
    var columns: Int
    var rows: Int
  }

  /// stdout is a terminal, not a pipe or a file.
  var isInteractive: Bool
  /// The output may carry ANSI colour codes.
  var usesColor: Bool
  /// The size of the terminal stdout is on, when it is one and says.
  var size: Size? = nil
  /// `COLUMNS`, for output whose width the terminal does not say.
  var columnsVariable: Int? = nil
  /// The terminal understands cursor movement (anything but `TERM=dumb`).
  var movesCursor = true
  /// stderr is a terminal too, so the developer log appears on the same screen.
  var errorsAreInteractive = false
  /// The width of the terminal stderr is on, when it is one and says: stdout may be a file
  /// or a pipe meanwhile, and what stderr shows is laid out for its own terminal.
  var errorColumns: Int? = nil
  /// stdin is a terminal too, so the screen can stay open and read keys.
  var inputIsInteractive = false

  /// Whether the screen can stay open: keys come from a terminal and the screen goes to
  /// one. The boxed screen also needs a terminal that moves its cursor and says its size;
  /// the accessible one (`lineByLine`) needs neither: it only ever prints the next lines.
  func canStayOpen(lineByLine: Bool) -> Bool {
    guard isInteractive, inputIsInteractive else { return false }
    return lineByLine || (movesCursor && size != nil)
  }

  /// The columns to lay the screen out for: the terminal's, else `COLUMNS`, else 80.
  var columns: Int { size?.columns ?? columnsVariable ?? 80 }

  /// Whether a frame can be drawn and then erased in place: the cursor moves back over
  /// exactly the lines drawn only if none of them wrapped or scrolled out of sight, and
  /// only if nothing else (the log on stderr) was printed in between. The height is only
  /// worked out when everything else allows a redraw (it takes drawing the frame).
  func canRedraw(width: Int, height: @autoclosure () -> Int, logIsOn: Bool) -> Bool {
    guard isInteractive, usesColor, movesCursor, let size else { return false }
    guard !(logIsOn && errorsAreInteractive) else { return false }
    return width <= size.columns && height() < size.rows
  }

  /// The environment variables that describe the terminal.
  static let variableNames = ["TERM", "NO_COLOR", "FORCE_COLOR", "COLUMNS"]

  static func current(noColorFlag: Bool, environment: [String: String]) -> Terminal {
    let isInteractive = isatty(STDOUT_FILENO) == 1
    return Terminal(
      noColorFlag: noColorFlag, environment: environment, isInteractive: isInteractive,
      size: isInteractive ? measuredSize() : nil, errorsAreInteractive: isatty(STDERR_FILENO) == 1,
      errorColumns: measuredSize(of: STDERR_FILENO)?.columns,
      inputIsInteractive: isatty(STDIN_FILENO) == 1)
  }

  /// `--no-color` and a non-empty `NO_COLOR` turn colour off; otherwise a non-empty
  /// `FORCE_COLOR` other than "0" turns it on; otherwise colour follows the terminal.
  /// (`TERM=dumb` turns it off before any of these: such a terminal shows the codes.)
  static func colorPolicy(
    noColorFlag: Bool, environment: [String: String], isInteractive: Bool
  ) -> Bool {
    if noColorFlag { return false }
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
    if let force = environment["FORCE_COLOR"], !force.isEmpty, force != "0" { return true }
    return isInteractive
  }

  /// The size the terminal driver reports for stdout (or `descriptor`); nil when it is no
  /// terminal, or reports none (zero).
  static func measuredSize(of descriptor: Int32 = STDOUT_FILENO) -> Size? {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0
    else { return nil }
    return Size(columns: Int(size.ws_col), rows: Int(size.ws_row))
  }
}

extension Terminal {
  /// The terminal that the environment and what the operating system said describe.
  init(
    noColorFlag: Bool, environment: [String: String], isInteractive: Bool, size: Size?,
    errorsAreInteractive: Bool, errorColumns: Int? = nil, inputIsInteractive: Bool = false
  ) {
    let isDumb = environment["TERM"] == "dumb"
    self.init(
      isInteractive: isInteractive,
      usesColor: !isDumb
        && Self.colorPolicy(
          noColorFlag: noColorFlag, environment: environment, isInteractive: isInteractive),
      size: size,
      columnsVariable: environment["COLUMNS"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil },
      movesCursor: !isDumb,
      errorsAreInteractive: errorsAreInteractive,
      errorColumns: errorColumns,
      inputIsInteractive: inputIsInteractive)
  }
}
