import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The keys: what is typed reaches the screen as `Key`s, read on a thread of their own,
/// and on the accessible screen a line at a time.
extension InteractiveSession {
  /// What was typed: on the boxed screen, keys as they arrive; on the accessible one,
  /// each line once Enter ends it.
  enum Input {
    case keys([UInt8])
    case line(String)
  }

  func inputs(typed bytes: [UInt8]) -> [Input] {
    guard transcript != nil else { return [.keys(bytes)] }
    typed += bytes
    var lines: [Input] = []
    while let end = typed.firstIndex(of: UInt8(ascii: "\n")) {
      lines.append(.line(String(decoding: typed[..<end], as: UTF8.self)))
      typed.removeSubrange(...end)
    }
    return lines
  }

  /// The keys an input stands for; a line that means nothing on the screen as it is now is
  /// said so.
  func keys(of input: Input, on screens: Screens) -> [Key] {
    switch input {
    case .keys(let bytes):
      return Key.decode(bytes)
    case .line(let line):
      let keys = AccessibleInput.keys(
        for: line, model: model, snapshot: screens.snapshot(of: model.screen),
        form: cardForm?.snapshot)
      if keys == nil { transcript?.say(frame.words["accessible.unknown"]) }
      return keys ?? []
    }
  }

  /// Keys are read on a thread of their own: read(2) blocks, and the screen must go on
  /// drawing while nobody types. The thread ends with the process.
  func startReadingKeys() {
    let sink = sink
    let reader = Thread {
      var buffer = [UInt8](repeating: 0, count: 64)
      while true {
        let count = read(STDIN_FILENO, &buffer, buffer.count)
        if count > 0 {
          sink.yield(.input(Array(buffer.prefix(count))))
        } else if count < 0, errno == EINTR {
          continue
        } else {
          sink.yield(.inputEnded)
          return
        }
      }
    }
    reader.start()
  }
}
