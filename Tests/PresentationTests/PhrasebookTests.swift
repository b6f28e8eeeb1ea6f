import Foundation
import TestSupport
import Testing

@testable import Presentation

@Suite("Phrasebook: the user's language, and English whatever is missing", .timeLimit(.minutes(1)))
struct PhrasebookTests {
  private let german = Locale(identifier: "de_DE")

  @Test("German words come from the German table")
  func germanTable() {
    let words = Phrasebook.presentation(german)

    #expect(words.languageCode == "de")
    #expect(words["error.offline.title"] == "Du bist offline")
  }

  @Test(
    "a language with no table, and no language at all, fall back to English",
    arguments: ["fr_FR", "ja", "", "en_GB"])
  func fallback(identifier: String) {
    let words = Phrasebook.presentation(Locale(identifier: identifier))

    #expect(words.languageCode == "en")
    #expect(words["error.offline.title"] == "You're offline")
  }

  @Test("a key the German table lacks is shown in English")
  func missingGermanKey() throws {
    let bundle = try Self.bundle(tables: [
      "en": #""row.default" = "Default"; "error.offline.title" = "You're offline";"#,
      "de": #""row.default" = "Standard";"#,
    ])
    let words = Phrasebook(locale: german, source: .bundle(bundle))

    #expect(words.languageCode == "de")
    #expect(words["row.default"] == "Standard")
    #expect(words["error.offline.title"] == "You're offline")
  }

  @Test("a program with no bundle shows the words it looks up itself, in their language")
  func programsOwnWords() {
    let words = Phrasebook(
      locale: german,
      source: .lookup(languageCode: "en") { $0 == "journey.signIn.button" ? "Sign in" : nil })

    #expect(words.languageCode == "en")
    #expect(words["journey.signIn.button"] == "Sign in")
    #expect(words["row.default"] == "row.default")
  }

  /// A resource bundle in a temporary folder, with one `Localizable.strings` per language.
  private static func bundle(tables: [String: String]) throws -> Bundle {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("phrasebook-\(UUID().uuidString).bundle")
    for (language, table) in tables {
      let lproj = folder.appendingPathComponent("\(language).lproj")
      try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
      try Data(table.utf8).write(to: lproj.appendingPathComponent("Localizable.strings"))
    }
    return try #require(Bundle(url: folder))
  }

  @Test("a key in no table is shown as itself, never as nothing")
  func unknownKey() {
    #expect(Phrasebook.presentation(german)["no.such.key"] == "no.such.key")
  }

  @Test(
    "arguments fill %@ in order, %n$@ by position, and %% is a percent sign",
    arguments: [
      ("%@ and %@", "A and B"), ("%2$@ before %1$@", "B before A"), ("100%% %@", "100% A"),
      ("%@ %@ %@", "A B "), ("%d stays", "%d stays"), ("none", "none"), ("%", "%"),
    ])
  func filling(template: String, filled: String) {
    #expect(Phrasebook.filling(template, with: ["A", "B"]) == filled)
  }
}
