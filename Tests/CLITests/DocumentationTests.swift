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

  @Test(
    "documents every exit code the CLI uses",
    arguments: ExitCode.allCases)
  func exitCodes(code: ExitCode) throws {
    #expect(try readme().contains("| \(code.rawValue) |"))
  }
}
