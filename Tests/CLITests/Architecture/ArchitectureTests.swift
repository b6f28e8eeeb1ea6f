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
}
