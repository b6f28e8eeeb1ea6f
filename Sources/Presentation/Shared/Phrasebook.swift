import Foundation

/// The words one layer shows a person, in the user's language, read as an app reads its
/// words: through Foundation, from the layer's resource bundle, which holds a
/// `<language>.lproj/Localizable.strings` table per language. Words are looked up by
/// stable keys ("error.offline.title"), never by the English text.
///
/// An app copies the layer with its `Resources` folder; its view models take the user's
/// `Locale` and read their words from the layer's bundle (`Source.presentation`).
public struct Phrasebook: Sendable {
  /// Where a layer's words are.
  public enum Source: Sendable {
    /// A resource bundle with a `<language>.lproj` folder per language: what an app ships.
    case bundle(Bundle)
    /// Words of one language the program looks up itself, by key (nil for a key it lacks):
    /// the terminal program's English table, when it was copied without its bundles.
    case lookup(languageCode: String, words: @Sendable (String) -> String?)
  }

  /// The language the words are in: "en", "de". English for a language with no table.
  public let languageCode: String
  /// The user's language's table, when it is not English and the bundle has one.
  private let translation: Bundle?
  private let english: Bundle?
  private let lookup: (@Sendable (String) -> String?)?

  /// - Parameter locale: the user's locale; its language picks the table.
  public init(locale: Locale, source: Source) {
    let language = locale.language.languageCode?.identifier ?? "en"
    switch source {
    case .bundle(let bundle):
      english = Self.table(of: "en", in: bundle)
      translation = language == "en" ? nil : Self.table(of: language, in: bundle)
      (lookup, languageCode) = (nil, translation == nil ? "en" : language)
    case .lookup(let code, let words):
      (english, translation, lookup, languageCode) = (nil, nil, words, code)
    }
  }

  /// The language's own folder of a bundle, as a bundle: where Foundation reads its table.
  private static func table(of language: String, in bundle: Bundle) -> Bundle? {
    bundle.path(forResource: language, ofType: "lproj").flatMap(Bundle.init(path:))
  }

  /// The words for `key`, each `%@` (or `%1$@`, `%2$@` where a language reorders them)
  /// replaced by the next argument. A key missing from the user's language is shown in
  /// English; a key in no table is shown as itself (a test proves every key is in both).
  public subscript(_ key: String, _ arguments: String...) -> String {
    self[key, arguments]
  }

  /// The words for `key`, with its arguments as an array.
  public subscript(_ key: String, _ arguments: [String]) -> String {
    Self.filling(word(for: key), with: arguments)
  }

  private func word(for key: String) -> String {
    for table in [translation, english] {
      // Foundation answers a key its table lacks with the value given.
      if let word = table?.localizedString(forKey: key, value: Self.missing, table: nil),
        word != Self.missing
      {
        return word
      }
    }
    return lookup?(key) ?? key
  }

  /// What no table holds: the answer to a key a table lacks.
  private static let missing = "\u{1}"

  /// The placeholders `%@` and `%n$@`, and `%%` for a percent sign; strings only, so a
  /// table can never ask for an argument of another type. A placeholder with no argument
  /// is left empty. (Not `String(format:)`: it trusts a table's `%d` and may trap.)
  static func filling(_ template: String, with arguments: [String]) -> String {
    guard template.contains("%") else { return template }
    var result = ""
    var next = 0
    var rest = Substring(template)
    while let percent = rest.firstIndex(of: "%") {
      result += rest[..<percent]
      rest = rest[rest.index(after: percent)...]
      if rest.first == "%" {
        result += "%"
        rest = rest.dropFirst()
        continue
      }
      var index = next
      let digits = rest.prefix(while: \.isASCII).prefix(while: \.isNumber)
      if !digits.isEmpty, rest.dropFirst(digits.count).first == "$", let position = Int(digits),
        position >= 1
      {
        index = position - 1
        rest = rest.dropFirst(digits.count + 1)
      } else {
        next += 1
      }
      guard rest.first == "@" else {
        result += "%"
        continue
      }
      rest = rest.dropFirst()
      if arguments.indices.contains(index) { result += arguments[index] }
    }
    return result + rest
  }
}
