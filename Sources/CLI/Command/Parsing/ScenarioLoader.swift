import DataLayer
import DemoBackend
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finds the scenario the command line names: a built-in one, or one in a JSON file (or on
/// standard input, for `-`). A file is read and parsed here, before any of the app exists,
/// so however long that takes it never counts against a source's deadline.
enum ScenarioLoader {
  /// Why no scenario could be had, with the message and exit code the user gets.
  struct Failure: Error, Equatable {
    let message: String
    let exitCode: ExitCode
  }

  /// The most a scenario file may hold: far more than any scenario needs, and little
  /// enough to read and parse at once.
  static let sizeLimit = 1 << 20

  static func load(_ choice: CommandLineOptions.ScenarioChoice, reader: ScenarioReader)
    -> Result<Scenario, Failure>
  {
    switch choice {
    case .builtIn(let name):
      guard let scenario = BuiltInScenarios.named(name) else {
        let names = BuiltInScenarios.all.map(\.name)
        let suggestion =
          SpellingSuggestion.nearest(to: name, among: names)
          .map { "; did you mean \($0)?" } ?? "."
        return .failure(
          Failure(
            message: "unknown scenario \"\(name)\"\(suggestion) "
              + "Run payment-methods --list-scenarios to see them all.",
            exitCode: .usage))
      }
      return .success(scenario)
    case .file(let path):
      return loadFile(path, reader: reader)
    }
  }

  private static func loadFile(_ path: String, reader: ScenarioReader) -> Result<
    Scenario, Failure
  > {
    let subject = path == "-" ? "the scenario on standard input" : "scenario file \(path)"
    let bytes: [UInt8]
    switch reader.contents(of: path, atMost: sizeLimit + 1) {
    case .success(let read): bytes = read
    case .failure(.isFolder):
      return .failure(
        Failure(
          message: "cannot read \(subject): it is a folder, not a file",
          exitCode: .unreadableScenarioFile))
    case .failure(.failed(let code)):
      return .failure(
        Failure(
          message: "cannot read \(subject): \(DescriptorOutput.describe(code))",
          exitCode: .unreadableScenarioFile))
    }
    guard bytes.count <= sizeLimit else {
      return .failure(
        Failure(
          message: "\(subject) is larger than 1 MiB (\(sizeLimit) bytes), the most a "
            + "scenario file may hold",
          exitCode: .dataError))
    }
    guard !bytes.isEmpty else {
      return .failure(
        Failure(
          message: "\(subject) is empty; it must hold a JSON object, such as {}",
          exitCode: .dataError))
    }
    do {
      let name = path == "-" ? "standard input" : path
      return .success(try ScenarioFile.parse(Foundation.Data(bytes), name: name))
    } catch {
      let what = path == "-" ? "scenario on standard input" : "scenario file \(path)"
      return .failure(
        Failure(message: "bad \(what): \(error.description)", exitCode: .dataError))
    }
  }
}
