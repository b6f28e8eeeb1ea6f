import DataLayer
import DemoBackend
import Foundation

/// Finds the scenario the command line names: a built-in one, or one in a JSON file.
enum ScenarioLoader {
  /// Why no scenario could be had, with the message and exit code the user gets.
  struct Failure: Error, Equatable {
    let message: String
    let exitCode: ExitCode
  }

  static func load(_ choice: CommandLineOptions.ScenarioChoice) -> Result<Scenario, Failure> {
    switch choice {
    case .builtIn(let name):
      guard let scenario = BuiltInScenarios.named(name) else {
        let names = BuiltInScenarios.all.map(\.name).joined(separator: ", ")
        return .failure(
          Failure(
            message: "unknown scenario \"\(name)\". Built-in scenarios: \(names)",
            exitCode: .usage))
      }
      return .success(scenario)
    case .file(let path):
      let data: Foundation.Data
      do {
        data = try Foundation.Data(contentsOf: URL(fileURLWithPath: path))
      } catch {
        return .failure(
          Failure(
            message: "cannot read scenario file \(path): \(reason(error))",
            exitCode: .unreadableScenarioFile))
      }
      do {
        return .success(try ScenarioFile.parse(data, name: path))
      } catch {
        return .failure(
          Failure(
            message: "bad scenario file \(path): \(error.description)",
            exitCode: .badScenarioFile))
      }
    }
  }

  /// The operating system's words for a read failure ("No such file or directory").
  private static func reason(_ error: any Error) -> String {
    let nsError = error as NSError
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
      underlying.domain == NSPOSIXErrorDomain,
      let code = POSIXErrorCode(rawValue: Int32(underlying.code))
    {
      return String(describing: POSIXError(code).localizedDescription)
    }
    return nsError.localizedDescription
  }
}
