import Foundation
import Testing

@testable import Presentation

@Suite(
  "StringsTable: a .strings table read without the property-list machinery", .timeLimit(.minutes(1))
)
struct StringsTableTests {
  /// Every `.strings` file of the package: the compiled-in English tables and each
  /// language's resource.
  private static let tableFiles: [URL] = {
    let sources = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Sources")
    let files =
      FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?
      .compactMap { $0 as? URL } ?? []
    return files.filter { $0.pathExtension == "strings" }.sorted { $0.path < $1.path }
  }()

  @Test("every table of the package reads as PropertyListSerialization reads it")
  func sameAsPropertyList() throws {
    #expect(Self.tableFiles.count >= 6)
    for url in Self.tableFiles {
      let data = try Foundation.Data(contentsOf: url)
      let expected =
        try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: String]

      let read = StringsTable.entries(data)

      #expect(read != nil, "\(url.lastPathComponent)")
      #expect(read == expected, "\(url.path)")
    }
  }

  @Test("no table of the package gives a key twice: the second would hide the first")
  func noKeyTwice() throws {
    for url in Self.tableFiles {
      let keys = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
        .filter { $0.hasPrefix("\"") }.compactMap { $0.split(separator: "\"").first }
      let repeated = Dictionary(grouping: keys, by: { $0 }).filter { $0.value.count > 1 }.keys

      #expect(repeated.isEmpty, "\(url.path): \(repeated.sorted())")
    }
  }

  @Test("escapes are resolved as Xcode writes them: quote, backslash, new line, tab, \\U")
  func escapes() {
    let text = #"/* c */ "a" = "say \"hi\"\\\n\t\U00e9"; // end"#

    #expect(StringsTable.entries(Foundation.Data(text.utf8)) == ["a": "say \"hi\"\\\n\té"])
  }

  @Test(
    "anything that is not a table of quoted keys and values is no table",
    arguments: [
      #""a" = "b""#, #""a" "b";"#, #"a = "b";"#, #""a" = "b";  /* never closed"#,
      #""a" = "unfinished;"#, #""a" = "\U00"#, "\u{FF}",
    ])
  func notATable(text: String) {
    #expect(StringsTable.entries(Foundation.Data(text.utf8)) == nil)
  }

  @Test("bytes that are not UTF-8 inside a string are no table")
  func notUTF8() {
    #expect(
      StringsTable.entries(Foundation.Data([0x22, 0x61, 0x22, 0x3D, 0x22, 0xFF, 0x22, 0x3B])) == nil
    )
  }

  @Test("an empty file, or one of comments only, is an empty table")
  func empty() {
    #expect(StringsTable.entries(Foundation.Data()) == [:])
    #expect(StringsTable.entries(Foundation.Data("/* nothing */\n// here\n".utf8)) == [:])
  }

  @Test("a table a build turned into a binary property list or UTF-16 is read all the same")
  func builtTables() throws {
    let table = ["error.offline.title": "Du bist offline", "row.default": "Standard"]
    let binary = try PropertyListSerialization.data(
      fromPropertyList: table, format: .binary, options: 0)
    let text = #""error.offline.title" = "Du bist offline"; "row.default" = "Standard";"#
    let utf16 = try #require(text.data(using: .utf16))

    #expect(Phrasebook.table(from: binary) == table)
    #expect(Phrasebook.table(from: utf16) == table)
  }
}
