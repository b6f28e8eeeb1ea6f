import Foundation

/// `payment-methods-bench [--json]`: measures what the layers cost, each figure next to its
/// floor measured in the same run, and says PASS or MISS for each goal. It only reports:
/// speed is judged here, never by a test, and the exit code is 0 whatever the figures.
@main
struct BenchmarkCommand {
  static func main() async {
    let arguments = Array(CommandLine.arguments.dropFirst())
    guard arguments.allSatisfy({ $0 == "--json" }) else {
      print("usage: payment-methods-bench [--json]")
      exit(64)
    }
    let json = arguments.contains("--json")
    let report = BenchmarkReport(json: json)

    report.begin()
    report.add(await Throughput.figures())
    report.add(await Rendering.figures())
    report.add(await Deadlines.figures())
    report.add(await Scaling.figures())
    report.add(await Finishing.figures())
    report.add(RetryStorm.figures())
    report.add(await SingleFlight.figures())
    switch CLIProcess.figures() {
    case .success(let figures): report.add(figures)
    case .failure(let failure): report.skip("CLI process", because: failure.reason)
    }
    report.end()
  }
}
