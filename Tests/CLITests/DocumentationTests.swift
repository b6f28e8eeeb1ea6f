import DemoBackend
import Foundation
import Testing

@testable import CLI

@Suite("README", .timeLimit(.minutes(1)))
struct DocumentationTests {
  private func readme() throws -> String {
    try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
  }

  @Test("the scenario table has a row for every built-in scenario, in catalogue order")
  func scenarioTable() throws {
    let rows = try readme().split(separator: "\n")
      .filter { $0.hasPrefix("| `") }
      .compactMap { $0.split(separator: "`").dropFirst().first.map(String.init) }

    #expect(rows.filter(BuiltInScenariosNames.all.contains) == BuiltInScenariosNames.all)
  }

  @Test("shows the two commands first: run, then test")
  func twoCommandsFirst() throws {
    let text = try readme()
    let run = try #require(text.range(of: "swift run payment-methods"))
    let test = try #require(text.range(of: "swift test"))

    #expect(run.lowerBound < test.lowerBound)
    #expect(text.distance(from: text.startIndex, to: test.lowerBound) < 1200)
  }

  /// The codes of the exit-code table: the first cell of each row under its header, up to
  /// the first line that is not a row ("132, 134" lists several).
  private func exitCodeRows() throws -> [Int] {
    let lines = try readme().split(separator: "\n", omittingEmptySubsequences: false)
    guard let header = lines.firstIndex(of: "| exit code | when |") else { return [] }
    return lines[(header + 2)...].prefix { $0.hasPrefix("| ") }.flatMap { row in
      row.split(separator: "|").first.map { cell in
        cell.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
      } ?? []
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
