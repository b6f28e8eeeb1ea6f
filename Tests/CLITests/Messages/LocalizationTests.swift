import Foundation
import Testing

@testable import CLI
@testable import Presentation

/// The tables of one layer, read from the source tree, and the keys its code uses.
private struct LayerWords {
  /// "Presentation", "CLI".
  let layer: String

  static let sources = GoldenFile.directory
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources")

  var folder: URL { Self.sources.appendingPathComponent(layer) }

  func table(_ language: String) throws -> [String: String] {
    let url = folder.appendingPathComponent("Resources/\(language).lproj/Localizable.strings")
    let table = try PropertyListSerialization.propertyList(
      from: try Foundation.Data(contentsOf: url), format: nil)
    return try #require(table as? [String: String], "\(url)")
  }

  /// The layer's Swift files, comments removed.
  func code() throws -> [(file: String, text: String)] {
    let files =
      FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?
      .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
    return try files.map { url in
      let text = try String(contentsOf: url, encoding: .utf8)
      return (url.lastPathComponent, SwiftLiterals.removingComments(text))
    }
  }

  /// Every string literal in the layer's code that has the shape of a key.
  func keysUsed() throws -> Set<String> {
    Set(try code().flatMap { SwiftLiterals.literals(in: $0.text) }.filter(SwiftLiterals.isKey))
  }
}

/// Just enough of Swift's lexical rules to find string literals: comments, `"…"` with its
/// escapes and interpolations, and `"""` blocks.
enum SwiftLiterals {
  static func removingComments(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      let trimmed = line.drop { $0 == " " }
      return trimmed.hasPrefix("//") ? "" : String(line)
    }.joined(separator: "\n")
  }

  /// `text` without the arguments of every call to `name` ("log("), parentheses balanced.
  static func removingCalls(to name: String, in text: String) -> String {
    var result = ""
    var rest = Substring(text)
    while let start = rest.range(of: name) {
      result += rest[..<start.upperBound]
      var depth = 1
      var index = start.upperBound
      while index < rest.endIndex, depth > 0 {
        if rest[index] == "(" { depth += 1 }
        if rest[index] == ")" { depth -= 1 }
        index = rest.index(after: index)
      }
      result += ")"
      rest = rest[index...]
    }
    return result + rest
  }

  /// The literal text of each one-line string literal, interpolations written `\(…)`.
  static func literals(in text: String) -> [String] {
    var found: [String] = []
    var current: String?
    var depth = 0
    var previous: Character = " "
    for character in text {
      if var literal = current {
        if depth > 0 {
          literal.append(character)
          if character == "(" { depth += 1 }
          if character == ")" { depth -= 1 }
        } else if previous == "\\" {
          literal.append(character)
          if character == "(" { depth = 1 }
        } else if character == "\"" {
          found.append(literal)
          literal = ""
          current = nil
          previous = " "
          continue
        } else {
          literal.append(character)
        }
        current = literal
        previous = previous == "\\" && depth == 0 ? " " : character
      } else if character == "\"" {
        current = ""
        previous = " "
      }
    }
    return found
  }

  /// A literal without its interpolations: what it says in words of its own.
  static func withoutInterpolations(_ literal: String) -> String {
    removingCalls(to: "\\(", in: literal).replacingOccurrences(of: "\\()", with: "")
  }

  /// "error.offline.title", "addCard.saved": camel-case words joined by dots.
  static func isKey(_ literal: String) -> Bool {
    literal.wholeMatch(of: /[a-z][a-zA-Z0-9]*(\.[a-zA-Z0-9]+)+/) != nil
  }
}

@Suite("Localization: every word from a table, in English and German", .timeLimit(.minutes(1)))
struct LocalizationTests {
  @Test(
    "every key the code uses is in both tables, and no table has a key nobody uses",
    arguments: ["Presentation", "CLI"])
  func keysMatch(layer: String) throws {
    let words = LayerWords(layer: layer)
    let english = try words.table("en")
    let german = try words.table("de")
    // A key the code builds on ("error.offline" for "error.offline.title", or
    // "error.retry.title" for its ".load", ".save" and ".remove") uses every key it begins.
    let used = Set(
      try words.keysUsed().flatMap { key -> [String] in
        let begun = english.keys.filter { $0.hasPrefix(key + ".") }
        return english[key] == nil && !begun.isEmpty ? begun : [key]
      })

    #expect(used.subtracting(english.keys).sorted() == [], "used but not in en.lproj")
    #expect(Set(english.keys).subtracting(used).sorted() == [], "in en.lproj but never used")
    #expect(Set(german.keys) == Set(english.keys), "de.lproj and en.lproj differ")
  }

