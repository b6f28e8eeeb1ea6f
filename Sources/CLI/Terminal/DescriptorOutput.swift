#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a whole buffer to a file descriptor with `write(2)`, which may write part of it,
/// or be interrupted by a signal before writing anything. It
/// never traps (as Foundation's file-handle writes do): every failure comes back as a value.
struct DescriptorOutput {
  /// What one `write(2)` call did: wrote some bytes, or failed with an `errno`.
  enum CallResult: Equatable {
    case wrote(Int)
    case failed(errno: Int32)
  }

  enum Failure: Error, Equatable {
    /// The reader went away (EPIPE): a pipeline ended early, as `| head` does.
    case brokenPipe
    /// Anything else: a closed descriptor, a full disk, an I/O error.
    case failed(errno: Int32)
  }

  let descriptor: Int32
  /// One `write(2)` call; tests replace it to interrupt and shorten writes.
  var call: (_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> CallResult = Self.systemWrite

  func writeAll(_ bytes: [UInt8]) -> Result<Void, Failure> {
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        switch call(descriptor, UnsafeRawBufferPointer(rebasing: buffer[offset...])) {
        case .wrote(let count) where count > 0 && count <= buffer.count - offset:
          offset += count
        case .wrote:
          // Zero bytes (or a count no call can return) would loop forever.
          return .failure(.failed(errno: EIO))
        case .failed(let code) where code == EINTR || code == EAGAIN || code == EWOULDBLOCK:
          if code != EINTR { Self.waitUntilWritable(descriptor) }
        case .failed(let code) where code == EPIPE:
          return .failure(.brokenPipe)
        case .failed(let code):
          return .failure(.failed(errno: code))
        }
      }
      return .success(())
    }
  }

  private static func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer)
    -> CallResult
  {
    let count = write(descriptor, bytes.baseAddress, bytes.count)
    return count < 0 ? .failed(errno: errno) : .wrote(count)
  }

  /// A descriptor left non-blocking by another program: wait for room instead of spinning.
  private static func waitUntilWritable(_ descriptor: Int32) {
    var request = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
    _ = poll(&request, 1, -1)
  }

  /// The operating system's words for an `errno`, such as "No space left on device".
  static func describe(_ code: Int32) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    return String(cString: text)
  }
}
