import Foundation

/// The `payment-methods` process with sources that answer at once, next to a minimal Swift
/// program that imports Foundation and prints one JSON value, and to a program that does only
/// the platform work of showing the screen (`Benchmarks/PlatformFloor.swift`). All are built
/// and timed by `Benchmarks/measure-cli-process.sh` with public tools (`swiftc`, `python3`
/// for the wall times, `/usr/bin/time -v` for peak memory).
enum CLIProcess {
  static let script = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("measure-cli-process.sh")

  /// The figures, or why there are none (the CLI not built next to the benchmark, say).
  static func figures() -> Result<[Figure], ProcessFailure> {
    guard let folder = Bundle.main.executableURL?.deletingLastPathComponent() else {
      return .failure(ProcessFailure(reason: "cannot find the benchmark's own folder"))
    }
    let cli = folder.appendingPathComponent("payment-methods")
    guard FileManager.default.isExecutableFile(atPath: cli.path) else {
      return .failure(
        ProcessFailure(
          reason: "\(cli.path) is not built; run `swift build -c release` first"))
    }
    let output: String
    switch run("/bin/bash", [script.path, cli.path]) {
    case .success(let text): output = text
    case .failure(let failure): return .failure(failure)
    }
    let numbers = output.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
    guard numbers.count == 6 else {
      return .failure(ProcessFailure(reason: "unexpected output from the script: \(output)"))
    }
    return .success([
      Figure(
        section: "CLI process", name: "first frame (start to exit)", value: numbers[0],
        unit: "ms", floorName: "minimal Foundation program", floor: numbers[2],
        goal: .atMost(1.2)),
      Figure(
        section: "CLI process", name: "peak memory", value: numbers[1] / 1024, unit: "MiB",
        floorName: "minimal Foundation program", floor: numbers[3] / 1024, goal: .atMost(1.5)),
      Figure(
        section: "CLI process", name: "first frame (start to exit)", value: numbers[0],
        unit: "ms", floorName: "payment-methods --version", floor: numbers[4], goal: .none),
      // The app's own share: the same run over the platform work any such program does.
      Figure(
        section: "CLI process", name: "first frame (start to exit)", value: numbers[0],
        unit: "ms", floorName: "platform work alone", floor: numbers[5],
        goal: .none),
      // What the platform costs any program that shows the screen: about 1.2 here (1.15 to
      // 1.32 across runs), which leaves the app's own code little or no room under the goal.
      Figure(
        section: "CLI process", name: "platform work alone", value: numbers[5], unit: "ms",
        floorName: "minimal Foundation program", floor: numbers[2], goal: .none),
    ])
  }

  struct ProcessFailure: Error {
    let reason: String
  }

  private static func run(_ executable: String, _ arguments: [String]) -> Result<
    String, ProcessFailure
  > {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    do {
      try process.run()
    } catch {
      return .failure(ProcessFailure(reason: "cannot run \(executable): \(error)"))
    }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      return .failure(ProcessFailure(reason: "the script failed (\(process.terminationStatus))"))
    }
    return .success(String(decoding: data, as: UTF8.self))
  }
}
