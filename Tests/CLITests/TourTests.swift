import Foundation
import Testing

/// docs/TOUR.md is a reading path; a stop that names a file or a symbol that is gone sends
/// the reader nowhere.
@Suite("docs/TOUR.md: every stop still exists", .timeLimit(.minutes(1)))
struct TourTests {
  /// Each stop's file and symbol, from lines such as "3. `Sources/…/Deadline.swift` · `callSideBySide`".
  static func stops() throws -> [(file: String, symbol: String)] {
    try document("docs/TOUR.md").split(separator: "\n").compactMap { line in
      guard line.first?.isNumber == true, line.contains(". `") else { return nil }
      let quoted = line.split(separator: "`", omittingEmptySubsequences: false)
      guard quoted.count >= 4 else { return nil }
      return (String(quoted[1]), String(quoted[3]))
    }
  }

  /// Every file and symbol the tour names, numbered stops and side trips alike: each
  /// "`Sources/…` · `symbol`" in the text, across line breaks.
  static func namedPlaces() throws -> [(file: String, symbol: String)] {
    let text = try document("docs/TOUR.md").replacingOccurrences(of: "\n", with: " ")
    let quoted = text.split(separator: "`", omittingEmptySubsequences: false).map(String.init)
    var places: [(String, String)] = []
    // Odd pieces are quoted; a place is a quoted path, " · ", then a quoted symbol.
    var index = 1
    while index + 2 < quoted.count {
      if quoted[index].hasPrefix("Sources/"), quoted[index + 1] == " · " {
        places.append((quoted[index], quoted[index + 2]))
      }
      index += 2
    }
    return places
  }

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
    let stops = try Self.stops()
    try #require(!stops.isEmpty)
    try #require(try Self.namedPlaces().count > stops.count, "the side trips are read too")
    for stop in try Self.namedPlaces() {
      let text = try? document(stop.file)
      #expect(text != nil, "\(stop.file) does not exist")
      let declares = [
        "struct", "class", "enum", "protocol", "actor", "func", "typealias", "init", "var",
      ].contains { text?.contains("\($0) \(stop.symbol)") == true }
      #expect(declares, "\(stop.file) declares no \(stop.symbol)")
    }
  }
}