  @Test(
    "a translation takes the same arguments as the English words",
    arguments: ["Presentation", "CLI"])
  func placeholdersMatch(layer: String) throws {
    let words = LayerWords(layer: layer)
    let english = try words.table("en")
    let marks = ["⟨1⟩", "⟨2⟩", "⟨3⟩", "⟨4⟩"]
    let taken = { (text: String) in
      marks.filter { Phrasebook.filling(text, with: marks).contains($0) }
    }
    for (key, german) in try words.table("de") {
      #expect(taken(german) == taken(english[key] ?? ""), "\(layer): \(key)")
    }
  }

  @Test(
    "German calls the security code one thing, Prüfnummer, wherever English names it",
    arguments: ["Presentation", "CLI"])
  func oneWordForTheSecurityCode(layer: String) throws {
    let words = LayerWords(layer: layer)
    let english = try words.table("en")

    for (key, german) in try words.table("de") {
      #expect(!german.contains("Sicherheitscode"), "\(layer): \(key): \(german)")
      #expect(!german.contains("CVC"), "\(layer): \(key): \(german)")
      let aboutTheCode =
        (english[key] ?? "").range(
          of: #"\bcode\b"#, options: [.regularExpression, .caseInsensitive]) != nil
      if aboutTheCode {
        #expect(german.contains("Prüfnummer"), "\(layer): \(key): \(german)")
      }
    }
  }

  /// German sentences a German speaker corrected: the subject and its verb agree, a
  /// pronoun matches its noun, a sentence is one, and a word means what the screen means.
  nonisolated static let correctedGerman: [(layer: String, key: String, german: String)] = [
    (
      "Presentation", "error.insecure.hint",
      "Wenn dieses Netzwerk eine Anmeldeseite hat, öffne sie, "
        + "oder versuche es mit einem anderen Netzwerk."
    ),
    (
      "Presentation", "journey.contactSupport.hint",
      "Wende dich an den Support; mit der Referenz unten findet er dich schneller."
    ),
    (
      "Presentation", "card.number.notDigits",
      "Gib nur Ziffern ein; Leerzeichen und Bindestriche sind erlaubt."
    ),
    ("Presentation", "card.expiry.month", "Der Monat muss zwischen 01 und 12 liegen."),
    (
      "Presentation", "card.cvc.format",
      "Die Prüfnummer besteht aus den 3 Ziffern auf der Rückseite."
    ),
    (
      "Presentation", "card.cvc.format.amex",
      "Bei American Express hat die Prüfnummer 4 Ziffern und steht auf der Vorderseite."
    ),
    ("Presentation", "updateCard.updated", "%@ ist jetzt gültig bis %@."),
    ("Presentation", "decline.insufficientFunds.title", "Nicht genügend Deckung"),
    (
      "Presentation", "decline.insufficientFunds.message",
      "Laut deiner Bank ist diese Karte nicht ausreichend gedeckt."
    ),
    (
      "CLI", "help.enter",
      "die Zeile auswählen oder die Schaltfläche auf dem Bildschirm betätigen"
    ),
    (
      "CLI", "accessible.help.enter",
      "nur Enter: die Zeile auswählen, zu der du gegangen bist, "
        + "oder die Schaltfläche auf dem Bildschirm betätigen"
    ),
    (
      "CLI", "guidance.support",
      "Wende dich über „Hilfe“ in der App an den Support: Nur er kann das Konto entsperren."
    ),
    (
      "CLI", "guidance.support.reference",
      "Wende dich über „Hilfe“ in der App an den Support und nenne die Referenz %@: "
        + "Nur er kann das Konto entsperren."
    ),
    ("CLI", "accessible.rows", "1 bis %@ eine Zeile auswählen"),
    ("CLI", "accessible.row", "1 die Zeile auswählen"),
    ("CLI", "accessible.formKeys", "Fülle jedes Feld aus, dann Enter. Esc, dann Enter: zurück."),
    (
      "CLI", "accessible.help.addCard",
      "Karte hinzufügen: jedes Feld ausfüllen, dann Enter; eine leere Zeile behält, "
        + "was schon dasteht; Esc, dann Enter: zurück"
    ),
    (
      "CLI", "accessible.help.makeDefault",
      "die Zeile, die du zuletzt gewählt hast (mit ihrer Nummer oder indem du zu ihr gehst; "
        + "eine Karte oder das Wallet), zu deiner Standard-Zahlungsart machen"
    ),
    (
      "CLI", "accessible.help.newExpiry",
      "der abgelaufenen Karte, die du zuletzt gewählt hast "
        + "(mit ihrer Nummer oder indem du zu ihr gehst), "
        + "ein neues Ablaufdatum geben: es eingeben, dann Enter; Esc, dann Enter: zurück"
    ),
    // Said of a card row whose spoken title is "Mastercard mit den Endziffern 8210": not
    // "Mit %@ kannst du nicht bezahlen", which read "Mit Mastercard mit den Endziffern…".
    (
      "Presentation", "selection.cannotPay",
      "%@ kann nicht zum Bezahlen verwendet werden. Wähle eine andere Zahlungsart."
    ),
    ("CLI", "approval.waiting", "Warten auf deine Bank…"),
    ("CLI", "approval.waitingOnCommandLine", "Warten auf deine Bank… Strg-C: nicht mehr warten."),
  ]

  /// The English names of the keys a German keyboard labels otherwise (Strg, Umschalt,
  /// Entf, Pos1, Ende, Bild↑ Bild↓): one convention wherever the German tables name a key.
  /// Esc, Tab and Enter are called so on both.
  nonisolated static let englishKeyNames = [
    "Ctrl", "Shift", "Delete", "Home", "End", "PgUp", "PgDn",
  ]

  @Test(
    "German names every key as a German keyboard labels it: Strg, Umschalt, Entf, Pos1, Ende",
    arguments: ["Presentation", "CLI"])
  func germanKeyNames(layer: String) throws {
    for (key, german) in try LayerWords(layer: layer).table("de") {
      for english in Self.englishKeyNames {
        let named = german.range(of: "\\b\(english)\\b", options: .regularExpression) != nil
        #expect(!named, "\(layer): \(key): \(german)")
      }
    }
  }

  @Test(
    "a German sentence reads as a German speaker writes it", arguments: correctedGerman.indices)
  func correctedGermanSentence(index: Int) throws {
    let (layer, key, german) = Self.correctedGerman[index]

    #expect(try LayerWords(layer: layer).table("de")[key] == german)
  }

  @Test("no sentence is left as a literal in the Presentation layer's code")
  func noLiteralSentences() throws {
    // What may stay, and why: the kind of folder a language's table is in; the English
    // table's language code; what no table holds (`\u{1}`); the developer log's metadata,
    // English on purpose like its lines (which are found by their call, `log(`).
    let allowed: Set = ["lproj", "en", "\\u{1}", " traceId="]
    var found: [String] = []
    for (file, text) in try LayerWords(layer: "Presentation").code() {
      for literal in SwiftLiterals.literals(in: SwiftLiterals.removingCalls(to: "log(", in: text)) {
        let words = SwiftLiterals.withoutInterpolations(literal)
        guard !SwiftLiterals.isKey(literal), !allowed.contains(words),
          words.contains(where: \.isLetter)
        else { continue }
        found.append("\(file): \"\(literal)\"")
      }
    }
    #expect(found == [])
  }
}

@MainActor
@Suite("German screens: the words, the amounts and the wrapping", .timeLimit(.minutes(1)))
struct GermanScreenTests {
  /// Screens with every kind of text: an error, a source that failed beside a list, rows
  /// that cannot pay, a journey with its reference, a wallet status, the form's problems.
  nonisolated static let screens: [(name: String, arguments: [String])] = [
    ("offline", ["--scenario", "offline"]),
    ("cards-offline", ["--scenario", "cards-offline"]),
    ("cards-expired", ["--scenario", "cards-expired"]),
    // The issuer's reason in the app's German words, never its own English ones.
    ("card-rejected", ["--scenario", "card-rejected"]),
    ("user-locked", ["--scenario", "user-locked"]),
    ("wallet-in-review", ["--scenario", "wallet-in-review", "--screen", "wallet"]),
    (
      "add-card-invalid",
      [
        "add-card", "--number", "4242 4242 4242 4241", "--expiry", "13/28", "--cvc", "12", "--name",
        "A",
      ]
    ),
  ]

