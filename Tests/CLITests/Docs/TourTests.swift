import Foundation
import Testing

/// docs/TOUR.md is a reading path; a stop that names a file or a symbol that is gone, or a
/// file the symbol has moved out of, sends the reader nowhere.
@Suite("docs/TOUR.md: every stop still exists", .timeLimit(.minutes(1)))
struct TourTests {
  @Test("the tour has between one and twelve stops, numbered in order")
  func stopCount() throws {
    let numbers = try document("docs/TOUR.md").split(separator: "\n").compactMap { line in
      line.contains(". `") ? Int(line.prefix { $0.isNumber }) : nil
    }

    #expect((1...12).contains(numbers.count))
    #expect(numbers == Array(1...numbers.count))
  }

  @Test("each stop and side trip names a file that exists and a symbol declared in it")
  func stopsExist() throws {
    let places = Tour.places(in: try document("docs/TOUR.md"))
    try #require(places.contains { $0.name == "stop 1" }, "no stop read from docs/TOUR.md")

    let problems = Tour.problems(of: places) { try? document($0) }

    for problem in problems { Issue.record(Comment(rawValue: problem)) }
  }

  // The checker itself, on a small tour and sources of its own.

  static let sources = [
    "Sources/Shop/Cart.swift": """
    /// A cart. (Not a `struct Receipt`: comments do not declare.)
    public struct Cart: Sendable {
      enum Line { case item(String), discount, fee(Int) = 3 }
      static let empty = Cart()
      var total: Int { let subtotal = 1; return subtotal }
      func checkout() -> String {
        struct Draft {}
        let note = "func refund() in a string"
        return note
      }
      class func restock() {}
    }
    """,
    "Sources/Shop/Refunds.swift": """
    extension Cart {
      public func refund(_ amount: Int) async {}
    }
    typealias Money = Int
    """,
  ]

  static func read(_ path: String) -> String? { sources[path] }

  static let tour = """
    # A tour

    1. `Sources/Shop/Cart.swift` · `Cart`
       The cart.

    2. `Sources/Shop/Cart.swift` · `refund`
       The refund, in the wrong file.

    ```swift
    let example = "`Sources/Shop/Cart.swift` · `Cart` in a code block is no stop"
    ```

    After the path, side trips: `Sources/Shop/Refunds.swift` · `Money`, and
    `Sources/Shop/Receipt.swift` ·
    `Receipt`, in a file that does not exist.
    """

  @Test("a stop or side trip is named by its number, across line breaks")
  func placesAreNamed() {
    let places = Tour.places(in: Self.tour)

    #expect(places.map(\.name) == ["stop 1", "stop 2", "side trip 1", "side trip 2"])
    #expect(places.map(\.symbol) == ["Cart", "refund", "Money", "Receipt"])
    #expect(places.last?.file == "Sources/Shop/Receipt.swift")
  }

  @Test("a symbol that lives in another file, or a file that is gone, fails naming its stop")
  func wrongFileFails() {
    let problems = Tour.problems(of: Tour.places(in: Self.tour), reading: Self.read)

    #expect(
      problems == [
        "stop 2 (`Sources/Shop/Cart.swift` · `refund`): the file declares no `refund`",
        "side trip 2 (`Sources/Shop/Receipt.swift` · `Receipt`): no such file",
      ])
  }

  @Test(
    "a declaration of a type, member or case counts, wherever its keyword's modifiers are",
    arguments: ["Cart", "Line", "item", "discount", "fee", "empty", "total", "checkout", "restock"]
  )
  func declared(symbol: String) throws {
    #expect(Tour.declares(try #require(Self.read("Sources/Shop/Cart.swift")), symbol))
  }

  @Test(
    "a name in a comment, a string, a function's body or a longer name is no declaration",
    arguments: ["Receipt", "refund", "subtotal", "Draft", "note", "Car", "check", "items"])
  func notDeclared(symbol: String) throws {
    #expect(!Tour.declares(try #require(Self.read("Sources/Shop/Cart.swift")), symbol))
  }
}

/// Reads docs/TOUR.md's places (numbered stops and side trips, each a quoted Swift file, " · ",
/// and a quoted symbol) and checks each against the sources.
private enum Tour {
  struct Place: Equatable {
    /// "stop 3", or "side trip 1" for a place outside the numbered lines.
    let name: String
    let file: String
    let symbol: String
  }

