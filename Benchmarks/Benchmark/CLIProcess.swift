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

  /// Where the build a user ships is, when it was built (docs/PERFORMANCE.md, "Shipping"):
  /// `swift build -c release --static-swift-stdlib --product payment-methods
  /// --scratch-path .build-static`.
  static let staticBuild = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent(".build-static/release/payment-methods")

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
    let shipped = FileManager.default.isExecutableFile(atPath: staticBuild.path)
    let output: String
    switch run("/bin/bash", [script.path, cli.path, "21"] + (shipped ? [staticBuild.path] : [])) {
    case .success(let text): output = text
    case .failure(let failure): return .failure(failure)
    }
    let numbers = output.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
    guard numbers.count == (shipped ? 12 : 9) else {
      return .failure(ProcessFailure(reason: "unexpected output from the script: \(output)"))
    }
    let section = "CLI process"
    var figures = [
      // Against a program that shows no words: reported, not a goal. The difference is
      // mostly Foundation's localization (its bundle and tables), which any localized app
      // pays; the goals below hold the app to the platform work that shows the screen.
      Figure(
        section: section, name: "first frame (start to exit)", value: numbers[0],
        unit: "ms", floorName: "minimal Foundation program", floor: numbers[2], goal: .none),
      Figure(
        section: section, name: "peak memory", value: numbers[1] / 1024, unit: "MiB",
        floorName: "minimal Foundation program", floor: numbers[3] / 1024, goal: .none),
      Figure(
        section: section, name: "peak memory", value: numbers[1] / 1024, unit: "MiB",
        floorName: "platform work alone", floor: numbers[8] / 1024, goal: .atMost(1.5)),
      Figure(
        section: section, name: "first frame (start to exit)", value: numbers[0],
        unit: "ms", floorName: "payment-methods --version", floor: numbers[4], goal: .none),
      // The app's own share: the same run over the platform work any such program does, in
      // English and in German.
      Figure(
        section: section, name: "first frame (start to exit)", value: numbers[0],
        unit: "ms", floorName: "platform work alone", floor: numbers[5], goal: .atMost(1.35)),
      Figure(
        section: section, name: "first frame in German", value: numbers[6],
        unit: "ms", floorName: "platform work alone in German", floor: numbers[7],
        goal: .atMost(1.35)),
      // What the platform costs any program that shows the screen.
      Figure(
        section: section, name: "platform work alone", value: numbers[5], unit: "ms",
        floorName: "minimal Foundation program", floor: numbers[2], goal: .none),
    ]
    guard shipped else { return .success(figures) }
    // The build a user ships: the Swift runtime linked in, nothing left for the dynamic
    // loader to find at start.
    figures += [
      Figure(
        section: section, name: "first frame, static stdlib", value: numbers[9], unit: "ms",
        floorName: "first frame, shared stdlib", floor: numbers[0], goal: .none),
      Figure(
        section: section, name: "first frame, static stdlib", value: numbers[9], unit: "ms",
        floorName: "platform work alone, static stdlib", floor: numbers[11], goal: .none),
      Figure(
        section: section, name: "peak memory, static stdlib", value: numbers[10] / 1024,
        unit: "MiB", floorName: "peak memory, shared stdlib", floor: numbers[1] / 1024,
        goal: .none),
    ]
    return .success(figures)
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
