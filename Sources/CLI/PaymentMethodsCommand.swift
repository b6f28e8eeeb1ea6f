import DataLayer
import Foundation

/// The `payment-methods` executable.
@main
enum PaymentMethodsCommand {
  static func main() async {
    let environment = ProcessInfo.processInfo.environment
    let runner = CommandRunner(
      console: StandardConsole(),
      terminal: { noColor in Terminal.current(noColorFlag: noColor, environment: environment) },
      environment: BackendClient.Environment()
    )
    let exitCode = await runner.run(Array(CommandLine.arguments.dropFirst()))
    exit(exitCode.rawValue)
  }
}
