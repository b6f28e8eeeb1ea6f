import Foundation
import Testing

@testable import CLI

@Suite("Output: write(2) until everything is written, failures as values", .timeLimit(.minutes(1)))
struct DescriptorOutputTests {
  /// Plays a script of `write(2)` results and records the bytes each call was offered.
  private final class ScriptedWrites {
    var script: [DescriptorOutput.CallResult]
    var written: [UInt8] = []

    init(_ script: [DescriptorOutput.CallResult]) { self.script = script }

    func call(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> DescriptorOutput.CallResult {
      let next = script.isEmpty ? .wrote(bytes.count) : script.removeFirst()
      if case .wrote(let count) = next { written += bytes.prefix(count) }
      return next
    }
  }

  /// The failure (nil when everything was written) and the bytes written.
  private func write(_ text: String, _ script: [DescriptorOutput.CallResult]) -> (
    DescriptorOutput.Failure?, String
  ) {
    let writes = ScriptedWrites(script)
    let output = DescriptorOutput(descriptor: 1, call: writes.call)
    let result = output.writeAll(Array(text.utf8))
    return (Self.failure(result), String(decoding: writes.written, as: UTF8.self))
  }

  private static func failure(_ result: Result<Void, DescriptorOutput.Failure>)
    -> DescriptorOutput.Failure?
  {
    if case .failure(let failure) = result { return failure }
    return nil
  }

  @Test("a partial write is continued where it stopped")
  func partial() {
    let (result, written) = write("Choose how to pay", [.wrote(3), .wrote(5)])

    #expect(result == nil)
    #expect(written == "Choose how to pay")
  }

  @Test("a write interrupted by a signal is tried again")
  func interrupted() {
    let (result, written) = write("hello", [.failed(errno: EINTR), .failed(errno: EINTR)])

    #expect(result == nil)
    #expect(written == "hello")
  }

  @Test("a reader that went away is a broken pipe")
  func brokenPipe() {
    let (result, written) = write("hello", [.wrote(2), .failed(errno: EPIPE)])

    #expect(result == .brokenPipe)
    #expect(written == "he")
  }

  @Test("any other error comes back with its errno", arguments: [ENOSPC, EBADF, EIO])
  func otherErrors(code: Int32) {
    #expect(write("hello", [.failed(errno: code)]).0 == .failed(errno: code))
  }

  @Test("a write that writes nothing fails instead of looping forever")
  func zero() {
    #expect(write("hello", [.wrote(0)]).0 == .failed(errno: EIO))
  }

  @Test("the real write(2) to a full device fails with ENOSPC, no trap")
  func fullDevice() throws {
    let descriptor = open("/dev/full", O_WRONLY)
    try #require(descriptor >= 0)
    defer { close(descriptor) }

    let result = DescriptorOutput(descriptor: descriptor).writeAll(Array("hello".utf8))

    #expect(Self.failure(result) == .failed(errno: ENOSPC))
  }
}
