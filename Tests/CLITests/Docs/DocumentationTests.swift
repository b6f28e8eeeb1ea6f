import DemoBackend
import Foundation
import Testing

@testable import CLI
@testable import DataLayer
@testable import Domain

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

  @Test("the README's first command builds every program, so every documented command works")
  func firstCommandBuildsEveryProgram() throws {
    let text = try document("README.md")
    let block = try #require(text.components(separatedBy: "```sh\n").dropFirst().first)
    let first = try #require(block.split(separator: "\n").first.map(String.init))
    let commands = first.components(separatedBy: " #")[0].components(separatedBy: "&&")
      .map { $0.trimmingCharacters(in: .whitespaces) }

    // `swift run payment-methods` builds that program alone; `--backend-url` runs in
    // payment-methods-http, which only a plain `swift build` builds beside it first.
    let run = try #require(commands.firstIndex { $0.hasPrefix("swift run payment-methods") })
    #expect(commands[..<run].contains("swift build"), "\(first)")
  }

  /// The words of the README (its lines joined) from just after `before` to the next `)`.
  private func readmeList(after before: String) throws -> String {
    let text = try document("README.md").replacing("\n", with: " ")
    let start = try #require(text.range(of: before), "the README no longer says \(before)")
    let end = try #require(text[start.upperBound...].firstIndex(of: ")"))
    return String(text[start.upperBound..<end])
  }

  /// "four (`a`, `b`…": the number word before the parenthesis, and the names in
  /// backticks inside it.
  private func countedList(after before: String) throws -> (count: String, names: Set<String>) {
    let list = try readmeList(after: before)
    let parenthesis = try #require(list.range(of: " ("), "\(before)\(list)")
    let quoted = list[parenthesis.upperBound...].split(
      separator: "`", omittingEmptySubsequences: false)
    let names = quoted.indices.filter { $0 % 2 == 1 }.map { String(quoted[$0]) }
    return (String(list[..<parenthesis.lowerBound]), Set(names))
  }

  @Test("the README lists every recovery there is, and no other")
  func recoveries() throws {
    let listed = { (list: String) in
      Set(list.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) })
    }

    #expect(
      listed(try readmeList(after: "`retryWhenUserActs("))
        == Set(Recovery.UserAction.allCases.map(\.rawValue)))
    #expect(
      listed(try readmeList(after: "`notRecoverable("))
        == Set(Recovery.Obstacle.allCases.map(\.rawValue)))
  }

  @Test("the README counts and names the journeys there are")
  func journeys() throws {
    let (count, names) = try countedList(after: "is a `Journey`, one of ")

    #expect(count == Self.numberWord(Journey.allCases.count))
    #expect(names == Set(Journey.allCases.map(\.rawValue)))
  }

  /// Every error the project declares with a journey of its own or none, one of each case
  /// (a `RequestFailure` by its kind). The errors that only carry on the journey of a
  /// failure they wrap are not among them.
  static var ownJourneys: [String: Journey?] {
    let context = ErrorContext(operation: "POST /session")
    var own: [String: Journey?] = [:]
    for kind in RequestFailure.Kind.allCases {
      own[kind.rawValue] = RequestFailure(kind, context: context).journey
    }
    let others: [String: any ClassifiedError] = [
      "SignInRefused": SignInRefused(context: context),
      "UnclassifiedRequestError": UnclassifiedRequestError(context: context),
      "DeadlineExceeded": DeadlineExceeded(deadline: .seconds(1)),
      "ApplePayServiceError.serviceNotAvailable": ApplePayServiceError.serviceNotAvailable,
      "WalletRepositoryError.noWalletFound": WalletRepositoryError.noWalletFound(context),
      "WalletRepositoryError.banned": WalletRepositoryError.banned(context),
      "WalletRepositoryError.inReview": WalletRepositoryError.inReview(.pending, context),
    ]
    for (name, error) in others { own[name] = error.journey }
    return own
  }

  /// The errors that wrap another and carry its journey on.
  static let wrappers: Set = [
    "SourceFailure", "PaymentMethodsError", "WalletError", "OutcomeNotKnownYet",
  ]

  @Test("every error type in Sources is counted here: its own journey or none, or a wrapper's")
  func everyErrorTypeIsKnown() throws {
    let declared = try Self.sourceFiles().flatMap { text in
      text.matches(of: /(?:struct|enum) (\w+): ClassifiedError/).map { String($0.output.1) }
    }
    let known = Set(Self.ownJourneys.keys.compactMap { $0.split(separator: ".").first })
      .map(String.init)
    let counted = Set(known).union(["RequestFailure"]).union(Self.wrappers)

    #expect(!declared.isEmpty)
    #expect(Set(declared).subtracting(counted).sorted() == [])
  }

  @Test("the README counts and names the failures that carry a journey")
  func journeyCarriers() throws {
    let (count, names) = try countedList(after: "carried by only ")
    let carriers = Set(Self.ownJourneys.filter { $0.value != nil }.keys)

    #expect(count == Self.numberWord(carriers.count) + " failures")
    #expect(names.subtracting(["RequestFailure"]) == carriers)
  }

  /// A count as the README writes it: in words up to ten.
  static func numberWord(_ count: Int) -> String {
    let words = [
      "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ]
    return words.indices.contains(count) ? words[count] : String(count)
  }

  /// The text of every Swift file under Sources.
  static func sourceFiles() throws -> [String] {
    let sources = packageRoot.appendingPathComponent("Sources")
    let files =
      FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?
      .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
    return try files.map { try String(contentsOf: $0, encoding: .utf8) }
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
