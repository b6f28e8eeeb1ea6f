// swift-tools-version: 6.0
import PackageDescription

// Four layers, dependencies pointing inward:
//   CLI -> Presentation -> Domain <- DataLayer
// The Data layer's module is called DataLayer: a module named `Data` would shadow
// Foundation's `Data` type in every file that imports it.
let package = Package(
  name: "PaymentMethods",
  // Domain, Data and Presentation compile unchanged in an iOS app; these are the
  // oldest systems with Observation and Clock.
  platforms: [.macOS(.v14), .iOS(.v17)],
  products: [
    .executable(name: "payment-methods", targets: ["CLI"]),
    .executable(name: "payment-methods-bench", targets: ["Benchmark"]),
  ],
  targets: [
    .target(name: "Domain", path: "Sources/Domain"),
    .target(name: "DataLayer", dependencies: ["Domain"], path: "Sources/Data"),
    // The scripted backend the demo plays, and the scenario-file reader: a module of its
    // own so that `import DataLayer` in an app brings no test fixture along.
    .target(
      name: "DemoBackend", dependencies: ["Domain", "DataLayer"], path: "Sources/CLI/DemoBackend"),
    .target(name: "Presentation", dependencies: ["Domain"], path: "Sources/Presentation"),
    .executableTarget(
      name: "CLI",
      dependencies: ["Domain", "DataLayer", "DemoBackend", "Presentation"],
      path: "Sources/CLI",
      exclude: ["DemoBackend", "Benchmark"]
    ),
    // What the layers cost, next to their floors: `swift run -c release payment-methods-bench`.
    // It lives under CLI because it is a program of its own, like the CLI, and never part
    // of an app.
    .executableTarget(
      name: "Benchmark", dependencies: ["Domain", "DataLayer", "Presentation"],
      path: "Sources/CLI/Benchmark"),
    // Clocks, spies and barriers shared by the test targets; never linked into the app.
    .target(name: "TestSupport", dependencies: ["Domain"], path: "Tests/TestSupport"),
    .testTarget(name: "DomainTests", dependencies: ["Domain", "TestSupport"]),
    .testTarget(
      name: "DataTests", dependencies: ["DataLayer", "DemoBackend", "Domain", "TestSupport"]),
    .testTarget(
      name: "PresentationTests", dependencies: ["Presentation", "Domain", "TestSupport"]),
    .testTarget(
      name: "CLITests",
      dependencies: [
        "CLI", "DataLayer", "DemoBackend", "Domain", "Presentation", "TestSupport",
      ],
      // Read from the source tree (see GoldenFile), so that re-recording writes them there.
      exclude: ["Golden"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
