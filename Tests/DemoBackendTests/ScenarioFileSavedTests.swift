import Domain
import Foundation
import Testing

@testable import DemoBackend

/// A scenario file's `"saved"`, the device's local copy: what it may say, what it may not,
/// and how `--export-scenario` writes it for `--saved-list`.
@Suite("Scenario files: the local copy on the device", .timeLimit(.minutes(1)))
struct ScenarioFileSavedTests {
  private func seed(_ saved: String) throws(ScenarioFileError) -> LocalCopySeed? {
    try ScenarioFile.parse(Foundation.Data(#"{"saved": \#(saved)}"#.utf8), name: "test.json").saved
  }

  private func refusal(_ saved: String) -> String? {
    do {
      _ = try seed(saved)
      return nil
    } catch {
      return error.description
    }
  }

  @Test("a list with its age, its cards and its wallet reads as written")
  func list() throws {
    let saved = try seed(
      #"""
      {"age": "90s", "wallet": {"balance": 12.5, "currency": "EUR"},
       "cards": [{"brand": "Visa", "last4": "4242", "expiry": "08/28", "status": "active",
                  "rejection": {"reason": "blocked", "message": "Blocked"}}]}
      """#)

    #expect(
      saved
        == .list(
          age: .seconds(90), wallet: Wallet(balance: 12.5, currency: "EUR"),
          cards: [
            ScenarioCard(
              brand: "Visa", lastFour: "4242", expiry: "08/28", status: .active,
              decline: IssuerDecline(reason: .blocked, message: "Blocked"))
          ]))
  }

  @Test("a part left out is not kept, and \"damaged\" is a file that cannot be read")
  func partsAndDamaged() throws {
    #expect(try seed(#"{"age": "2h"}"#) == .list(age: .seconds(7200), wallet: nil, cards: nil))
    #expect(try seed(#""damaged""#) == .damaged)
    #expect(try ScenarioFile.parse(Foundation.Data("{}".utf8), name: "x").saved == nil)
  }

  @Test(
    "an age is a whole number and a unit: s, m, h or d",
    arguments: [("0s", 0), ("90s", 90), ("45m", 2700), ("2h", 7200), ("2d", 172_800)])
  func ages(text: String, seconds: Int64) throws {
    #expect(
      try seed(#"{"age": "\#(text)"}"#) == .list(age: .seconds(seconds), wallet: nil, cards: nil))
  }

  @Test(
    "an age that is not one is refused at its key",
    arguments: ["", "h", "2", "-2h", "2.5h", "2w", "2H", " 2h", "3651d", "99999999999999d"])
  func badAges(text: String) {
    #expect(
      refusal(#"{"age": "\#(text)"}"#)?.hasPrefix("saved.age: must be a whole number and a unit")
        == true)
  }

  @Test(
    "a value it cannot use is refused with the key path and the reason",
    arguments: [
      ("3", #"saved: must be "damaged" or an object with "age", got a number"#),
      (#""broken""#, #"saved: must be "damaged" or an object with "age", got "broken""#),
      (#"{"cards": []}"#, "saved.age: is missing"),
      (#"{"age": 2}"#, "saved.age: must be a string, got a number"),
      (#"{"age": "2h", "extra": 1}"#, "saved.extra: is an unknown key"),
      (#"{"age": "2h", "cards": {}}"#, "saved.cards: must be a list of cards, got an object"),
      (#"{"age": "2h", "cards": [{"brand": "Visa"}]}"#, "saved.cards[0].last4: is missing"),
      (
        #"{"age": "2h", "wallet": {"balance": -1, "currency": "EUR"}}"#,
        "saved.wallet.balance: must be 0 or more, got -1"
      ),
      (
        #"{"age": "2h", "wallet": {"balance": 1, "currency": "EUR", "isDefault": true}}"#,
        "saved.wallet.isDefault: is an unknown key"
      ),
    ])
  func refusals(saved: String, message: String) {
    #expect(refusal(saved)?.hasPrefix(message) == true, "\(refusal(saved) ?? "accepted")")
  }

  @Test(
    "the export writes a scenario's local copy as --saved-list reads it back, and null without",
    arguments: BuiltInScenarios.all.map(\.name))
  func exportRoundTrip(name: String) throws {
    let scenario = try #require(BuiltInScenarios.named(name))
    let exported = try #require(
      JSONSerialization.jsonObject(with: Foundation.Data(ScenarioScript(scenario).exported.utf8))
        as? [String: Any])
    let device = try #require(exported["device"] as? [String: Any])
    let saved = try #require(device["saved"])

    guard let seed = scenario.saved else {
      #expect(saved is NSNull)
      return
    }
    let text = String(
      decoding: try JSONSerialization.data(withJSONObject: saved, options: .fragmentsAllowed),
      as: UTF8.self)
    #expect(try ScenarioFile.localCopySeed(fromJSON: text) == seed)
  }

  @Test("a seed's list is saved its age before now, its cards with the backend's ids")
  func seedsAList() throws {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let seed = try #require(BuiltInScenarios.named("everything-offline-saved")?.saved)
    let list = try #require(seed.localCopy(now: now))

    #expect(list.wallet?.loadedAt == now.addingTimeInterval(-45 * 60))
    #expect(list.cards?.loadedAt == now.addingTimeInterval(-45 * 60))
    #expect(list.cards?.value.map(\.id) == ["1", "2"])
    #expect(list.wallet?.value == Wallet(balance: 125.5, currency: "EUR"))
    #expect(LocalCopySeed.damaged.localCopy(now: now) == nil)
  }
}
