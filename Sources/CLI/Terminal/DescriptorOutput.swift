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

  /// What an `errno` means, in the app's words ("the disk is full"), never the C library's
  /// sentence or its number: a person reads it after "cannot write the output: ".
  static func describe(_ code: Int32) -> String {
    switch code {
    case ENOENT: "there is no such file or folder"
    case EACCES, EPERM: "you do not have permission"
    case ENOTDIR: "a part of its path is a file, not a folder"
    case EISDIR: "it is a folder, not a file"
    case ENOSPC: "the disk is full"
    case EDQUOT: "your disk quota is used up"
    case EROFS: "the disk is read-only"
    case EBADF: "it is closed"
    case EPIPE: "its reader went away"
    case EIO: "the device reported a fault"
    case ENAMETOOLONG: "its name is too long"
    case ELOOP: "its path goes round in a loop of symbolic links"
    case EFBIG: "the file would be too large"
    case EMFILE, ENFILE: "too many files are open"
    case ENXIO, ENODEV: "the device is not there"
    default: "the system refused it"
    }
  }
}
