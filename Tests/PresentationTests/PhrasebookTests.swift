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

  @Test("a phrasebook reads no table until a word is asked for, then only the one it needs")
  func readsWhenAsked() {
    let reads = Recorder<String>()
    let words = Phrasebook(
      locale: german,
      tables: Phrasebook.Tables(
        english: {
          reads.record("en")
          return ["only.english": "English"]
        },
        translations: {
          reads.record("translations")
          return ["de": ["greeting": "Hallo"]]
        }))
    let before = reads.all

    let greeting = words["greeting"]

    #expect(before.isEmpty)
    #expect(greeting == "Hallo")
    #expect(reads.all == ["translations"])
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

  @Test("the resource bundles are looked for beside the bundle that holds the layer's code too")
  func besideTheCode() {
    // Under `swift test` on macOS, `Bundle.main` is the test runner's: the tables are found
    // only beside the tests' own bundle, which holds the layer's code.
    let code = Bundle(for: PaymentMethodsViewModel.self).bundleURL

    #expect(Phrasebook.bundlePlaces().contains(code.deletingLastPathComponent().path))
    #expect(Phrasebook.bundlePlaces().contains(code.path))
  }

  @Test("a key the German table lacks is shown in English")
  func missingGermanKey() {
    let words = Phrasebook(locale: german, tables: germanWithOneKey(englishReads: CallCounter()))

    #expect(words["error.offline.title"] == "You're offline")
  }

  @Test("a German phrasebook reads the English table only for a key its own lacks")
  func englishReadOnlyWhenMissing() {
    let englishReads = CallCounter()
    let words = Phrasebook(locale: german, tables: germanWithOneKey(englishReads: englishReads))

    _ = words["row.default"]
    #expect(englishReads.count == 0)
    _ = words["error.offline.title"]
    #expect(englishReads.count == 1)
  }

  /// A German table of one key, and the English one, counting each time it is asked for.
  private func germanWithOneKey(englishReads: CallCounter) -> Phrasebook.Tables {
    Phrasebook.Tables(
      english: {
        englishReads.increment()
        return Phrasebook.Tables.english(PackageResources.English_strings)
      },
      translations: { ["de": ["row.default": "Standard"]] })
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
