import Foundation
import Testing

/// docs/IOS.md shows the code of Tests/AppSnippetsTests, which compiles and runs it: each
/// Swift block there is a snippet of that target, word for word, unless its first line says
/// it is not compiled (SwiftUI, os.Logger). Checked here, beside the other documents' tests:
/// the document is not part of the layers an app copies with their tests.
@Suite("docs/IOS.md: its code is the AppSnippetsTests target's code", .timeLimit(.minutes(1)))
struct DocSnippetTests {
  private static let folder = packageRoot.appendingPathComponent("Tests/AppSnippetsTests")

  /// The blocks between "// snippet: name" and "// end snippet" in that target's files.
  private static func snippets() throws -> [String: String] {
    var found: [String: String] = [:]
    for file in try FileManager.default.contentsOfDirectory(atPath: folder.path)
    where file.hasSuffix(".swift") {
      let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      for match in text.matches(of: /\/\/ snippet: (\w+)\n((?s).*?)\/\/ end snippet\n/) {
        found[String(match.1)] = String(match.2).trimmingCharacters(in: .newlines)
      }
    }
    return found
  }

  /// The Swift blocks of docs/IOS.md.
  private static func documentBlocks() throws -> [String] {
    let text = try document("docs/IOS.md")
    return text.matches(of: /```swift\n((?s).*?)```/).map {
      String($0.1).trimmingCharacters(in: .newlines)
    }
  }

  @Test("every compiled block of the document is a snippet here, and every snippet is shown")
  func blocksAreSnippets() throws {
    let snippets = try Self.snippets()
    let compiled = try Self.documentBlocks().filter { !$0.hasPrefix("// Not compiled here") }

    #expect(snippets.count >= 3)
    for block in compiled {
      #expect(snippets.values.contains(block), "a block of docs/IOS.md is no snippet:\n\(block)")
    }
    for (name, snippet) in snippets {
      #expect(compiled.contains(snippet), "snippet \(name) is not in docs/IOS.md")
    }
  }
}
