import DemoBackend
import Domain
import Foundation

/// What a run that shows a screen, adds a card or changes one was asked for, as
/// `Command.parse` read it from the flags: where the backend is, which screen, how long each
/// source may take, and how the outcome is printed.
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
    /// `--saved-list`: the local copy on this device when the run starts, which a scenario
    /// seeds itself; nil leaves the store as it is.
    var localCopy: LocalCopySeed?
  }

  var scenario: ScenarioChoice = .builtIn(BuiltInScenarios.defaultName)
  /// When set, the app talks to this server and `scenario` is not used.
  var server: Server?
  var screen: Screen = .paymentMethods
  var deadline: Duration = PaymentMethodsUseCase.defaultDeadline
  /// `--approval-budget-ms`: how long a card waits for its bank's approval; nil for the
  /// backend's (the demo's for a scenario, the app's for a server: `AppComposition`).
  var approvalBudget: Duration?
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
  /// `--cache-dir`: the folder of the local copy and the journal; nil for where the run
  /// keeps them by default (`Storage`).
  var cacheDirectory: String?
  /// `--no-cache`: nothing kept on the device: the local copy in memory, no journal.
  var noCache = false
}

/// A command line that cannot be run; the message says what to change.
struct UsageError: Error, Equatable {
  let message: String
}
