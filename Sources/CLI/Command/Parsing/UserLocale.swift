import Foundation

/// The user's locale, as POSIX programs read it: `--locale` if given, else the first of
/// `LC_ALL`, `LC_MESSAGES` and `LANG` that is set and not empty. Its language picks the
/// words (English where there is no table for it), its region formats the amounts.
enum UserLocale {
  /// Where nothing says otherwise, and for `C` and `POSIX`: what every run, golden file
  /// and README example uses.
  static let fallback = Locale(identifier: "en_US")

  /// The environment variables that name the locale, strongest first, and `ACCESSIBLE`.
  static let variableNames = ["LC_ALL", "LC_MESSAGES", "LANG", "ACCESSIBLE"]

  /// The locale `--locale` names, or the environment's; the fallback for a value that is
  /// no locale name, without a word on the screen.
  static func resolve(flag: String?, variables: [String: String]) -> Locale {
    if let flag, let identifier = identifier(flag) { return Locale(identifier: identifier) }
    let value = variableNames.dropLast().lazy.compactMap { variables[$0] }
      .first { !$0.isEmpty }
    return value.flatMap(identifier).map { Locale(identifier: $0) } ?? fallback
  }

  /// "de_DE.UTF-8@euro" → "de_DE"; "de-DE" → "de_DE". Nil for `C`, `POSIX` and anything
  /// that is not a language code, optionally followed by a region or script.
  static func identifier(_ value: String) -> String? {
    let name = String(value.prefix { $0 != "." && $0 != "@" }.map { $0 == "-" ? "_" : $0 })
    let parts = name.split(separator: "_", omittingEmptySubsequences: false)
    guard let language = parts.first, (2...3).contains(language.count),
      language.allSatisfy({ $0.isASCII && $0.isLetter }),
      parts.dropFirst().allSatisfy({
        (2...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
      })
    else { return nil }
    return name
  }
}
