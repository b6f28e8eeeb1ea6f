#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file `--log-file` names: created (or emptied) before the screen starts, each log
/// line appended as it is logged.
struct LogFile: Sendable {
  struct Failure: Error {
    let message: String
  }

  private let descriptor: Int32

  static func create(at path: String) -> Result<LogFile, Failure> {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      let reason = DescriptorOutput.describe(errno)
      return .failure(Failure(message: "cannot create the log file \(path): \(reason)"))
    }
    return .success(LogFile(descriptor: descriptor))
  }

  /// One line. The file is a copy of the developer log, so a write that fails (a full disk)
  /// is dropped rather than allowed to stop the screen; the screen's own output is
  /// `StandardConsole`'s, which does stop on a failed write.
  func write(_ line: String) {
    _ = DescriptorOutput(descriptor: descriptor).writeAll(Array((line + "\n").utf8))
  }
}
