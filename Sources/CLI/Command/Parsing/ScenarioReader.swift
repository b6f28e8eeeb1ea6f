#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a scenario's bytes from a file, or from standard input for `-`, and never more
/// than one byte past the limit, so that a huge file (or /dev/zero) costs no time or memory.
struct ScenarioReader {
  enum Failure: Error, Equatable {
    case isFolder
    /// `open(2)` or `read(2)` failed with this `errno`.
    case failed(errno: Int32)
  }

  /// Standard input's bytes, up to the given count; tests give their own.
  var readStandardInput: (_ atMost: Int) -> Result<[UInt8], Failure>

  static var live: ScenarioReader {
    ScenarioReader(readStandardInput: { limit in
      // Typed by hand, a scenario would otherwise be awaited in silence.
      if isatty(STDIN_FILENO) == 1 {
        let prompt = "payment-methods: reading the scenario's JSON; end it with Ctrl-D\n"
        _ = prompt.utf8CString.withUnsafeBufferPointer { text in
          write(STDERR_FILENO, text.baseAddress, text.count - 1)
        }
      }
      return readAll(STDIN_FILENO, atMost: limit)
    })
  }

  func contents(of path: String, atMost limit: Int) -> Result<[UInt8], Failure> {
    if path == "-" { return readStandardInput(limit) }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return .failure(.failed(errno: errno)) }
    defer { close(descriptor) }
    var status = stat()
    if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
      return .failure(.isFolder)
    }
    return Self.readAll(descriptor, atMost: limit)
  }

  /// Everything `descriptor` holds, or its first `limit` bytes.
  static func readAll(_ descriptor: Int32, atMost limit: Int) -> Result<[UInt8], Failure> {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while bytes.count < limit {
      let wanted = min(chunk.count, limit - bytes.count)
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, wanted) }
      if count == 0 { break }
      if count < 0 {
        if errno == EINTR { continue }
        return .failure(errno == EISDIR ? .isFolder : .failed(errno: errno))
      }
      bytes += chunk.prefix(count)
    }
    return .success(bytes)
  }
}
