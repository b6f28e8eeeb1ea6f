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

  @Test("the tour has between one and twelve stops, numbered in order")
  func stopCount() throws {
    let numbers = try document("docs/TOUR.md").split(separator: "\n").compactMap { line in
      line.contains(". `") ? Int(line.prefix { $0.isNumber }) : nil
    }

    #expect((1...12).contains(numbers.count))
    #expect(numbers == Array(1...numbers.count))
  }

  @Test("each stop names a file that exists and a symbol declared in it")
  func stopsExist() throws {
    let stops = try Self.stops()
    try #require(!stops.isEmpty)
    for stop in stops {
      let text = try? document(stop.file)
      #expect(text != nil, "\(stop.file) does not exist")
      let declares = [
        "struct", "class", "enum", "protocol", "actor", "func", "typealias", "init",
      ].contains { text?.contains("\($0) \(stop.symbol)") == true }
      #expect(declares, "\(stop.file) declares no \(stop.symbol)")
    }
  }
}
