import DataLayer
import DemoBackend
import Domain

/// What the user asked for on the command line.
enum Command: Equatable {
  case help
  case listScenarios
  case show(CommandLineOptions)
}

struct CommandLineOptions: Equatable {
  enum Screen: String, CaseIterable {
    case paymentMethods = "payment-methods"
    case wallet
  }

  enum ScenarioChoice: Equatable {
    case builtIn(String)
    case file(String)
  }

  var scenario: ScenarioChoice = .builtIn(BuiltInScenarios.defaultName)
  var screen: Screen = .paymentMethods
  var deadline: Duration = PaymentMethodsUseCase.defaultDeadline
  var json = false
  var verbose = false
  var noColor = false
}

/// A command line that cannot be run; the message says what to change.
struct UsageError: Error, Equatable {
  let message: String
}

extension Command {
  static let usage = """
    Usage: payment-methods [options]

    Shows the payment-method selection screen under a scenario played by a stub backend.

    Options:
      --scenario NAME         a built-in scenario (default: all-available)
      --scenario-file PATH    a scenario read from a JSON file (format in the README)
      --list-scenarios        list the built-in scenarios and exit
      --screen SCREEN         payment-methods (default) or wallet
      --deadline-ms N         how long each source may take, 1 to 600000 (default: 3000)
      --json                  print the final state as one JSON object
      --verbose               print the developer log on stderr
      --no-color              never colour the output (NO_COLOR=1 does the same)
      --help                  show this help

    Exit codes: 0 loaded or empty; 75 temporary failure, try again; 77 sign in again or
    act on the account; 69 service unavailable after retries; 70 unexpected error (a bug);
    1 any other error; 64 bad flags or unknown scenario; 65 bad scenario file;
    66 unreadable scenario file.
    """

  /// Reads the arguments (without the program name). `--help` wins over everything else.
  static func parse(_ arguments: [String]) throws(UsageError) -> Command {
    if arguments.contains("--help") || arguments.contains("-h") { return .help }

    var options = CommandLineOptions()
    var listScenarios = false
    var scenarioName: String?
    var scenarioFile: String?
    var remaining = arguments[...]

    while let argument = remaining.popFirst() {
      let (flag, inlineValue) = split(argument)
      func value() throws(UsageError) -> String {
        if let inlineValue { return inlineValue }
        guard let next = remaining.popFirst(), !next.hasPrefix("--") else {
          throw UsageError(message: "\(flag) needs a value")
        }
        return next
      }
      func noValue() throws(UsageError) {
        if inlineValue != nil { throw UsageError(message: "\(flag) takes no value") }
      }

      switch flag {
      case "--scenario": scenarioName = try value()
      case "--scenario-file": scenarioFile = try value()
      case "--list-scenarios":
        try noValue()
        listScenarios = true
      case "--screen":
        let name = try value()
        guard let screen = CommandLineOptions.Screen(rawValue: name) else {
          let names = CommandLineOptions.Screen.allCases.map(\.rawValue).joined(separator: ", ")
          throw UsageError(message: "unknown screen \"\(name)\"; choose one of: \(names)")
        }
        options.screen = screen
      case "--deadline-ms":
        let text = try value()
        guard let milliseconds = Int(text), (1...600_000).contains(milliseconds) else {
          throw UsageError(
            message: "--deadline-ms must be a whole number from 1 to 600000, got \"\(text)\"")
        }
        options.deadline = .milliseconds(milliseconds)
      case "--json":
        try noValue()
        options.json = true
      case "--verbose":
        try noValue()
        options.verbose = true
      case "--no-color":
        try noValue()
        options.noColor = true
      default:
        if flag.hasPrefix("-") { throw UsageError(message: "unknown option \(flag)") }
        throw UsageError(message: "unexpected argument \"\(argument)\"")
      }
    }

    if listScenarios { return .listScenarios }
    switch (scenarioName, scenarioFile) {
    case (.some, .some):
      throw UsageError(message: "use either --scenario or --scenario-file, not both")
    case (.some(let name), nil): options.scenario = .builtIn(name)
    case (nil, .some(let path)): options.scenario = .file(path)
    case (nil, nil): break
    }
    return .show(options)
  }

  /// "--flag=value" into ("--flag", "value"); anything else into (argument, nil).
  private static func split(_ argument: String) -> (String, String?) {
    guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else {
      return (argument, nil)
    }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }
}
