/// The accessible screen's line, as it is typed: the terminal's own line editing stands
/// aside (`Transcript.takeKeys`), and this does what it did, without echoing what a person
/// never typed as text. Characters are echoed as they come (none while a secret is typed);
/// Backspace, Ctrl-W (a word) and Ctrl-U take them back; Enter ends the line; Ctrl-D on an
/// empty line ends the input. An arrow key's escape sequence (`ESC [ B`) goes into the line, as the
/// terminal's editing put it there, so that the line still moves, but it is never echoed:
/// the terminal's editing showed it as `^[[B`. Plain values: bytes in, echo and lines out.
struct LineEditor: Equatable {
  /// What a run of typed bytes came to.
  struct Typed: Equatable {
    /// What to write back to the terminal, so the person sees what they typed.
    var echo = ""
    /// The lines Enter ended, without their newline.
    var lines: [String] = []
    /// Ctrl-D on an empty line: nothing more will be typed.
    var ended = false
  }

  /// The line so far, one element per character or escape sequence typed.
  private var units: [Unit] = []
  /// An escape sequence or a character not all of whose bytes have come yet.
  private var pending: [UInt8] = []

  private struct Unit: Equatable {
    var bytes: [UInt8]
    /// How many cells its echo took: Backspace takes back as many.
    var cells: Int
  }

  /// Takes the bytes typed; `echoing` is false while a secret is typed.
  mutating func take(_ bytes: [UInt8], echoing: Bool) -> Typed {
    var typed = Typed()
    var rest = bytes[...]
    while let byte = rest.popFirst() {
      if !pending.isEmpty {
        pending.append(byte)
        // Esc, then a key that starts no sequence: Esc alone, then that key as typed.
        if let again = finishPending(echoing: echoing, into: &typed) {
          rest.insert(again, at: rest.startIndex)
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\n"):
        typed.echo += "\n"
        typed.lines.append(String(decoding: units.flatMap(\.bytes), as: UTF8.self))
        units = []
      case 0x04 where units.isEmpty:
        typed.ended = true
        return typed
      case 0x7F, 0x08:
        if let last = units.popLast() { typed.echo += Self.erase(last.cells) }
      case 0x15:
        typed.echo += Self.erase(units.reduce(0) { $0 + $1.cells })
        units = []
      case 0x17:
        typed.echo += Self.erase(takeBackWord())
      case 0x1B, 0xC2...0xF4:
        pending = [byte]
      case 0x20..<0x7F:
        units.append(Unit(bytes: [byte], cells: echoing ? 1 : 0))
        if echoing { typed.echo += String(UnicodeScalar(byte)) }
      case UInt8(ascii: "\r"):
        // Enter as it comes where the terminal does not turn it into a newline: kept, as the
        // terminal's editing kept it; the meaning of the line ignores it.
        units.append(Unit(bytes: [byte], cells: 0))
      default:
        // Another control character, or a byte that starts no character: not text.
        break
      }
    }
    // A lone Esc: nothing follows it in this read, so it is the key, not a sequence.
    if pending == [0x1B] {
      units.append(Unit(bytes: pending, cells: 0))
      pending = []
    }
    return typed
  }

  /// Takes back the line's last word and the spaces after it, as the terminal's Ctrl-W
  /// did; returns the cells their echo took.
  private mutating func takeBackWord() -> Int {
    var cells = 0
    while let last = units.last, last.bytes == [UInt8(ascii: " ")] {
      cells += units.removeLast().cells
    }
    while let last = units.last, last.bytes != [UInt8(ascii: " ")] {
      cells += units.removeLast().cells
    }
    return cells
  }

  /// Adds what `pending` holds to the line once it is whole: an escape sequence, kept
  /// unechoed, or a character of several bytes, echoed. Returns a byte to read again: the
  /// key after an Esc that started no sequence.
  private mutating func finishPending(echoing: Bool, into typed: inout Typed) -> UInt8? {
    guard let first = pending.first, let last = pending.last else { return nil }
    if first == 0x1B {
      switch Self.escapeSequenceEnds(pending) {
      case nil:
        return nil
      case true?:
        units.append(Unit(bytes: pending, cells: 0))
        pending = []
        return nil
      case false?:
        units.append(Unit(bytes: [0x1B], cells: 0))
        pending = []
        return last
      }
    }
    // A byte that does not continue the character: the character is dropped, and the byte
    // read again.
    guard last & 0xC0 == 0x80 else {
      pending = []
      return last
    }
    let length = first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : 2
    guard pending.count == length else { return nil }
    let text = String(decoding: pending, as: UTF8.self)
    let cells = echoing ? max(1, CellWidth.of(text)) : 0
    units.append(Unit(bytes: pending, cells: cells))
    if echoing { typed.echo += text }
    pending = []
    return nil
  }

  /// Whether `bytes`, starting with Esc, is a whole escape sequence (true), or Esc and one
  /// key that starts none (false); nil while more is to come. `ESC [` is followed by
  /// parameters and ends at a byte from `@` to `~`; `ESC O` by one byte.
  private static func escapeSequenceEnds(_ bytes: [UInt8]) -> Bool? {
    guard bytes.count > 1 else { return nil }
    // No key sends a longer one: a longer run is pasted text, taken as one.
    guard bytes.count < 16 else { return true }
    switch bytes[1] {
    case UInt8(ascii: "["):
      guard bytes.count > 2, let last = bytes.last else { return nil }
      return (0x40...0x7E).contains(last) ? true : nil
    case UInt8(ascii: "O"):
      return bytes.count > 2 ? true : nil
    default:
      return false
    }
  }

  /// Takes `cells` cells back: the cursor back, a space over, and back again.
  private static func erase(_ cells: Int) -> String {
    String(repeating: "\u{8} \u{8}", count: cells)
  }
}
