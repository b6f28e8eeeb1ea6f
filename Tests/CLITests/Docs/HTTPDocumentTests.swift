import DataLayer
import Foundation
import Testing
import URLSessionBackend

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// docs/HTTP.md against the HTTP transport's code: the document is not part of the layers an
/// app copies, so the layers' own tests never read it.
@Suite("docs/HTTP.md: the URLError table is the transport's", .timeLimit(.minutes(1)))
struct HTTPDocumentTests {
  @Test("docs/HTTP.md's table gives every code the transport error the backend gives it")
  func documentedTable() throws {
    let text = try document("docs/HTTP.md")
    let section = text.components(separatedBy: "## URLError").dropFirst().first ?? ""
    var documented: [Int: String] = [:]
    for row in section.split(separator: "\n") where row.hasPrefix("| `") {
      let cells = row.split(separator: "|", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      guard cells.count > 4 else { continue }
      // "`timedOut` (-1001)", or several such in one cell; the transport error is "`timedOut`".
      let transport = cells[4].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
      for part in cells[1].components(separatedBy: "(").dropFirst() {
        guard let code = Int(part.prefix { $0 != ")" }) else { continue }
        documented[code] = transport
      }
    }
    let implemented = Dictionary(
      uniqueKeysWithValues: URLSessionPaymentsBackend.transportErrors.map {
        ($0.key.rawValue, "\($0.value)")
      })

    #expect(documented == implemented)
  }
}
