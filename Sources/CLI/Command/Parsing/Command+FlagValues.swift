import DemoBackend
import Foundation

/// The values of the flags that take more than a word or a number: each checked whole, so
/// that a value that cannot be used is refused with what it must be.
extension Command {
  /// An http or https URL with a host, and nothing a base URL cannot have.
  static func backendURL(_ text: String) throws(UsageError) -> URL {
    let problem = UsageError(
      message: "--backend-url needs an http or https URL with a host, a port from 1 to 65535 "
        + "if any, and no query, such as http://127.0.0.1:8080")
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
      ["http", "https"].contains(scheme), let host = url.host, !host.isEmpty,
      url.query == nil, url.fragment == nil, url.user == nil, url.password == nil,
      (1...65535).contains(url.port ?? 80)
    else { throw problem }
    return url
  }

  /// "--flag=value" into ("--flag", "value"); anything else into (argument, nil).
  static func split(_ argument: String) -> (String, String?) {
    guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else {
      return (argument, nil)
    }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }

  /// `--saved-list`: the local copy on the device, as a scenario file's `"saved"` says it.
  static func localCopy(_ text: String) throws(UsageError) -> LocalCopySeed {
    do throws(ScenarioFileError) {
      return try ScenarioFile.localCopySeed(fromJSON: text)
    } catch {
      throw UsageError(
        message: "--saved-list needs the JSON of a scenario file's \"saved\", such as "
          + "'{\"age\": \"2h\", \"cards\": []}' or '\"damaged\"': \(error.description)")
    }
  }
}
