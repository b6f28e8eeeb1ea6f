import Foundation
import Testing

@testable import CLI

@Suite("Width in terminal cells", .timeLimit(.minutes(1)))
struct CellWidthTests {
  /// Hand-counted cells, the way a terminal draws them.
  @Test(
    "text is measured in cells, not characters",
    arguments: [
      ("Visa", 4), ("東京", 4), ("ｶﾀｶﾅ", 4), ("한국어", 6), ("🎉", 2), ("e\u{301}", 1),
      ("a\u{200B}b", 2), ("€125.50", 7), ("•○●✖→…", 6), ("", 0), ("\u{FEFF}", 0),
      // Fullwidth letters take two cells each; a halfwidth voiced mark, one of its own.
      ("ＶＩＳＡｶｰﾄﾞ", 12), ("ﾊﾟ", 2),
      // Printable ASCII takes a cell a byte; a control byte among it, none.
      (String((0x20..<0x7F).map { Character(UnicodeScalar(UInt8($0))) }), 95), ("a\u{7}b", 2),
      ("a\u{7F}b", 2), ("a\tb", 2),
    ])
  func counted(text: String, cells: Int) {
    #expect(CellWidth.of(text) == cells)
  }

  @Test("a row with halfwidth voiced marks is as wide as the terminal draws it")
  func halfwidthVoicedMarks() {
    let text = "ＶＩＳＡｶｰﾄﾞ ﾊﾟｽ"

    #expect(CellWidth.of(text) == TerminalCells.width(text))
  }

  @Test("the oracle is ready: the C library has a UTF-8 locale")
  func oracleIsReady() {
    #expect(TerminalCells.isReady)
    #expect(TerminalCells.width("東京🎉e\u{301}") == 7)
  }

  @Test("CellWidth agrees with the C library's wcwidth on every character the tests draw")
  func agreesWithOracle() {
    for character in GeneratedText.alphabet {
      #expect(
        CellWidth.of(character) == TerminalCells.width(String(character)),
        "\(character.unicodeScalars.map { String($0.value, radix: 16) })")
    }
  }
}

/// Text to lay out, from a fixed seed: words of ASCII, CJK, emoji, combining marks and
/// Hangul, some longer than any line.
enum GeneratedText {
  static let alphabet: [Character] =
    Array("abcdefghijklmnopqrstuvwxyzABCXYZ0123456789.,€•-") + Array("東京都漢字日本語中文")
    + Array("ｶﾀｶﾅﾄﾞﾊﾟ") + Array("한국어") + [
      "🎉", "🚀", "👍", "💳", "🍎", "e\u{301}", "a\u{308}\u{323}", "\u{200B}", "x\u{20DD}",
    ]

  static func text(_ random: inout SplitMix64) -> String {
    let wordCount = random.int(in: 0...14)
    return (0..<wordCount).map { _ in
      // One word in eight is longer than a line at the widest box.
      let length = random.int(in: 1...8) == 1 ? random.int(in: 40...120) : random.int(in: 1...12)
      return String((0..<length).map { _ in random.element(of: alphabet) ?? "a" })
    }.joined(separator: " ")
  }
}
