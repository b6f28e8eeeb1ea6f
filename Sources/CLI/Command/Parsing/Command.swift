import Domain

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

extension Command {
  /// Whether the command talks to a server (`--backend-url`).
  var usesServer: Bool {
    switch self {
    case .show(let options), .addCard(let options, _), .changeCard(let options, _):
      options.server != nil
    case .help, .version, .listScenarios, .exportScenario: false
    }
  }
}
