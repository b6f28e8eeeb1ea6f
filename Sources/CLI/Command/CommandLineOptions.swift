import DataLayer
import DemoBackend
import Domain
import Foundation

/// What the user asked for on the command line.
enum Command: Equatable {
  case help
  case version
  case listScenarios
  /// `--export-scenario`: print the script a scenario plays, for `scripts/scenario-server`.
  case exportScenario(CommandLineOptions.ScenarioChoice)
  case show(CommandLineOptions)
  /// `add-card`: submit the card the flags describe, once, and print how it ended.
  case addCard(CommandLineOptions, CardForm)
  /// `remove-card`, `set-default`, `update-card`: one change to a saved method, once.
  case changeCard(CommandLineOptions, CardChange)
}

/// A change to a saved method that a command asks for, by the method's id as `--json`
/// prints it ("card-1", "wallet").
enum CardChange: Equatable {
  case remove(id: String)
  case setDefault(id: String)
  case updateExpiry(id: String, expiry: String)

  /// The command's name: "remove-card".
  var command: String {
    switch self {
    case .remove: "remove-card"
    case .setDefault: "set-default"
    case .updateExpiry: "update-card"
    }
  }

  var id: String {
    switch self {
    case .remove(let id), .setDefault(let id), .updateExpiry(let id, _): id
    }
  }
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

  /// `--backend-url`: a server over HTTP plays whatever it plays; only the Apple Pay
  /// device, which is this machine's, stays in process.
  struct Server: Equatable {
    var url: URL
    var applePay: ApplePayOutcome
  }

  var scenario: ScenarioChoice = .builtIn(BuiltInScenarios.defaultName)
  /// When set, the app talks to this server and `scenario` is not used.
  var server: Server?
  var screen: Screen = .paymentMethods
  var deadline: Duration = PaymentMethodsUseCase.defaultDeadline
  var json = false
  var verbose = false
  var noColor = false
  /// Render once and exit, even on a terminal.
  var once = false
  /// Where the developer log is also written, in every mode.
  var logFile: String?
  /// `--locale`: the user's locale, overriding the environment's (see `UserLocale`).
  var locale: String?
  /// `--accessible`: a plain screen, line by line, for screen readers.
  var accessible = false
}

/// A command line that cannot be run; the message says what to change.
struct UsageError: Error, Equatable {
  let message: String
}

extension Command {
  /// Whether the command talks to a server (`--backend-url`).
  var usesServer: Bool {
    switch self {
    case .show(let options), .addCard(let options, _), .changeCard(let options, _):
      options.server != nil
    case .help, .version, .listScenarios, .exportScenario: false
    }
  }

  static let versionLine = "payment-methods 1.0.0"

  static let usage = """
    Usage: payment-methods [options]
           payment-methods add-card --number N --expiry MM/YY --cvc C --name NAME [options]
           payment-methods remove-card --id ID [options]
           payment-methods set-default (--id ID | --wallet) [options]
           payment-methods update-card --id ID --expiry MM/YY [options]

    Shows the payment-method selection screen under a scenario played by a stub backend,
    or against a real server (--backend-url).
    On a terminal (stdin and stdout both) the screen stays open: press ? for its keys.
    Piped, or with --json or --once, it renders once and exits.

    Options:
      --scenario NAME         a built-in scenario (default: all-available)
      --scenario-file PATH    a scenario read from a JSON file of at most 1 MiB (format in
                              the README); - reads it from standard input
      --backend-url URL       talk to a real server over HTTP instead, such as one
                              scripts/scenario-server runs (docs/HTTP.md); the tokens come
                              from PAYMENTS_ACCESS_TOKEN and PAYMENTS_REFRESH_TOKEN if set;
                              runs in payment-methods-http (built beside payment-methods)
      --apple-pay OUTCOME     with --backend-url: what this device says of Apple Pay,
                              available (default), needsSetup, notAvailable, unexpected or
                              interrupted
      --export-scenario NAME|PATH
                              print the script a scenario plays, request by request, as
                              JSON for scripts/scenario-server, and exit (a script, not a
                              scenario file: --scenario-file does not read it)
      --list-scenarios        list the built-in scenarios and exit
      --screen SCREEN         payment-methods (default) or wallet
      --deadline-ms N         how long each source may take, 1 to 600000 (default: 3000)
      --json                  print the final state as one JSON object
      --verbose               print the developer log on stderr
      --log-file PATH         also write the developer log to PATH (in every mode)
      --once                  render once and exit, even on a terminal
      --no-color              never colour the output (NO_COLOR=1 does the same)
      --locale ID             the language of the screens' words and the format of their
                              amounts, such as de_DE (default: LC_ALL, LC_MESSAGES or LANG;
                              English where there is no translation)
      --accessible            a plain screen for screen readers: no box, colour or redraw,
                              each change printed as new lines (ACCESSIBLE=1 does the same)
      --version               print the version and exit
      --help                  show this help

    add-card adds the card its four flags describe and prints the saved card, each field's
    problems, or the error; it takes --scenario, --scenario-file, --backend-url, --json,
    --verbose, --log-file, --no-color, --locale and --accessible as the screens do.
    remove-card, set-default and update-card change one saved method, named by the id
    --json prints for it (card-1, wallet), and print how it ended; they take the same
    options as add-card.

    Each option may be given once; values follow a space or "=".

    Exit codes:
      0    loaded, or the empty state
      1    any other error state (an outdated app; for add-card and update-card, a card
           the issuer declined; the last way to pay kept; Apple Pay as the default)
      64   bad flags or an unknown scenario
      65   a scenario file that is not valid, is empty or is over 1 MiB; for add-card, a
           card whose fields have problems; for the changes, an expiry with problems, or
           an id no method has (the ones there are are printed)
      66   a scenario file that cannot be read
      69   service unavailable after the retries; or payment-methods-http, which runs
           --backend-url, is missing
      70   an unexpected error (a bug)
      73   the log file cannot be created
      74   the output could not be written
      75   a temporary failure: try again
      77   sign in again, or act on the account
      78   PAYMENTS_ACCESS_TOKEN or PAYMENTS_REFRESH_TOKEN is not a usable token
      129  the terminal went away (SIGHUP) while the screen was open
      130  interrupted (Ctrl-C, SIGINT) while loading
      141  the reader of the output went away (a broken pipe)
      143  terminated (SIGTERM) while loading
    """

