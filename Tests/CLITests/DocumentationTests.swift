import DemoBackend
import Foundation
import Testing

@testable import CLI

/// The rows of the Markdown table under `header` in `text`: each row's cells, trimmed, up to
/// the first line that is not a row. Empty when the header is missing.
func tableRows(under header: String, in text: String) -> [[String]] {
  let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
  guard let start = lines.firstIndex(where: { $0 == header }) else { return [] }
  return lines[(start + 2)...].prefix { $0.hasPrefix("| ") }.map { row in
    row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
  }
}

func document(_ path: String) throws -> String {
  try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
}

@Suite("Documentation: the README and docs/ say what the code does", .timeLimit(.minutes(1)))
struct DocumentationTests {
  @Test("docs/SCENARIOS.md's table has one row per built-in scenario, in catalogue order")
  func scenarioTable() throws {
    let rows = tableRows(
      under: "| scenario | what the sources do | payment-methods screen | wallet screen |",
      in: try document("docs/SCENARIOS.md"))
    let names = rows.compactMap {
      $0.first?.trimmingCharacters(in: CharacterSet(charactersIn: "`"))
    }

    #expect(names == BuiltInScenariosNames.all)
  }

  @Test("the README shows the two commands first: run, then test")
  func twoCommandsFirst() throws {
    let text = try document("README.md")
    let run = try #require(text.range(of: "swift run payment-methods"))
    let test = try #require(text.range(of: "swift test"))

    #expect(run.lowerBound < test.lowerBound)
    #expect(text.distance(from: text.startIndex, to: test.lowerBound) < 1200)
  }

  @Test("the README stays short enough to read first, and names its reading path")
  func readmeIsShort() throws {
    let text = try document("README.md")

    #expect(text.split(separator: "\n", omittingEmptySubsequences: false).count <= 300)
    #expect(text.contains("](docs/TOUR.md)"))
  }

  /// The codes of docs/CLI.md's exit-code table ("132, 134" lists several).
  private func exitCodeRows() throws -> [Int] {
    tableRows(under: "| exit code | when |", in: try document("docs/CLI.md")).flatMap { cells in
      (cells.first ?? "").split(separator: ",").compactMap {
        Int($0.trimmingCharacters(in: .whitespaces))
      }
    }
  }

  @Test(
    "the exit-code table has a row for every exit code the CLI uses",
    arguments: ExitCode.allCases)
  func exitCodes(code: ExitCode) throws {
    #expect(try exitCodeRows().contains(Int(code.rawValue)))
  }

  @Test("the exit-code table lists no code twice")
  func exitCodesOnce() throws {
    let codes = try exitCodeRows()

    #expect(codes.count == Set(codes).count)
    #expect(codes.count >= ExitCode.allCases.count)
  }
}
