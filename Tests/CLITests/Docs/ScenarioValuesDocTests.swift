import DemoBackend
import Foundation
import Testing

/// docs/SCENARIOS.md against the scenario-file reader: every value the reader takes for a
/// key is one the document lists where it describes that key. The reader's own list is read
/// from its answer to a value it does not take ("must be one of …"), so the test holds the
/// reader as it is, not a copy of its lists.
@Suite("docs/SCENARIOS.md lists every value the scenario reader takes", .timeLimit(.minutes(1)))
struct ScenarioValuesDocTests {
  /// A file with `zzz` where a value goes, and where the document describes that value:
  /// the text from `from` up to `to`.
  struct Probe: CustomTestStringConvertible, Sendable {
    let json: String
    let from: String
    let to: String

    var testDescription: String { from }
  }

  static let card = #""brand": "Visa", "last4": "4242", "expiry": "08/28""#

  static let probes: [Probe] = [
    Probe(json: #"{"wallet": {"outcome": "zzz"}}"#, from: "| `wallet` |", to: "\n"),
    Probe(
      json: #"{"wallet": {"outcome": "inReview", "review": "zzz"}}"#, from: "| `wallet` |",
      to: "\n"),
    Probe(json: #"{"cards": {"outcome": "zzz"}}"#, from: "| `cards` |", to: "\n"),
    Probe(
      json: #"{"cards": {"outcome": "ok", "cards": [{\#(card), "status": "zzz"}]}}"#,
      from: "| `cards` |", to: "\n"),
    Probe(
      json: #"""
        {"cards": {"outcome": "ok", "cards": [{\#(card), "status": "active",
          "rejection": {"reason": "zzz", "message": "m"}}]}}
        """#,
      from: "| `cards` |", to: "\n"),
    Probe(json: #"{"applePay": {"outcome": "zzz"}}"#, from: "| `applePay` |", to: "\n"),
    Probe(json: #"{"addCard": {"outcome": "zzz"}}"#, from: "| `addCard` |", to: "\n"),
    Probe(
      json: #"{"addCard": {"outcome": "requiresAction", "polls": ["zzz"]}}"#,
      from: "| `addCard` |", to: "\n"),
    Probe(json: #"{"removeCard": {"outcome": "zzz"}}"#, from: "| `removeCard` |", to: "\n"),
    Probe(json: #"{"setDefault": {"outcome": "zzz"}}"#, from: "| `setDefault` |", to: "\n"),
    Probe(json: #"{"updateCard": {"outcome": "zzz"}}"#, from: "| `updateCard` |", to: "\n"),
    Probe(
      json: #"{"cards": {"responses": [{"transport": "zzz"}]}}"#, from: #"- `{"transport":"#,
      to: "\n- "),
    Probe(
      json: #"{"session": {"refresh": "zzz"}}"#, from: "`session.refresh` is",
      to: "`userStatus` is"),
    Probe(json: #"{"userStatus": "zzz"}"#, from: "`userStatus` is", to: "`signIn` is"),
    Probe(json: #"{"signIn": "zzz"}"#, from: "`signIn` is", to: "\n\n"),
  ]

  @Test(
    "each value the reader takes for a key is listed where the document describes it",
    arguments: probes)
  func listed(probe: Probe) throws {
    let choices = try Self.choices(probe.json)
    let text = try document("docs/SCENARIOS.md")
    let start = try #require(text.range(of: probe.from), "no \(probe.from)")
    let end = text.range(of: probe.to, range: start.upperBound..<text.endIndex)?.lowerBound
    let described = text[start.lowerBound..<(end ?? text.endIndex)]

    #expect(choices.count > 1, "\(choices)")
    for choice in choices {
      #expect(
        described.contains("`\(choice)`") || described.contains("\"\(choice)\""),
        "\(probe.from) does not list \(choice)")
    }
  }

  /// The values the reader names when it refuses `zzz`.
  static func choices(_ json: String) throws -> [String] {
    do {
      _ = try ScenarioFile.parse(Foundation.Data(json.utf8), name: "probe.json")
    } catch {
      let message = error.description
      guard let list = message.range(of: "must be one of "),
        let got = message.range(of: ", got \"zzz\"")
      else { return [] }
      return message[list.upperBound..<got.lowerBound].components(separatedBy: ", ").map {
        $0.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
      }
    }
    return []
  }
}
