import Domain

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the CLI writes. The binary uses the process's stdout and stderr; tests record.
protocol Console: Sendable {
  func write(_ text: String)
  func writeError(_ text: String)
}

/// stdout and stderr. A write that fails ends the process: when the reader of stdout has
/// gone (a broken pipe) quietly, as a pipeline expects; otherwise with one line on stderr
/// and EX_IOERR, since a screen that cannot be written is not worth carrying on for.
struct StandardConsole: Console {
  /// Standard descriptors the process started without (`>&-`). Each is held open on
  /// /dev/null, so that no file or descriptor the runtime opens later takes its number and
  /// receives the screen; writing to it fails as writing to a closed descriptor does.
  private let closedAtStart: Set<Int32>

  init() {
    var closed: Set<Int32> = []
    for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO]
    where fcntl(descriptor, F_GETFD) == -1 {
      closed.insert(descriptor)
    }
    // open(2) returns the lowest free number, so this fills the gaps in order.
    for _ in closed { _ = open("/dev/null", O_RDWR) }
    closedAtStart = closed
  }

  func write(_ text: String) {
    switch output(to: STDOUT_FILENO).writeAll(Array(text.utf8)) {
    case .success: return
    case .failure(.brokenPipe): exit(ExitCode.brokenPipe.rawValue)
    case .failure(.failed(let code)):
      let line = "payment-methods: cannot write the output: \(DescriptorOutput.describe(code))\n"
      _ = output(to: STDERR_FILENO).writeAll(Array(line.utf8))
      exit(ExitCode.outputFailed.rawValue)
    }
  }

  /// Writes `text` on stderr; where stderr is a terminal, wrapped to its width
  /// (`ErrorLines`).
  func writeError(_ text: String) {
    let text = Self.errorWidth().map { ErrorLines.wrapped(text, width: $0) } ?? text
    switch output(to: STDERR_FILENO).writeAll(Array(text.utf8)) {
    case .success: return
    case .failure(.brokenPipe): exit(ExitCode.brokenPipe.rawValue)
    // There is nowhere left to say what went wrong.
    case .failure(.failed): exit(ExitCode.outputFailed.rawValue)
    }
  }

  /// The width of the terminal stderr is, now (it changes under SIGWINCH); nil when stderr
  /// is no terminal, or one that does not say.
  private static func errorWidth() -> Int? {
    guard isatty(STDERR_FILENO) == 1 else { return nil }
    var size = winsize()
    guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }

  private func output(to descriptor: Int32) -> DescriptorOutput {
    guard closedAtStart.contains(descriptor) else {
      return DescriptorOutput(descriptor: descriptor)
    }
    return DescriptorOutput(descriptor: descriptor, call: { _, _ in .failed(errno: EBADF) })
  }
}

/// The developer log as the CLI writes it: one line per entry, starting with the time
/// elapsed since the load began, then the level, the message and the metadata sorted by
/// key, such as `    42 ms  [info] user status is verified  source=wallet`.
///
/// Where the lines go is the composition's choice (stderr with `--verbose`, a file with
/// `--log-file`, the panel of the interactive screen). The time comes from a task-local
/// timeline that the runner sets when it starts a load: every task the load starts
/// inherits it, so no lock and no shared state is needed to know when "its" load began.
struct ConsoleLog: DeveloperLog {
  /// When the current load began, for the lines logged inside it.
  struct Timeline: Sendable {
    let elapsed: @Sendable () -> Duration
  }

  /// The current load's timeline. (A struct rather than an optional closure: a task-local of
  /// an optional function type crashed the release build, Swift 6.3 on Linux.)
  @TaskLocal static var timeline: Timeline?

  let write: @Sendable (String) -> Void

  init(write: @escaping @Sendable (String) -> Void) {
    self.write = write
  }

  /// Writes each line on the console's stderr: where `--verbose` sends the log.
  static func lines(onErrorsOf console: any Console) -> @Sendable (String) -> Void {
    { console.writeError($0 + "\n") }
  }

  func log(_ entry: LogEntry) {
    write(Self.timestamp(Self.timeline?.elapsed()) + "  " + Self.line(for: entry))
  }

  /// Runs `start` (which starts a load) with the timeline's origin at the clock's now.
  static func startingLoad<T>(on clock: any Clock<Duration>, _ start: () -> T) -> T {
    $timeline.withValue(Timeline(elapsed: elapsed(from: clock))) { start() }
  }

  /// The time since now, on `clock`.
  private static func elapsed<C: Clock<Duration>>(from clock: C) -> @Sendable () -> Duration {
    let origin = clock.now
    return { origin.duration(to: clock.now) }
  }

  /// "    42 ms": whole milliseconds, right-aligned so the messages line up.
  static func timestamp(_ elapsed: Duration?) -> String {
    let text = elapsed.map(LogFormat.milliseconds) ?? "-"
    return String(repeating: " ", count: max(0, 9 - text.count)) + text
  }

  /// The entry on one line. Messages and metadata carry text from the server and the
  /// scenario file, so each is escaped: a newline or an escape sequence in it can neither
  /// forge a log line nor act on the terminal.
  static func line(for entry: LogEntry) -> String {
    let metadata = entry.metadata.sorted { $0.key < $1.key }.map {
      "\(UntrustedText.escaped($0.key))=\(UntrustedText.escaped($0.value))"
    }
    let head = "[\(entry.level.rawValue)] \(UntrustedText.escaped(entry.message))"
    return metadata.isEmpty ? head : head + "  " + metadata.joined(separator: " ")
  }
}