  @Test(
    "six screens and the form in German, at 50 and at 30 columns, are their golden frames",
    arguments: screens.map(\.name), [50, 30])
  func golden(name: String, columns: Int) async throws {
    let arguments = try #require(Self.screens.first { $0.name == name }).arguments
    let run = await runCLI(arguments + ["--locale", "de_DE"], columns: columns)

    let widths = Set(run.output.split(separator: "\n").map(TerminalCells.width))
    #expect(widths == [columns])
    GoldenFile.check(run.output, against: "de/\(name)-\(columns).txt")
  }

  @Test("LANG picks German, LC_ALL wins over it, and LC_MESSAGES over LANG")
  func environment() async {
    let offline = ["--scenario", "offline"]
    #expect(await runCLI(offline, environment: ["LANG": "de_DE.UTF-8"]).output.contains("offline"))
    #expect(
      await runCLI(offline, environment: ["LANG": "de_DE.UTF-8"]).output.contains("Du bist"))
    #expect(
      await runCLI(offline, environment: ["LANG": "de_DE.UTF-8", "LC_ALL": "en_US.UTF-8"])
        .output.contains("You're offline"))
    #expect(
      await runCLI(offline, environment: ["LANG": "en_US.UTF-8", "LC_MESSAGES": "de_DE"])
        .output.contains("Du bist"))
  }

  @Test(
    "an unknown or unsupported language is English, without a word about it",
    arguments: ["fr_FR.UTF-8", "C", "POSIX", "x", "de_DE\u{1B}[31m", ""])
  func unsupported(lang: String) async {
    let run = await runCLI(["--scenario", "offline"], environment: ["LANG": lang])

    #expect(run.output.contains("You're offline"))
    #expect(run.errors == "")
  }

  @Test("--locale wins over the environment, and sets the money format with the words")
  func localeFlag() async {
    let run = await runCLI(["--locale", "de_DE"], environment: ["LC_ALL": "en_US.UTF-8"])

    // German puts a no-break space between the amount and its currency.
    #expect(run.output.contains("Guthaben 125,50\u{A0}€"))
    #expect(run.output.contains("Gültig bis 08/28"))
  }

  @Test(
    "--locale with something that is no locale name is a usage error",
    arguments: ["x", "de_DE\u{1B}", "12"])
  func badLocaleFlag(value: String) async {
    let run = await runCLI(["--locale", value])

    #expect(run.exitCode == .usage)
    #expect(run.errors.contains("--locale needs a locale name"))
    #expect(!run.errors.contains("\u{1B}"))
  }

  @Test("--json in German keeps its keys and enum values English; only the words change")
  func json() async throws {
    for scenario in ["cards-offline", "user-locked", "cards-expired"] {
      let english = await runCLI(["--scenario", scenario, "--json"]).output
      let german = await runCLI(["--scenario", scenario, "--json", "--locale", "de_DE"]).output

      #expect(english != german)
      #expect(try Self.skeleton(english) == Self.skeleton(german), "\(scenario)")
    }
  }

  /// The JSON with every text that a person reads replaced by a mark: what must not change
  /// with the language.
  private static func skeleton(_ json: String) throws -> String {
    let words: Set = ["title", "subtitle", "message", "hint", "button", "accessibilityLabel"]
    func strip(_ value: Any, key: String?) -> Any {
      switch value {
      case let object as [String: Any]:
        Dictionary(uniqueKeysWithValues: object.map { ($0.key, strip($0.value, key: $0.key)) })
      case let array as [Any]: array.map { strip($0, key: key) }
      case is String where key.map(words.contains) == true: "<words>"
      default: value
      }
    }
    let object = try JSONSerialization.jsonObject(with: Foundation.Data(json.utf8))
    let data = try JSONSerialization.data(
      withJSONObject: strip(object, key: nil), options: [.sortedKeys])
    return String(decoding: data, as: UTF8.self)
  }
}
