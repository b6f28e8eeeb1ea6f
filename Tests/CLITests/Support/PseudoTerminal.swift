import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The built binary on a pseudo-terminal of its own, as a person would run it: keys are
/// written to the terminal, frames are read from it, and every wait has a time limit.
final class PseudoTerminal {
  let pid: pid_t
  private let master: Int32
  /// Kept open here, so the terminal's attributes can be read after the program ends.
  private let slave: Int32
  private(set) var output: [UInt8] = []
  /// The terminal's attributes before the program started.
  private(set) var attributesAtStart: [UInt8] = []
  private(set) var exitStatus: Int32?

  /// What the output holds, as text.
  var text: String { String(decoding: output, as: UTF8.self) }

  /// - Parameter stdout: a file for the program's stdout, in place of the terminal (which
  ///   then has only stdin and stderr); nil for the terminal.
  init(
    _ arguments: [String], columns: Int = 80, rows: Int = 24,
    environment: [String: String] = ["TERM": "xterm-256color"], stdout: URL? = nil
  ) throws {
    var master: Int32 = -1
    var slave: Int32 = -1
    var size = winsize(
      ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    var nameBuffer = [CChar](repeating: 0, count: 256)
    guard openpty(&master, &slave, &nameBuffer, nil, &size) == 0 else {
      throw SpawnError(what: "no pseudo-terminal")
    }
    self.master = master
    self.slave = slave
    let name = String(
      decoding: nameBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    _ = fcntl(master, F_SETFD, FD_CLOEXEC)
    _ = fcntl(slave, F_SETFD, FD_CLOEXEC)

    // The child opens the terminal after becoming a session leader, which makes it the
    // child's controlling terminal: the one whose signals (SIGWINCH) it receives.
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, name, O_RDWR, 0)
    if let stdout {
      posix_spawn_file_actions_addopen(
        &actions, 1, stdout.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    } else {
      posix_spawn_file_actions_adddup2(&actions, 0, 1)
    }
    posix_spawn_file_actions_adddup2(&actions, 0, 2)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // The test runner may block or ignore signals; the program must start with neither.
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for number in [SIGINT, SIGTERM, SIGHUP, SIGWINCH, SIGPIPE, SIGTSTP, SIGCONT] {
      sigaddset(&defaults, number)
    }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(
      &attributes, Int16(Self.setSessionFlag | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    var initial = termios()
    _ = tcgetattr(slave, &initial)
    attributesAtStart = withUnsafeBytes(of: &initial) { Array($0) }
    let binary = LiveProcess.binary.path
    let argv = ([binary] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp { free(pointer) }
    }
    var child: pid_t = 0
    let spawned = posix_spawn(&child, binary, &actions, &attributes, argv, envp)
    guard spawned == 0 else { throw SpawnError(what: "posix_spawn failed: \(spawned)") }
    pid = child
  }

  deinit {
    if exitStatus == nil {
      kill(pid, SIGKILL)
      var status: Int32 = 0
      waitpid(pid, &status, 0)
    }
    close(master)
    close(slave)
  }

  /// POSIX_SPAWN_SETSID, which the C library defines but Swift does not import.
  private static var setSessionFlag: Int32 {
    #if os(Linux)
      0x80
    #else
      0x400
    #endif
  }

  func send(_ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
  }

  /// Waits until the output after `offset` holds `text`; false if it did not within
  /// `seconds`.
  func waitFor(_ text: String, after offset: Int = 0, seconds: Double = 10) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if String(decoding: output.dropFirst(offset), as: UTF8.self).contains(text) { return true }
      // Silence is not the end: a retrying load may draw nothing for a while.
      if readSome(until: deadline) == .ended { break }
    }
    return String(decoding: output.dropFirst(offset), as: UTF8.self).contains(text)
  }

  /// Waits for the program to end, reading what it still writes; its exit code, or nil if
  /// it did not end within `seconds` (or ended by a signal).
  func waitForExit(seconds: Double = 10) -> Int32? {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      var status: Int32 = 0
      if waitpid(pid, &status, WNOHANG) == pid {
        while readSome(until: Date().addingTimeInterval(0.05)) == .data {}
        exitStatus = status
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : nil
      }
      _ = readSome(until: min(deadline, Date().addingTimeInterval(0.05)))
    }
    return nil
  }

  /// Where the first occurrence of `text` after `offset` ends, in bytes of output.
  func end(of text: String, after offset: Int = 0) -> Int? {
    let needle = Array(text.utf8)
    guard !needle.isEmpty, output.count >= needle.count else { return nil }
    var start = offset
    while start + needle.count <= output.count {
      if output[start..<(start + needle.count)].elementsEqual(needle) {
        return start + needle.count
      }
      start += 1
    }
    return nil
  }

  func resize(columns: Int, rows: Int) {
    var size = winsize(
      ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
  }

  /// The terminal's attributes as bytes, to compare before and after.
  func attributes() -> [UInt8] {
    var attributes = termios()
    _ = tcgetattr(slave, &attributes)
    return withUnsafeBytes(of: &attributes) { Array($0) }
  }

  /// Reads what is there, waiting at most until `deadline`; false when nothing came.
  enum ReadResult {
    case data
    /// Nothing arrived before the deadline (or within a second).
    case nothing
    /// The program's side of the terminal is gone.
    case ended
  }

  private func readSome(until deadline: Date) -> ReadResult {
    let milliseconds = Int32(max(0, min(1000, deadline.timeIntervalSinceNow * 1000)))
    var request = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
    let ready = poll(&request, 1, milliseconds)
    if ready == 0 || (ready < 0 && errno == EINTR) { return .nothing }
    guard ready > 0 else { return .ended }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = read(master, &buffer, buffer.count)
    guard count > 0 else { return .ended }
    output += buffer.prefix(count)
    return .data
  }

  struct SpawnError: Error {
    let what: String
  }
}

extension PseudoTerminal {
  /// `waitFor` on a thread of its own. The wait blocks while the program works, and async
  /// tests share a few threads (two, on a two-core machine): a wait held on one of them
  /// would starve the other tests, worst of all under the thread sanitizer, where the
  /// program is slow.
  func waiting(for text: String, after offset: Int = 0, seconds: Double = 10) async -> Bool {
    let terminal = HandedOver(terminal: self)
    return await offThePool { terminal.terminal.waitFor(text, after: offset, seconds: seconds) }
  }

  /// `waitForExit`, on a thread of its own.
  func exiting(seconds: Double = 10) async -> Int32? {
    let terminal = HandedOver(terminal: self)
    return await offThePool { terminal.terminal.waitForExit(seconds: seconds) }
  }
}

/// The terminal, handed to the thread that waits on it. Safe: a test awaits each wait
/// before it touches the terminal again, so one thread at a time uses it.
private struct HandedOver: @unchecked Sendable {
  let terminal: PseudoTerminal
}
