import Domain
import Foundation
import Testing

/// docs/GLOSSARY.md gives each idea of the lesson one word and lists the words it replaced.
/// A replaced word that comes back splits the story again, so it fails here: as an
/// identifier in Sources (comments and string literals aside, where the server's own names
/// live), or as a word of the documents (quoted strings aside, the wire's and the screen's).
@Suite("docs/GLOSSARY.md: one word per idea", .timeLimit(.minutes(1)))
struct GlossaryTests {
  struct Row {
    let idea: String
    let word: String
    let definedIn: [String]
    let replaces: [String]
  }

  /// The table's rows: the code spans of the "defined in" and "replaces" columns.
  static func rows() throws -> [Row] {
    try document("docs/GLOSSARY.md").split(separator: "\n").compactMap { line in
      guard line.hasPrefix("| "), !line.hasPrefix("| idea"), !line.hasPrefix("| ---") else {
        return nil
      }
      let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      guard cells.count == 6 else { return nil }
      return Row(
        idea: cells[1], word: cells[2], definedIn: codeSpans(cells[3]),
        replaces: codeSpans(cells[4]))
    }
  }

  static func codeSpans(_ text: String) -> [String] {
    text.split(separator: "`", omittingEmptySubsequences: false).enumerated()
      .filter { $0.offset % 2 == 1 }.map { String($0.element) }
  }

  /// Swift source with its comments and string literals blanked out: what is left are the
  /// identifiers, keywords and punctuation.
  static func code(_ source: String) -> String {
    split(source).code
  }

  /// Swift source taken apart: its code (string literals as `""`) and its comments.
  static func split(_ source: String) -> (code: String, comments: String) {
    var out = ""
    var comments = ""
    var chars = Array(source.unicodeScalars)[...]
    while let c = chars.first {
      if chars.starts(with: "//".unicodeScalars) {
        while let d = chars.first, d != "\n" {
          comments.unicodeScalars.append(d)
          chars.removeFirst()
        }
        comments += "\n"
      } else if chars.starts(with: "/*".unicodeScalars) {
        chars.removeFirst(2)
        while let d = chars.first, !chars.starts(with: "*/".unicodeScalars) {
          comments.unicodeScalars.append(d)
          chars.removeFirst()
        }
        chars = chars.dropFirst(2)
        comments += "\n"
      } else if chars.starts(with: "#\"".unicodeScalars) {
        chars.removeFirst(2)
        while !chars.isEmpty, !chars.starts(with: "\"#".unicodeScalars) { chars.removeFirst() }
        chars = chars.dropFirst(2)
        out += "\"\""
      } else if chars.starts(with: "\"\"\"".unicodeScalars) {
        chars.removeFirst(3)
        while !chars.isEmpty, !chars.starts(with: "\"\"\"".unicodeScalars) {
          chars.removeFirst()
        }
        chars = chars.dropFirst(3)
        out += "\"\""
      } else if c == "\"" {
        chars.removeFirst()
        while let d = chars.first, d != "\"", d != "\n" {
          chars.removeFirst()
          if d == "\\", !chars.isEmpty { chars.removeFirst() }
        }
        chars = chars.dropFirst()
        out += "\"\""
      } else {
        out.unicodeScalars.append(c)
        chars.removeFirst()
      }
    }
    return (out, comments)
  }

  /// Whether `word` stands in `text` on its own: not as part of a longer identifier.
  static func contains(_ text: String, word: String) -> Bool {
    let isPart: (Character) -> Bool = { $0.isLetter || $0.isNumber || $0 == "_" }
    var searchFrom = text.startIndex
    while let found = text.range(of: word, range: searchFrom..<text.endIndex) {
      let before =
        found.lowerBound == text.startIndex ? nil : text[text.index(before: found.lowerBound)]
      let after = found.upperBound == text.endIndex ? nil : text[found.upperBound]
      if !(before.map(isPart) ?? false), !(after.map(isPart) ?? false) { return true }
      searchFrom = found.upperBound
    }
    return false
  }

