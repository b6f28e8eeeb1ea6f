import Foundation
import Presentation

/// Every word the terminal views show, in the user's language: the screens' labels, which
/// are the Presentation layer's, and the terminal's own (the keys, the help), from the
/// CLI's table.
struct TerminalWords: Sendable {
  let labels: ScreenLabels
  private let words: Phrasebook

  init(locale: Locale) {
    labels = ScreenLabels(locale: locale, words: ResourceBundles.presentation)
    words = Phrasebook(locale: locale, source: ResourceBundles.terminal)
  }

  /// The words of the language every run is in unless the user asks for another.
  static let english = TerminalWords(locale: UserLocale.fallback)

  subscript(_ key: String, _ arguments: String...) -> String {
    words[key, arguments]
  }

  /// The key that answers yes to a question, as a reader of this language expects it (j
  /// for "ja"); y is taken as well, in every language.
  var yesKey: Character { self["key.yes"].first ?? "y" }
}
