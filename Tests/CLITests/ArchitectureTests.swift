import Foundation
import Testing

/// The dependency rule, checked on the source: each layer imports only what it may.
@Suite("Architecture: dependencies point inward")
struct ArchitectureTests {
  static let allowedImports: [String: Set<String>] = [
    "Domain": ["Foundation"],
    "Data": ["Domain", "Foundation"],
    "Presentation": ["Domain", "Foundation", "Observation"],
    "CLI": ["DataLayer", "Domain", "Presentation", "Foundation", "Glibc", "Darwin"],
  ]

  private func imports(ofLayer layer: String) throws -> [String: Set<String>] {
    let folder = packageRoot.appendingPathComponent("Sources/\(layer)")
    let files = try #require(FileManager.default.enumerator(atPath: folder.path))
      .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
    var result: [String: Set<String>] = [:]
    for file in files {
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
    arguments: ["Domain", "Data", "Presentation", "CLI"])
  func layerImports(layer: String) throws {
    let allowed = try #require(Self.allowedImports[layer])
    let found = try imports(ofLayer: layer)

    #expect(!found.isEmpty)
    for (file, modules) in found {
      #expect(
        modules.isSubset(of: allowed), "\(layer)/\(file) imports \(modules.subtracting(allowed))")
    }
  }

  @Test("only the CLI prints", arguments: ["Domain", "Data", "Presentation"])
  func noPrinting(layer: String) throws {
    let folder = packageRoot.appendingPathComponent("Sources/\(layer)")
    let files = try #require(FileManager.default.enumerator(atPath: folder.path))
      .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }

    for file in files {
      let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      #expect(!text.contains("print("), "\(layer)/\(file) prints")
      #expect(!text.contains("FileHandle.standard"), "\(layer)/\(file) writes to the terminal")
    }
  }
}
