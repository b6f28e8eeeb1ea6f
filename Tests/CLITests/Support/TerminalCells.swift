#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The width oracle: how many cells the C library says a line takes (`wcwidth` of each
/// scalar under a UTF-8 locale), written without the renderer's `CellWidth`, so that a
/// mistake in one cannot hide in the other. The palette's own colour codes are skipped;
/// any other control character makes the line's width negative, so it can never match.
enum TerminalCells {
  /// Whether the C library could switch to a UTF-8 locale, without which `wcwidth` knows
  /// only ASCII.
  static let isReady: Bool = setlocale(LC_CTYPE, "C.UTF-8") != nil && wcwidth != nil

  /// The C library's `wcwidth`, looked up at run time: Swift's Glibc module leaves out the
  /// X/Open functions.
  private static let wcwidth: (@convention(c) (Int32) -> Int32)? = {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "wcwidth") else {
      return nil
    }
    return unsafeBitCast(symbol, to: (@convention(c) (Int32) -> Int32).self)
  }()

  static func width(_ line: some StringProtocol) -> Int {
    guard isReady, let wcwidth else { return -1 }
    var total = 0
    var scalars = Array(String(line).unicodeScalars)[...]
    while let scalar = scalars.popFirst() {
      if scalar == "\u{1B}", scalars.first == "[" {
        // Skip a colour code, ESC [ digits and semicolons m; anything else is not ours.
        let body = scalars.dropFirst().prefix { $0 == ";" || ("0"..."9").contains($0) }
        let end = scalars.dropFirst().index(scalars.startIndex, offsetBy: body.count + 1)
        if end < scalars.endIndex, scalars[end] == "m" {
          scalars = scalars[scalars.index(after: end)...]
          continue
        }
      }
      let cells = wcwidth(Int32(bitPattern: scalar.value))
      total += cells < 0 ? -1_000 : Int(cells)
    }
    return total
  }
}
