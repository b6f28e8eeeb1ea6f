// swift-tools-version: 6.0
import PackageDescription

// Four layers, dependencies pointing inward:
//   CLI -> Presentation -> Domain <- DataLayer <- URLSessionBackend
// The Data layer's module is called DataLayer: a module named `Data` would shadow
// Foundation's `Data` type in every file that imports it.
let package = Package(
  name: "PaymentMethods",
  defaultLocalization: "en",
  // Domain, Data and Presentation compile unchanged in an iOS app; these are the
  // oldest systems with Observation and Clock.
  platforms: [.macOS(.v14), .iOS(.v17)],
  products: [
    // What an app links: the four layers below the terminal (docs/IOS.md).
    .library(
      name: "PaymentMethodsLayers",
      targets: ["Domain", "DataLayer", "URLSessionBackend", "Presentation"]),
    .executable(name: "payment-methods", targets: ["PaymentMethods"]),
    .executable(name: "payment-methods-http", targets: ["PaymentMethodsHTTP"]),
    .executable(name: "payment-methods-bench", targets: ["Benchmark"]),
  ],
  targets: [
    .target(name: "Domain", path: "Sources/Domain"),
    .target(
      name: "DataLayer", dependencies: ["Domain"], path: "Sources/Data"),
    // The Data layer's HTTP transport, a module of its own: on Linux, URLSession is
    // FoundationNetworking, which loads libcurl into every process that links it.
    .target(name: "URLSessionBackend", dependencies: ["DataLayer"]),
    // The scripted backend the demo plays, and the scenario-file reader: a module of its
    // own so that `import DataLayer` in an app brings no test fixture along.
    .target(name: "DemoBackend", dependencies: ["Domain", "DataLayer"]),
    // The words a person sees are the layer's resources, one `.strings` table per language,
    // read through Foundation as an app reads them (see Phrasebook).
    .target(
      name: "Presentation", dependencies: ["Domain"], path: "Sources/Presentation",
      resources: [.process("Resources")]),
    // The composition root and the terminal views, shared by the two programs below.
    // Its own words (the keys, the help) are resources too, as the Presentation layer's.
    // Both layers' English tables are also compiled in (English/ links to them), so that a
    // program copied without its resource bundles still shows every word, in English
    // (see ResourceBundles).
    .target(
      name: "CLI", dependencies: ["Domain", "DataLayer", "DemoBackend", "Presentation"],
      resources: [
        .process("Resources"), .embedInCode("English/Terminal.strings"),
        .embedInCode("English/Presentation.strings"),
      ]),
    // `payment-methods`: every run but `--backend-url` ones, which it hands to the program
    // below, so that its own runs never load the HTTP stack. (Not a dependency: SwiftPM
    // would link what that program links into this one.) `swift build` builds both.
    .executableTarget(
      name: "PaymentMethods", dependencies: ["CLI"], path: "Sources/payment-methods"),
    // `payment-methods-http`: the same program, with URLSession linked in.
    .executableTarget(
      name: "PaymentMethodsHTTP", dependencies: ["CLI", "URLSessionBackend"],
      path: "Sources/payment-methods-http"),
    // What the layers cost, next to their floors: `swift run -c release payment-methods-bench`.
    // Everything about the benchmark lives in Benchmarks/ (see its README).
    .executableTarget(
      name: "Benchmark", dependencies: ["CLI", "Domain", "DataLayer", "Presentation"],
      path: "Benchmarks/Benchmark"),
    // Clocks, spies and barriers shared by the test targets; never linked into the app.
    .target(name: "TestSupport", dependencies: ["Domain"], path: "Tests/TestSupport"),
    .testTarget(name: "DomainTests", dependencies: ["Domain", "TestSupport"]),
    .testTarget(
      name: "DataTests",
      dependencies: ["DataLayer", "Domain", "TestSupport", "URLSessionBackend"]),
    .testTarget(
      name: "PresentationTests", dependencies: ["Presentation", "Domain", "TestSupport"]),
    // The workshop's stub backend, tested apart from the lesson: its built-in scenarios and
    // the scenario files it reads.
    .testTarget(
      name: "DemoBackendTests",
      dependencies: ["DataLayer", "DemoBackend", "Domain", "TestSupport"]),
    // The code docs/IOS.md shows an app writing, compiled and run here.
    .testTarget(
      name: "AppSnippetsTests",
      dependencies: ["DataLayer", "Domain", "Presentation", "TestSupport", "URLSessionBackend"]),
    .testTarget(
      name: "CLITests",
      dependencies: [
        "CLI", "DataLayer", "DemoBackend", "Domain", "Presentation", "TestSupport",
        "URLSessionBackend",
      ],
      // Read from the source tree (see GoldenFile), so that re-recording writes them there.
      exclude: ["Golden"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