  /// Every "`path.swift` · `symbol`" in `text`, in order, the two halves possibly on two lines.
  /// A stop is one whose line starts with its number ("3. `Sources/…`").
  static func places(in text: String) -> [Place] {
    // Code blocks left out, so that only inline quotes are left; odd pieces are quoted.
    var inBlock = false
    let prose = text.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
      if line.hasPrefix("```") { inBlock.toggle() }
      return !inBlock && !line.hasPrefix("```")
    }
    let pieces = prose.joined(separator: "\n").split(
      separator: "`", omittingEmptySubsequences: false
    )
    .map(String.init)
    var places: [Place] = []
    var sideTrips = 0
    var index = 1
    while index + 2 < pieces.count {
      defer { index += 2 }
      let separator = pieces[index + 1].replacingOccurrences(of: "\n", with: " ")
      guard pieces[index].hasSuffix(".swift"), separator.trimmingCharacters(in: .whitespaces) == "·"
      else { continue }
      let before = pieces[index - 1].split(separator: "\n", omittingEmptySubsequences: false)
      let lineStart = before.last.map(String.init) ?? ""
      let name: String
      if lineStart.hasSuffix(". "), let number = Int(lineStart.dropLast(2)),
        before.count > 1 || index == 1
      {
        name = "stop \(number)"
      } else {
        sideTrips += 1
        name = "side trip \(sideTrips)"
      }
      places.append(Place(name: name, file: pieces[index], symbol: pieces[index + 2]))
    }
    return places
  }

  /// One line per place whose file is missing or does not declare its symbol, naming the place.
  static func problems(of places: [Place], reading read: (String) -> String?) -> [String] {
    places.compactMap { place in
      let label = "\(place.name) (`\(place.file)` · `\(place.symbol)`)"
      guard let source = read(place.file) else { return "\(label): no such file" }
      return declares(source, place.symbol)
        ? nil : "\(label): the file declares no `\(place.symbol)`"
    }
  }

  /// The keywords that declare a name a reader can look for.
  static let declaring: Set<String> = [
    "struct", "class", "enum", "actor", "protocol", "func", "var", "let", "case", "typealias",
  ]
  /// Of those, the ones whose braces hold declarations; `extension` has no name of its own.
  static let holding: Set<String> = ["struct", "class", "enum", "actor", "protocol", "extension"]
  /// What can follow `class` when it is a modifier (`class func`), not a declaration.
  static let afterClassModifier: Set<String> = [
    "func", "var", "let", "subscript", "init", "override", "final", "static", "public", "open",
  ]

  /// Whether `source` declares `symbol` as a type, a member, a top-level function or
  /// variable, or an enum case: outside comments, string literals and function bodies (a
  /// local variable of the same name is not what a reader looks for). A symbol written
  /// `Type.member` or `member(_:)` is looked up by its member's name.
  static func declares(_ source: String, _ symbol: String) -> Bool {
    let name = String(symbol.prefix { $0 != "(" }.split(separator: ".").last ?? "")
    let tokens = Self.tokens(of: Self.code(of: source))
    // Whether each enclosing brace holds declarations (a type's) or code (a body's).
    var scopes: [Bool] = []
    var opener: String?
    var inCaseList = false
    for (index, token) in tokens.enumerated() {
      let next = index + 1 < tokens.count ? tokens[index + 1] : ""
      let namesNext = next.first.map { $0.isLetter || $0 == "_" } ?? false
      switch token {
      case "{", "}", ";":
        if token == "{" { scopes.append(opener.map(holding.contains) ?? false) }
        if token == "}" { _ = scopes.popLast() }
        opener = nil
        inCaseList = false
        continue
      case "class" where afterClassModifier.contains(next):
        continue
      case _ where (declaring.contains(token) || token == "extension") && namesNext:
        opener = token
      case "init", "deinit", "subscript":
        opener = token
      default:
        break
      }
      guard scopes.allSatisfy({ $0 }) else { continue }
      if declaring.contains(token), next == name { return true }
      if token == "case" {
        inCaseList = true
      } else if declaring.contains(token) {
        inCaseList = false
      }
      if inCaseList, token == ",", next == name { return true }
    }
    return false
  }

  /// Words (a backticked name without its backticks) and single marks; parentheses skipped
  /// whole, so that a case's associated values or a signature's labels are not read as names.
  static func tokens(of code: String) -> [String] {
    var tokens: [String] = []
    var word = ""
    var depth = 0
    for character in code {
      if character.isLetter || character.isNumber || character == "_" {
        word.append(character)
        continue
      }
      if !word.isEmpty, depth == 0 { tokens.append(word) }
      word = ""
      if character == "(" { depth += 1 }
      if character == ")" { depth = max(0, depth - 1) }
      if depth == 0, !character.isWhitespace, character != "`", character != ")" {
        tokens.append(String(character))
      }
    }
    if !word.isEmpty, depth == 0 { tokens.append(word) }
    return tokens
  }

  /// `source` with its comments and the text of its string literals blanked out, so that only
  /// code is left to read. (An interpolation is blanked with its string: it declares nothing.)
  static func code(of source: String) -> String {
    var bytes = Array(source.utf8)
    var index = 0
    func blank(_ range: Range<Int>) {
      for position in range where bytes[position] != UInt8(ascii: "\n") {
        bytes[position] = UInt8(ascii: " ")
      }
    }
    func starts(_ text: String, at position: Int) -> Bool {
      let pattern = Array(text.utf8)
      return position + pattern.count <= bytes.count
        && Array(bytes[position..<position + pattern.count]) == pattern
    }
    while index < bytes.count {
      if starts("//", at: index) {
        let end = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
        blank(index..<end)
        index = end
      } else if starts("/*", at: index) {
        var (end, depth) = (index + 2, 1)
        while end < bytes.count, depth > 0 {
          if starts("/*", at: end) {
            (depth, end) = (depth + 1, end + 2)
          } else if starts("*/", at: end) {
            (depth, end) = (depth - 1, end + 2)
          } else {
            end += 1
          }
        }
        blank(index..<end)
        index = end
      } else if bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "#") {
        let hashes = bytes[index...].prefix { $0 == UInt8(ascii: "#") }.count
        guard starts("\"", at: index + hashes) else {
          index += 1
          continue
        }
        let quote = starts("\"\"\"", at: index + hashes) ? "\"\"\"" : "\""
        let closing = quote + String(repeating: "#", count: hashes)
        let escape = "\\" + String(repeating: "#", count: hashes)
        var end = index + hashes + quote.utf8.count
        // A one-line string ends with its line at the latest, whatever it holds.
        while end < bytes.count, !starts(closing, at: end),
          quote != "\"" || bytes[end] != UInt8(ascii: "\n")
        {
          end += starts(escape, at: end) ? escape.utf8.count + 1 : 1
        }
        end = min(bytes.count, end + closing.utf8.count)
        blank(index..<end)
        index = end
      } else {
        index += 1
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
