import Foundation
import Testing

/// The dependency rule, checked on the source: each layer imports only what it may.
@Suite("Architecture: dependencies point inward", .timeLimit(.minutes(1)))
struct ArchitectureTests {
  static let allowedImports: [String: Set<String>] = [
    "Domain": ["Foundation"],
    // FoundationNetworking is where Linux keeps URLSession (Darwin has it in Foundation).
    // Only the HTTP transport's module may import it, and only the program that links
    // that module: anything else that imported it would load libcurl into every run.
    "Data": ["Domain", "Foundation"],
    "URLSessionBackend": ["DataLayer", "Foundation", "FoundationNetworking"],
    "Presentation": ["Domain", "Foundation", "Observation"],
    // The scripted backend the demo plays: a stand-in for a server, never part of an app.
    "DemoBackend": ["DataLayer", "Domain", "Foundation"],
    "CLI": [
      "DataLayer", "DemoBackend", "Domain", "Presentation", "Foundation", "Glibc", "Darwin",
      "Dispatch", "Observation",
    ],
    // The benchmark: a program of its own that measures the layers and the renderer.
    "../Benchmarks/Benchmark": ["CLI", "DataLayer", "Domain", "Foundation", "Presentation"],
    "payment-methods": ["CLI"],
    "payment-methods-http": [
      "CLI", "Foundation", "FoundationNetworking", "URLSessionBackend",
    ],
  ]

  /// The Swift files of a layer's folder, without those of a module nested inside it.
  private func files(ofLayer layer: String) throws -> [String] {
    let folder = packageRoot.appendingPathComponent("Sources/\(layer)")
    let nested = Self.allowedImports.keys.compactMap { key -> String? in
      key.hasPrefix(layer + "/") ? String(key.dropFirst(layer.count + 1)) + "/" : nil
    }
    return try #require(FileManager.default.enumerator(atPath: folder.path))
      .compactMap { $0 as? String }
      .filter { file in file.hasSuffix(".swift") && !nested.contains { file.hasPrefix($0) } }
  }

  private func imports(ofLayer layer: String) throws -> [String: Set<String>] {
    let folder = packageRoot.appendingPathComponent("Sources/\(layer)")
    var result: [String: Set<String>] = [:]
    for file in try files(ofLayer: layer) {
      let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      let modules = text.split(separator: "\n").compactMap { line -> String? in
        let words = line.split(separator: " ")
        guard let index = words.firstIndex(of: "import"), index + 1 < words.count else {
          return nil
        }
        return String(words[index + 1])
      }
      result[file] = Set(modules)
    }
    return result
  }

  @Test(
    "each layer imports only the layers it may",
    arguments: [
      "Domain", "Data", "URLSessionBackend", "Presentation", "DemoBackend", "CLI",
      "../Benchmarks/Benchmark", "payment-methods", "payment-methods-http",
    ])
  func layerImports(layer: String) throws {
    let allowed = try #require(Self.allowedImports[layer])
    let found = try imports(ofLayer: layer)

    #expect(!found.isEmpty)
    for (file, modules) in found {
      #expect(
        modules.isSubset(of: allowed), "\(layer)/\(file) imports \(modules.subtracting(allowed))")
    }
  }

  @Test(
    "only the CLI prints",
    arguments: ["Domain", "Data", "URLSessionBackend", "Presentation", "DemoBackend"])
  func noPrinting(layer: String) throws {
    let folder = packageRoot.appendingPathComponent("Sources/\(layer)")
    for file in try files(ofLayer: layer) {
      let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      #expect(!text.contains("print("), "\(layer)/\(file) prints")
      #expect(!text.contains("FileHandle.standard"), "\(layer)/\(file) writes to the terminal")
    }
  }

  @Test(
    "no write in Sources can trap: output goes through write(2), never FileHandle or try!",
    arguments: ["Domain", "Data", "URLSessionBackend", "Presentation", "DemoBackend", "CLI"])
  func noTrappingWrites(layer: String) throws {
    let folder = packageRoot.appendingPathComponent("Sources/\(layer)")
    for file in try files(ofLayer: layer) {
      let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      #expect(!text.contains("FileHandle"), "\(layer)/\(file) uses FileHandle")
      #expect(!text.contains("try!"), "\(layer)/\(file) uses try!")
    }
  }

  @Test(
    "every file in Sources fits in a reader's hand: 300 lines at most",
    arguments: ["Domain", "Data", "URLSessionBackend", "Presentation", "DemoBackend", "CLI"])
  func smallFiles(layer: String) throws {
    let folder = packageRoot.appendingPathComponent("Sources/\(layer)")
    for file in try files(ofLayer: layer) {
      let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
      #expect(lines <= 300, "\(layer)/\(file) has \(lines) lines")
    }
  }

  @Test("whether a method may be the default is asked in one place: its use case, per tap")
  func defaultRuleAskedOnce() throws {
    var asking: [String] = []
    for layer in ["Domain", "Data", "URLSessionBackend", "Presentation", "DemoBackend", "CLI"] {
      let folder = packageRoot.appendingPathComponent("Sources/\(layer)")
      for file in try files(ofLayer: layer) {
        let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        let code = GlossaryTests.code(text)
        if code.contains(".asNewDefault") { asking.append("\(layer)/\(file)") }
      }
    }

    #expect(asking == ["Domain/ManageCards/ManageCardsUseCases.swift"])
  }

  @Test(
    "the lesson's layers hold no @unchecked Sendable: the compiler checks every shared type",
    arguments: ["Domain", "Data", "URLSessionBackend", "Presentation"])
  func checkedSendable(layer: String) throws {
    let folder = packageRoot.appendingPathComponent("Sources/\(layer)")
    for file in try files(ofLayer: layer) {
      let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      #expect(!text.contains("@unchecked"), "\(layer)/\(file) has @unchecked")
    }
  }

  /// The lesson's text, file by file, for the tests below.
  private func texts(ofLayer layer: String) throws -> [(file: String, text: String)] {
    let folder = packageRoot.appendingPathComponent("Sources/\(layer)")
    return try files(ofLayer: layer).map { file in
      (file, try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8))
    }
  }

  @Test(
    "the lesson holds no hand-written digest: naming tokens on a disk is the terminal's",
    arguments: ["Domain", "Data", "URLSessionBackend", "Presentation"])
  func noDigest(layer: String) throws {
    for (file, text) in try texts(ofLayer: layer) {
      let digits = text.replacingOccurrences(of: "_", with: "").lowercased()
      let named = text.contains("SHA256")
      // SHA-256's first hash value and first round constant (FIPS 180-4).
      let constants = digits.contains("0x6a09e667") || digits.contains("0x428a2f98")
      #expect(!named, "\(layer)/\(file) names a SHA-256")
      #expect(!constants, "\(layer)/\(file) has SHA-256's constants")
    }
  }

  @Test("Presentation reads its words from bundles only: no table of words in its code")
  func noWordTable() throws {
    // A phrase key ("journey.signIn.button") given its words in a dictionary literal.
    let wordPair = #/[\[,]\s*"[a-z]+(\.[A-Za-z0-9]+)+"\s*:\s*"/#
    for (file, text) in try texts(ofLayer: "Presentation") {
      let englishSource = text.contains("case english") || text.contains(".english(")
      let wordsInCode = text.contains(wordPair)
      #expect(!englishSource, "Presentation/\(file) has an English source")
      #expect(!wordsInCode, "Presentation/\(file) has words in code")
    }
  }
}
