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

  @Test("a bundle that cannot be found leaves every word in English, from the compiled-in table")
  func missingBundle() {
    let words = Phrasebook(
      locale: german,
      tables: Phrasebook.Tables(
        english: { Phrasebook.Tables.english(PackageResources.English_strings) },
        translations: { Phrasebook.Tables.translations(inBundle: "NoSuchBundle") }))

    #expect(words.languageCode == "en")
    #expect(words["journey.signIn.button"] == "Sign in")
  }

  @Test("a key the German table lacks is shown in English, the only time English is read")
  func missingGermanKey() {
    let englishReads = CallCounter()
    let words = Phrasebook(
      locale: german,
      tables: Phrasebook.Tables(
        english: {
          englishReads.increment()
          return Phrasebook.Tables.english(PackageResources.English_strings)
        },
        translations: { ["de": ["row.default": "Standard"]] }))

    #expect(words["row.default"] == "Standard")
    #expect(englishReads.count == 0)
    #expect(words["error.offline.title"] == "You're offline")
    #expect(englishReads.count == 1)
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
