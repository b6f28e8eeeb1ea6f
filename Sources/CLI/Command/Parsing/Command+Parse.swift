import DemoBackend
import Domain
import Foundation

/// Reading the command line: each flag is checked as it comes, then how the flags
/// combine, so that every line that cannot run is refused with what to change.
extension Command {
  /// Every option there is, for "did you mean" and for refusing repeats.
  private static let knownFlags = [
    "--scenario", "--scenario-file", "--list-scenarios", "--screen", "--deadline-ms", "--json",
    "--verbose", "--no-color", "--version", "--help", "--once", "--log-file", "--number",
    "--expiry", "--cvc", "--name", "--backend-url", "--apple-pay", "--export-scenario",
    "--locale", "--accessible", "--id", "--wallet", "--approval-budget-ms", "--cache-dir",
    "--no-cache", "--saved-list",
  ]

  /// The flags of `add-card` alone, one per field of the form.
  private static let cardFlags: [String: CardField] = [
    "--number": .number, "--expiry": .expiry, "--cvc": .securityCode, "--name": .name,
  ]

  /// The commands that change a saved method.
  private static let changeCommands: Set = ["remove-card", "set-default", "update-card"]

  /// The flags only some commands take: those commands, in the order the usage lists them,
  /// and a line that uses the flag, for the message when it is given elsewhere.
  private static let commandFlags: [String: (commands: [String], example: String)] = [
    "--id": (
      ["remove-card", "set-default", "update-card"], "payment-methods remove-card --id card-1"
    ),
    "--wallet": (["set-default"], "payment-methods set-default --wallet"),
    "--number": (["add-card"], "payment-methods add-card --number …"),
    "--expiry": (
      ["add-card", "update-card"], "payment-methods update-card --id card-1 --expiry 01/30"
    ),
    "--cvc": (["add-card"], "payment-methods add-card --cvc …"),
    "--name": (["add-card"], "payment-methods add-card --name …"),
  ]

  /// What a word that is no command nor flag was meant to be: the nearest command
  /// (`remove-cards`: `remove-card`), or the flag it names without its dashes (`help`:
  /// `--help`).
  private static func commandSuggestion(for word: String) -> String? {
    let commands = ["add-card"] + changeCommands.sorted()
    if let command = SpellingSuggestion.nearest(to: word, among: commands) { return command }
    return SpellingSuggestion.nearest(to: "--" + word, among: knownFlags)
  }

  /// Refuses `flag` unless `command` takes it, naming every command that does.
  private static func check(_ flag: String, givenTo command: String?) throws(UsageError) {
    guard let takers = commandFlags[flag], !takers.commands.contains(command ?? "") else {
      return
    }
    var names = takers.commands.joined(separator: ", ")
    if takers.commands.count > 1, let last = takers.commands.last {
      names = takers.commands.dropLast().joined(separator: ", ") + " and " + last
    }
    throw UsageError(message: "\(flag) belongs to \(names): \(takers.example)")
  }

  /// The flags that mean nothing to `add-card` and the changes.
  private static let screenOnlyFlags: Set = ["--screen", "--list-scenarios", "--once"]

  /// The options that choose what to show, which `--list-scenarios` does not combine with.
  private static let showingFlags: Set = [
    "--scenario", "--scenario-file", "--screen", "--deadline-ms", "--json", "--backend-url",
    "--apple-pay", "--approval-budget-ms", "--cache-dir", "--no-cache", "--saved-list",
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
    var localCopy: LocalCopySeed?
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
          if argument == "add-card" || changeCommands.contains(argument) {
            throw UsageError(
              message: "unexpected argument \"\(argument)\": a command comes first, "
                + "payment-methods \(argument) …")
          }
          throw UsageError(
            message: "unexpected argument \"\(argument)\""
              + (commandSuggestion(for: argument).map { "; did you mean \($0)?" } ?? ""))
        }
        let suggestion = SpellingSuggestion.nearest(to: flag, among: knownFlags)
        throw UsageError(
          message: "unknown option \(flag)" + (suggestion.map { "; did you mean \($0)?" } ?? ""))
      }
      guard !given.contains(flag) else {
        throw UsageError(message: "\(flag) is given twice; give it once")
      }
      given.append(flag)
      try check(flag, givenTo: addsCard ? "add-card" : change)
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
      case "--approval-budget-ms":
        let text = try value()
        guard let milliseconds = Int(text), (1...600_000).contains(milliseconds) else {
          throw UsageError(
            message:
              "--approval-budget-ms must be a whole number from 1 to 600000, got \"\(text)\"")
        }
        options.approvalBudget = .milliseconds(milliseconds)
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
      case "--cache-dir":
        options.cacheDirectory = try value()
      case "--no-cache":
        try noValue()
        options.noCache = true
      case "--saved-list":
        localCopy = try Self.localCopy(try value())
      case "--export-scenario":
        export = try value()
      case "--id":
        id = try value()
      case "--wallet":
        try noValue()
        id = "wallet"
      case "--expiry" where change == "update-card":
        form.expiry = try value()
      case _ where cardFlags[flag] != nil:
        guard let field = cardFlags[flag] else { break }
        form[field] = try value()
      default:
        // --help or --version with a value: either alone has returned above.
        try noValue()
      }
    }

    // One rule for add-card and the changes: none of them draws a screen.
    if let subcommand = change ?? (addsCard ? "add-card" : nil),
      let other = given.first(where: screenOnlyFlags.contains)
    {
      throw UsageError(message: "\(subcommand) does not take \(other)")
    }
    if let change {
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
    if localCopy != nil, backendURL == nil {
      throw UsageError(
        message: "--saved-list goes with --backend-url; a scenario seeds the local copy itself")
    }
    if options.noCache, options.cacheDirectory != nil {
      throw UsageError(message: "use either --cache-dir or --no-cache, not both")
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
      options.server = CommandLineOptions.Server(
        url: url, applePay: applePay ?? .available, localCopy: localCopy)
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
}