  /// Every option there is, for "did you mean" and for refusing repeats.
  private static let knownFlags = [
    "--scenario", "--scenario-file", "--list-scenarios", "--screen", "--deadline-ms", "--json",
    "--verbose", "--no-color", "--version", "--help", "--once", "--log-file", "--number",
    "--expiry", "--cvc", "--name", "--backend-url", "--apple-pay", "--export-scenario",
    "--locale", "--accessible", "--id", "--wallet",
  ]

  /// The flags of `add-card` alone, one per field of the form.
  private static let cardFlags: [String: CardField] = [
    "--number": .number, "--expiry": .expiry, "--cvc": .securityCode, "--name": .name,
  ]

  /// The commands that change a saved method.
  private static let changeCommands: Set = ["remove-card", "set-default", "update-card"]

  /// The flags that mean nothing to `add-card` and the changes.
  private static let screenOnlyFlags: Set = ["--screen", "--list-scenarios", "--once"]

  /// The options that choose what to show, which `--list-scenarios` does not combine with.
  private static let showingFlags: Set = [
    "--scenario", "--scenario-file", "--screen", "--deadline-ms", "--json", "--backend-url",
    "--apple-pay",
  ]

  /// Reads the arguments (without the program name). `--help`, then `--version`, win over
  /// everything else, so that they work whatever else the line holds.
  static func parse(_ arguments: [String]) throws(UsageError) -> Command {
    if arguments.contains("--help") || arguments.contains("-h") { return .help }
    if arguments.contains("--version") { return .version }

    var options = CommandLineOptions()
    var listScenarios = false
    var scenarioName: String?
    var scenarioFile: String?
    var backendURL: URL?
    var applePay: ApplePayOutcome?
    var export: String?
    var given: [String] = []
    var remaining = arguments[...]
    let addsCard = remaining.first == "add-card"
    let change = remaining.first.flatMap { changeCommands.contains($0) ? $0 : nil }
    if addsCard || change != nil { remaining = remaining.dropFirst() }
    var form = CardForm()
    var id: String?

    while let argument = remaining.popFirst() {
      let (flag, inlineValue) = split(argument)
      guard knownFlags.contains(flag) else {
        guard flag.hasPrefix("-") else {
          throw UsageError(message: "unexpected argument \"\(argument)\"")
        }
        let suggestion = SpellingSuggestion.nearest(to: flag, among: knownFlags)
        throw UsageError(
          message: "unknown option \(flag)" + (suggestion.map { "; did you mean \($0)?" } ?? ""))
      }
      guard !given.contains(flag) else {
        throw UsageError(message: "\(flag) is given twice; give it once")
      }
      given.append(flag)
      func value() throws(UsageError) -> String {
        let value: String
        if let inlineValue {
          value = inlineValue
        } else {
          guard let next = remaining.popFirst(), !next.hasPrefix("--") else {
            throw UsageError(message: "\(flag) needs a value")
          }
          value = next
        }
        guard !value.isEmpty else {
          throw UsageError(message: "\(flag) needs a value, not an empty one")
        }
        return value
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
      case "--once":
        try noValue()
        options.once = true
      case "--log-file":
        options.logFile = try value()
      case "--locale":
        let name = try value()
        guard UserLocale.identifier(name) != nil else {
          throw UsageError(
            message: "--locale needs a locale name such as de_DE or en_US, got \"\(name)\"")
        }
        options.locale = name
      case "--accessible":
        try noValue()
        options.accessible = true
      case "--backend-url":
        backendURL = try Self.backendURL(try value())
      case "--apple-pay":
        let name = try value()
        guard let outcome = ApplePayOutcome(rawValue: name) else {
          let names = ApplePayOutcome.allCases.map(\.rawValue).joined(separator: ", ")
          throw UsageError(message: "unknown --apple-pay \"\(name)\"; choose one of: \(names)")
        }
        applePay = outcome
      case "--export-scenario":
        export = try value()
      case "--id":
        guard change != nil else {
          throw UsageError(
            message: "--id belongs to remove-card, set-default and update-card: "
              + "payment-methods remove-card --id card-1")
        }
        id = try value()
      case "--wallet":
        guard change == "set-default" else {
          throw UsageError(
            message: "--wallet belongs to set-default: payment-methods set-default --wallet")
        }
        try noValue()
        id = "wallet"
      case "--expiry" where change == "update-card":
        form.expiry = try value()
      case _ where cardFlags[flag] != nil:
        guard addsCard, let field = cardFlags[flag] else {
          throw UsageError(
            message: "\(flag) belongs to add-card: payment-methods add-card \(flag) …")
        }
        form[field] = try value()
      default:
        // --help or --version with a value: either alone has returned above.
        try noValue()
      }
    }

    if let change {
      if let other = given.first(where: screenOnlyFlags.contains) {
        throw UsageError(message: "\(change) does not take \(other)")
      }
      if given.contains("--id"), given.contains("--wallet") {
        throw UsageError(message: "set-default takes --id or --wallet, not both")
      }
      if change == "update-card", !given.contains("--expiry") {
        throw UsageError(message: "update-card needs --expiry")
      }
      guard id != nil else {
        throw UsageError(
          message: change == "set-default"
            ? "set-default needs --id or --wallet" : "\(change) needs --id")
      }
    }
    if addsCard {
      if let other = given.first(where: screenOnlyFlags.contains) {
        throw UsageError(message: "add-card does not take \(other)")
      }
      let missing = ["--number", "--expiry", "--cvc", "--name"].filter { !given.contains($0) }
      if !missing.isEmpty {
        throw UsageError(message: "add-card needs " + missing.joined(separator: ", "))
      }
    }
    if let export {
      if let other = given.first(where: { $0 != "--export-scenario" }) {
        throw UsageError(message: "--export-scenario cannot be combined with \(other)")
      }
      let looksLikeAPath = export == "-" || export.contains("/") || export.hasSuffix(".json")
      return .exportScenario(looksLikeAPath ? .file(export) : .builtIn(export))
    }
    if listScenarios {
      if let other = given.first(where: showingFlags.contains) {
        throw UsageError(message: "--list-scenarios cannot be combined with \(other)")
      }
      return .listScenarios
    }
    if applePay != nil, backendURL == nil {
      throw UsageError(
        message: "--apple-pay goes with --backend-url; a scenario sets Apple Pay itself")
    }
    switch (scenarioName, scenarioFile, backendURL) {
    case (.some, .some, _):
      throw UsageError(message: "use either --scenario or --scenario-file, not both")
    case (.some, nil, .some), (nil, .some, .some):
      throw UsageError(
        message: "--backend-url talks to a server, which plays its own scenario: start "
          + "scripts/scenario-server with the scenario instead of giving it here")
    case (.some(let name), nil, nil): options.scenario = .builtIn(name)
    case (nil, .some(let path), nil): options.scenario = .file(path)
    case (nil, nil, .some(let url)):
      options.server = CommandLineOptions.Server(url: url, applePay: applePay ?? .available)
    case (nil, nil, nil): break
    }
    switch (change, id) {
    case ("remove-card"?, let id?): return .changeCard(options, .remove(id: id))
    case ("set-default"?, let id?): return .changeCard(options, .setDefault(id: id))
    case ("update-card"?, let id?):
      return .changeCard(options, .updateExpiry(id: id, expiry: form.expiry))
    default: return addsCard ? .addCard(options, form) : .show(options)
    }
  }

  /// An http or https URL with a host, and nothing a base URL cannot have.
  private static func backendURL(_ text: String) throws(UsageError) -> URL {
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
  private static func split(_ argument: String) -> (String, String?) {
    guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else {
      return (argument, nil)
    }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }
}
