import Foundation
import Testing

/// The golden screens of one screen (`payment-methods` or `wallet`) under every built-in
/// scenario, stored once per distinct screen.
///
/// Many scenarios draw the same screen (every add-card scenario shows the list of
/// `all-available`), so the folder holds one file pair per distinct screen, named after the
/// first scenario that draws it, and `index.txt` says which screen each scenario draws.
/// `RECORD_GOLDEN=1 swift test --filter GoldenScreenTests` rewrites the folder and its index.
struct GoldenScreens {
  /// The screen's folder under Tests/CLITests/Golden.
  let folder: String

  /// What one scenario draws: without colour and in colour.
  struct Drawing: Hashable {
    let plain: String
    let colour: String
  }

  private var directory: URL { GoldenFile.directory.appendingPathComponent(folder) }
  private var indexURL: URL { directory.appendingPathComponent("index.txt") }

  /// Scenario name → screen name, as the index says.
  func index() throws -> [String: String] {
    let text = try String(contentsOf: indexURL, encoding: .utf8)
    var entries: [String: String] = [:]
    for line in text.split(separator: "\n") where !line.hasPrefix("#") {
      let fields = line.split(separator: " ", omittingEmptySubsequences: true)
      guard fields.count == 2 else { throw IndexError(line: String(line)) }
      entries[String(fields[0])] = String(fields[1])
    }
    return entries
  }

  struct IndexError: Error, CustomStringConvertible {
    let line: String
    var description: String { "index line is not 'scenario screen': \(line)" }
  }

  /// The stored drawing of `screen`.
  func drawing(named screen: String) throws -> Drawing {
    Drawing(
      plain: try String(
        contentsOf: directory.appendingPathComponent("\(screen).txt"), encoding: .utf8),
      colour: try String(
        contentsOf: directory.appendingPathComponent("\(screen).ansi.txt"), encoding: .utf8))
  }

  /// The names of the screens stored in the folder.
  func storedScreens() throws -> Set<String> {
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    return Set(
      files.filter { $0.hasSuffix(".txt") && $0 != "index.txt" }.map {
        String($0.dropLast($0.hasSuffix(".ansi.txt") ? 9 : 4))
      })
  }

  /// Rewrites the folder from `drawings` (in scenario order): one file pair per distinct
  /// drawing, named after its first scenario, the index, and no file left over.
  func record(_ drawings: [(scenario: String, drawing: Drawing)]) throws {
    var screenOf: [Drawing: String] = [:]
    var index = "# scenario → the screen it draws (\(folder)/SCREEN.txt and SCREEN.ansi.txt)\n"
    let width = drawings.map(\.scenario.count).max() ?? 0
    for (scenario, drawing) in drawings {
      let screen = screenOf[drawing] ?? scenario
      screenOf[drawing] = screen
      index += scenario.padding(toLength: width + 2, withPad: " ", startingAt: 0) + screen + "\n"
    }
    try FileManager.default.removeItem(at: directory)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    for (drawing, screen) in screenOf {
      try Foundation.Data(drawing.plain.utf8).write(
        to: directory.appendingPathComponent("\(screen).txt"))
      try Foundation.Data(drawing.colour.utf8).write(
        to: directory.appendingPathComponent("\(screen).ansi.txt"))
    }
    try Foundation.Data(index.utf8).write(to: indexURL)
  }
}
