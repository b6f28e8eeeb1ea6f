import Foundation
import Testing

/// The frames the boxed screen draws on a pseudo-terminal, as lines of text.
extension PseudoTerminal {
  /// The lines of the last frame drawn whole: every frame starts at the terminal's home
  /// position and ends by erasing the rest of the screen (a frame still being written is
  /// left out), its lines ended by erasing the rest of the row.
  var lastFrameLines: [String] {
    let drawn = text.components(separatedBy: "\u{1B}[J").dropLast().last ?? ""
    return Self.rows(of: drawn.components(separatedBy: "\u{1B}[H").last ?? "").map {
      ($0.last ?? "").replacingOccurrences(of: "\u{1B}[K", with: "")
        .replacingOccurrences(of: "\u{1B}[J", with: "")
    }
  }

  /// The rows of `text` as the terminal shows them, each as the pieces its carriage returns
  /// wrote over one another (the last shown): cut at the Unicode scalars, since "\r\n" is
  /// one Character.
  static func rows(of text: String) -> [[String]] {
    var rows: [[String]] = [[""]]
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n": rows.append([""])
      case "\r": rows[rows.count - 1].append("")
      default: rows[rows.count - 1][rows[rows.count - 1].count - 1].unicodeScalars.append(scalar)
      }
    }
    // A row's end ("\r\n", or "\r\r\n" from a frame) writes nothing over it.
    return rows.map { pieces in
      let written = pieces.filter { !$0.isEmpty }
      return written.isEmpty ? [""] : written
    }
  }

  /// Waits until a frame drawn after `offset` holds `text`, and that frame is drawn whole.
  func waitingForFrame(containing text: String, after offset: Int = 0) async -> Bool {
    guard await waiting(for: text, after: offset), let end = end(of: text, after: offset)
    else { return false }
    return await waiting(for: "\u{1B}[J", after: end)
  }

  /// The frames drawn after `offset` bytes of output, each as one text.
  func frames(after offset: Int) -> [String] {
    String(decoding: output.dropFirst(offset), as: UTF8.self)
      .components(separatedBy: "\u{1B}[H").dropFirst().map { $0 }
  }
}

/// A language a person reads the screen in, with the words the tests look for in it.
struct ScreenLanguage: CustomTestStringConvertible, Sendable {
  let locale: String
  let title: String
  let logTitle: String
  let logKey: String
  let selectKey: String
  let walletSelected: String
  let selected: String
  let moreBelow: String
  let moreAbove: String
  /// The footer's hint for PgUp PgDn, which scroll the log beside the screen.
  let scrollLogKey: String
  let yes: String
  let removeKeys: String
  let question: String
  let removed: String

  var testDescription: String { locale }

  static let english = ScreenLanguage(
    locale: "en_US", title: "Choose how to pay", logTitle: "Developer log (newest last):",
    logKey: "l log", selectKey: "Enter select", walletSelected: "Wallet selected.",
    selected: "Selected: Wallet", moreBelow: "↓ more below", moreAbove: "↑ more above",
    scrollLogKey: "PgUp PgDn scroll the log", yes: "y",
    removeKeys: "y Enter remove", question: "Remove Visa •••• 4242?",
    removed: "Visa •••• 4242 removed.")
  static let german = ScreenLanguage(
    locale: "de_DE", title: "Wähle, wie du bezahlst",
    logTitle: "Entwickler-Log (neueste Zeile unten):", logKey: "l Log",
    selectKey: "Enter auswählen", walletSelected: "Wallet ausgewählt.",
    selected: "Ausgewählt: Wallet", moreBelow: "↓ weiter unten steht mehr",
    moreAbove: "↑ weiter oben steht mehr", scrollLogKey: "Bild↑ Bild↓ im Log blättern", yes: "j",
    removeKeys: "j Enter entfernen", question: "Visa •••• 4242 entfernen?",
    removed: "Visa •••• 4242 entfernt.")
  static let both = [english, german]
}
