import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file `--log-file` names: created (or emptied) before the screen starts, each log
/// line appended as it is logged. A new file is its owner's alone (0600): the log names
/// trace ids and the server's answers.
///
/// A write that fails (a full disk) stops the file, never the screen: the first failure is
/// kept, and the runner says it once, after the screen, and exits 74.
final class LogFile: @unchecked Sendable {
  // Safe: `firstFailure` is only read or written while holding `lock`, and the descriptor
  // is written only while holding it too, so lines from concurrent loads never interleave.
  private let lock = NSLock()
  private var firstFailure: String?
  private let descriptor: Int32
  private let path: String

  struct Failure: Error {
    let message: String
  }

  private init(descriptor: Int32, path: String) {
    self.descriptor = descriptor
    self.path = path
  }

  static func create(at path: String) -> Result<LogFile, Failure> {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      let reason = DescriptorOutput.describe(errno)
      return .failure(Failure(message: "cannot create the log file \(path): \(reason)"))
    }
    return .success(LogFile(descriptor: descriptor, path: path))
  }

  /// One line; nothing more once a write has failed.
  func write(_ line: String) {
    lock.withLock {
      guard firstFailure == nil else { return }
      switch DescriptorOutput(descriptor: descriptor).writeAll(Array((line + "\n").utf8)) {
      case .success: break
      case .failure(.brokenPipe): firstFailure = DescriptorOutput.describe(EPIPE)
      case .failure(.failed(let code)): firstFailure = DescriptorOutput.describe(code)
      }
    }
  }

  /// What went wrong with the first write that failed, if one did.
  var failure: String? {
    lock.withLock {
      firstFailure.map { "cannot write the log file \(path): \($0); the log stops there" }
    }
  }
}
