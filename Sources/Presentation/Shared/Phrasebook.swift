import Foundation

/// The words one layer shows a person, in the user's language: a `.strings` table per
/// language, looked up by stable keys ("error.offline.title"), never by the English text.
///
/// The tables are the layer's SwiftPM resources (`en.lproj`, `de.lproj`, …), and the
/// English one is also compiled into the module, so a program whose resource bundle went
/// missing still shows every word, in English. The bundle is looked up here rather than
/// through the generated `Bundle.module`, which stops the program when it is missing.
///
/// An app copies the layer with its `Resources` folder; its view models take the user's
/// `Locale` and make their phrasebook from it.
public struct Phrasebook: Sendable {
  /// The tables of one layer: the English one, compiled into the module, and the others,
  /// by language code, read from the layer's resource bundle when a phrasebook in another
  /// language is first asked for a word. A layer keeps each in a `static let`, so each is
  /// read once; an English run never looks for the bundle, and a run in another language
  /// reads the English table only for a key its own lacks.
  public struct Tables: Sendable {
    let english: @Sendable () -> [String: String]
    let translations: @Sendable () -> [String: [String: String]]

    /// - Parameters:
    ///   - english: the English table: the layer's `static let` of `english(_:)` (a closure
    ///     that parses the bytes itself would parse them for every key a language lacks).
    ///   - translations: the other languages' tables: the layer's `static let` of
    ///     `translations(inBundle:)`.
    public init(
      english: @escaping @Sendable () -> [String: String],
      translations: @escaping @Sendable () -> [String: [String: String]]
    ) {
      self.english = english
      self.translations = translations
    }

    /// The English table, from its bytes compiled into the module.
    public static func english(_ bytes: [UInt8]) -> [String: String] {
      Phrasebook.table(from: Foundation.Data(bytes)) ?? [:]
    }

    /// Every table in the resource bundle called `name` (`<package>_<target>`) but the
    /// English one, by language code; none if there is no such bundle.
    public static func translations(inBundle name: String) -> [String: [String: String]] {
      guard let folder = Phrasebook.resourceFolder(ofBundle: name),
        let entries = try? FileManager.default.contentsOfDirectory(atPath: folder)
      else { return [:] }
      var tables: [String: [String: String]] = [:]
      let suffix = ".lproj"
      for entry in entries where entry.hasSuffix(suffix) {
        let language = String(entry.dropLast(suffix.count))
        let path = folder + "/" + entry + "/Localizable.strings"
        guard language != "en",
          let table = FileManager.default.contents(atPath: path).flatMap(Phrasebook.table)
        else { continue }
        tables[language] = table
      }
      return tables
    }
  }

  /// The language the user asked for. Its table is found when a word is first asked for,
  /// so that a run which shows none of a layer's words never reads that layer's tables.
  private let language: String
  private let tables: Tables

  /// - Parameter locale: the user's locale; its language picks the table.
  public init(locale: Locale, tables: Tables) {
    self.tables = tables
    language = locale.language.languageCode?.identifier ?? "en"
  }

  /// The language the words are in: "en", "de". English for a language with no table.
  public var languageCode: String { translation == nil ? "en" : language }

  /// The table of the user's language; nil for English, or a language with no table.
  private var translation: [String: String]? {
    language == "en" ? nil : tables.translations()[language]
  }

  /// The words for `key`, each `%@` (or `%1$@`, `%2$@` where a language reorders them)
  /// replaced by the next argument. A key missing from the user's language is shown in
  /// English; a key in no table is shown as itself (a test proves every key is in both).
  public subscript(_ key: String, _ arguments: String...) -> String {
    self[key, arguments]
  }

  /// The words for `key`, with its arguments as an array.
  public subscript(_ key: String, _ arguments: [String]) -> String {
    Self.filling(translation?[key] ?? tables.english()[key] ?? key, with: arguments)
  }

  /// The placeholders `%@` and `%n$@`, and `%%` for a percent sign; strings only, so a
  /// table can never ask for an argument of another type. A placeholder with no argument
  /// is left empty.
  static func filling(_ template: String, with arguments: [String]) -> String {
    // Byte by byte: `contains("%")` would be Foundation's, which on Linux goes through
    // NSString and costs the first frame a few hundredths of a millisecond.
    guard template.utf8.contains(UInt8(ascii: "%")) else { return template }
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

  /// A `.strings` file's entries; nil if it is not one. The tables as written here (UTF-8
  /// text) are read by `StringsTable`; what a build made of them (Xcode may turn a table
  /// into UTF-16 or a binary property list) by `PropertyListSerialization`.
  static func table(from data: Foundation.Data) -> [String: String]? {
    StringsTable.entries(data)
      ?? (try? PropertyListSerialization.propertyList(from: data, format: nil)) as? [String: String]
  }

  /// Where the `<language>.lproj` folders of the resource bundle called `name` are: beside
  /// the executable on Linux (`name.resources`), in the app's resources on Apple platforms
  /// (`name.bundle`, and its `Contents/Resources` on macOS). The folder is read as a folder,
  /// not through `Bundle(url:)`, whose first use alone costs a program's start-up a fifth of
  /// a millisecond on Linux, for files whose place SwiftPM fixes.
  static func resourceFolder(ofBundle name: String) -> String? {
    #if os(Linux)
      // The executable's folder first, found without `Bundle.main`, whose first use costs a
      // third of a millisecond on Linux; `Bundle.main`'s folders where the bundle is not there.
      if let program = try? FileManager.default.destinationOfSymbolicLink(
        atPath: "/proc/self/exe"),
        let folder = bundleFolder(
          name, in: [String(program[..<(program.lastIndex(of: "/") ?? program.endIndex)])])
      {
        return folder
      }
    #endif
    return bundleFolder(name, in: bundlePlaces())
  }

  /// Where an app or a program keeps its resource bundles: the main bundle's folders, then
  /// those of the bundle that holds this code, and the folder it is in. (Under `swift test`
  /// on macOS the main bundle is the test runner's, and SwiftPM puts the resource bundles
  /// beside the tests' `.xctest` bundle; Xcode puts them in its resources.)
  static func bundlePlaces() -> [String] {
    let code = Bundle(for: CodeMarker.self)
    let places = [Bundle.main.resourceURL, Bundle.main.bundleURL, code.resourceURL]
    return (places + [code.bundleURL, code.bundleURL.deletingLastPathComponent()])
      .compactMap { $0?.path }
  }

  /// A class of this module, for `Bundle(for:)`.
  private final class CodeMarker {}

  /// The first of `places` that holds the bundle called `name`, as a folder of `.lproj`s.
  private static func bundleFolder(_ name: String, in places: [String]) -> String? {
    for place in places {
      for suffix in ["resources", "bundle"] {
        let bundle = place + "/" + name + "." + suffix
        for folder in [bundle + "/Contents/Resources", bundle]
        where FileManager.default.fileExists(atPath: folder) {
          return folder
        }
      }
    }
    return nil
  }
}
