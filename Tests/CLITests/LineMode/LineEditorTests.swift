import Testing

@testable import CLI

/// The accessible screen's own line editing: what it echoes, and the lines it hands on.
@Suite("Line editor: echo and lines", .timeLimit(.minutes(1)))
struct LineEditorTests {
  @Test("an arrow key's escape sequence goes into the line but is not echoed")
  func arrowKept() {
    var editor = LineEditor()
    let typed = editor.take(Array("\u{1B}[Bj\n".utf8), echoing: true)
    #expect(typed.echo == "j\n")
    #expect(typed.lines == ["\u{1B}[Bj"])
  }

  @Test("Esc alone, then Enter, is the line Esc; Esc before a key is Esc and that key")
  func loneEscape() {
    var editor = LineEditor()
    #expect(editor.take([0x1B], echoing: true).lines == [])
    #expect(editor.take(Array("\n".utf8), echoing: true).lines == ["\u{1B}"])
    #expect(editor.take(Array("\u{1B}q\n".utf8), echoing: true).lines == ["\u{1B}q"])
  }

  @Test("a secret is not echoed, and Backspace over it echoes nothing either")
  func secret() {
    var editor = LineEditor()
    let typed = editor.take(Array("987\u{7F}\n".utf8), echoing: false)
    #expect(typed.echo == "\n")
    #expect(typed.lines == ["98"])
  }

  @Test("Backspace takes back a wide character's two cells; Ctrl-U the whole line")
  func erasing() {
    var editor = LineEditor()
    #expect(editor.take(Array("a漢\u{7F}".utf8), echoing: true).echo == "a漢\u{8} \u{8}\u{8} \u{8}")
    #expect(editor.take([0x15], echoing: true).echo == "\u{8} \u{8}")
    #expect(editor.take(Array("ü\n".utf8), echoing: true).lines == ["ü"])
  }

  @Test("Ctrl-W takes back the last word and the spaces after it, as the terminal did")
  func erasingAWord() {
    var editor = LineEditor()
    _ = editor.take(Array("ab cd  ".utf8), echoing: true)
    #expect(editor.take([0x17], echoing: true).echo == String(repeating: "\u{8} \u{8}", count: 4))
    #expect(editor.take(Array("x\n".utf8), echoing: true).lines == ["ab x"])
  }

  @Test("Ctrl-D on an empty line ends the input; on a line with text it does nothing")
  func endOfInput() {
    var editor = LineEditor()
    #expect(editor.take(Array("a\u{04}".utf8), echoing: true).ended == false)
    #expect(editor.take(Array("\n\u{04}".utf8), echoing: true).ended == true)
  }
}