  /// Text whose lines run on, each line's comment marks (`//`, `///`) left out: so that a
  /// replaced word of two that a line break splits is still seen.
  static func joinedLines(_ text: String) -> String {
    text.replacingOccurrences(
      of: #"[ \t]*\n[ \t]*(//+)?[ \t]*"#, with: " ", options: .regularExpression)
  }

  /// A document with its quoted strings ("…", the wire's and the screen's words) left out.
  static func prose(_ markdown: String) -> String {
    markdown.split(separator: "\"", omittingEmptySubsequences: false).enumerated()
      .filter { $0.offset % 2 == 0 }.map { String($0.element) }.joined(separator: " ")
  }

  static func files(under folder: String, ending: String) -> [String] {
    let root = packageRoot.appendingPathComponent(folder)
    let walker = FileManager.default.enumerator(atPath: root.path)
    return (walker?.allObjects as? [String] ?? []).filter { $0.hasSuffix(ending) }.sorted()
      .map { folder + "/" + $0 }
  }

  @Test("the glossary has rows, and every row names where its word is defined")
  func rowsAreComplete() throws {
    let rows = try Self.rows()

    #expect(rows.count >= 10)
    for row in rows {
      #expect(!row.definedIn.isEmpty, "\(row.idea): no file")
      for path in row.definedIn {
        #expect(
          FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent(path).path),
          "\(row.idea): \(path) does not exist")
      }
    }
  }

  @Test("no word the glossary replaced is an identifier in Sources")
  func sourcesUseTheWords() throws {
    let replaced = try Self.rows().flatMap(\.replaces)
    let sources = Self.files(under: "Sources", ending: ".swift")
    try #require(sources.count > 50)

    for path in sources {
      let code = Self.code(try document(path))
      for word in replaced where Self.contains(code, word: word) {
        Issue.record("\(path) uses \(word); the glossary's word is in its row")
      }
    }
  }

  @Test("no word the glossary replaced is a word of a comment in Sources")
  func commentsUseTheWords() throws {
    let replaced = try Self.rows().flatMap(\.replaces)
    let sources = Self.files(under: "Sources", ending: ".swift")
    try #require(sources.count > 50)

    for path in sources {
      let comments = Self.joinedLines(Self.prose(Self.comments(try document(path))))
      for word in replaced where Self.contains(comments, word: word) {
        Issue.record("a comment in \(path) says \(word); the glossary's word is in its row")
      }
    }
  }

  /// The comments of Swift source, each on a line of its own: what `code` blanks out,
  /// string literals aside.
  static func comments(_ source: String) -> String {
    Self.split(source).comments
  }

  @Test("no word the glossary replaced is a word of the documents")
  func documentsUseTheWords() throws {
    let replaced = try Self.rows().flatMap(\.replaces)
    let documents =
      ["README.md"]
      + Self.files(under: "docs", ending: ".md").filter { $0 != "docs/GLOSSARY.md" }
    let schemas = Self.files(under: "docs", ending: ".json")
    try #require(documents.count > 5)
    try #require(!schemas.isEmpty)

    for path in documents + schemas {
      let text = try document(path)
      let read = Self.joinedLines(path.hasSuffix(".md") ? Self.prose(text) : text)
      for word in replaced where Self.contains(read, word: word) {
        Issue.record("\(path) says \(word); the glossary's word is in its row")
      }
    }
  }

  @Test("the check sees an identifier in code, and not in a comment or a string")
  func checkerReadsCode() {
    let source = """
      // PresentedJourney was here
      let wire = "rejection" /* IssuerDecline */
      let x = #"Journey"#
      var journey: Int
      """
    let code = Self.code(source)

    #expect(Self.contains(code, word: "journey"))
    #expect(!Self.contains(code, word: "PresentedJourney"))
    #expect(!Self.contains(code, word: "rejection"))
    #expect(!Self.contains(code, word: "IssuerDecline"))
    #expect(!Self.contains(code, word: "Journey"))
    #expect(!Self.contains("interruptions", word: "journey"))
  }

  @Test("the check sees a word in a comment, and not in a string or a quoted wire name")
  func checkerReadsComments() {
    let source = """
      // PresentedJourney was here, the wire's "rejection" aside
      let wire = "IssuerDecline" /* FlowDecision */
      """
    let comments = Self.prose(Self.comments(source))

    #expect(Self.contains(comments, word: "PresentedJourney"))
    #expect(Self.contains(comments, word: "FlowDecision"))
    #expect(!Self.contains(comments, word: "rejection"))
    #expect(!Self.contains(comments, word: "IssuerDecline"))
    #expect(!Self.contains(comments, word: "let"), "the code is not a comment")
  }

  @Test("the check sees a replaced word of two that a line break splits")
  func checkerJoinsLines() {
    let source = """
      /// Shown from the saved
      /// list, as it was.
      let x = 1
      """

    #expect(Self.contains(Self.joinedLines(Self.comments(source)), word: "saved list"))
    #expect(!Self.contains(Self.comments(source), word: "saved list"))
  }
}
