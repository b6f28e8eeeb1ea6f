import DataLayer
import Domain
import Foundation

/// Reads a scenario from JSON (the format is in docs/SCENARIOS.md, "Scenario files";
/// `Examples/` has a sample).
///
/// Every mistake is reported with the key it is in and what was expected, and unknown keys
/// are refused rather than ignored, so a typo never silently turns into a default.
public enum ScenarioFile {
  public static func parse(_ data: Foundation.Data, name: String) throws(ScenarioFileError)
    -> Scenario
  {
    let root = try JSONValue.parse(Array(data))
    let reader = ScenarioFileReader(path: nil)
    let object = try reader.object(root)
    try reader.refuseUnknownKeys(
      object,
      allowed: [
        "wallet", "cards", "applePay", "session", "userStatus", "signIn", "addCard", "removeCard",
        "setDefault", "updateCard", "saved",
      ])

    // What the file leaves out is as in a scenario that scripts nothing (`Scenario.plain…`,
    // below), made only when it is left out.
    var wallet: SourceScript?
    var cards: SourceScript?
    var applePay = Scripted<ApplePayOutcome>(.available, latency: Scenario.applePayLatency)
    if let value = object["wallet"] {
      wallet = try Self.wallet(value, reader.child("wallet"))
    }
    if let value = object["cards"] {
      cards = try Self.cards(value, reader.child("cards"))
    }
    if let value = object["applePay"] {
      applePay = try Self.applePay(value, reader.child("applePay"))
    }
    var addCard: SourceScript?
    var polls: SourceScript?
    if let value = object["addCard"] {
      let read = try Self.addCard(value, reader.child("addCard"))
      (addCard, polls) = (read.0, read.polls)
    }
    var writes: [BackendEndpoint: SourceScript] = [:]
    for (key, endpoint) in [
      ("removeCard", BackendEndpoint.removeCard), ("setDefault", .setDefault),
      ("updateCard", .updateCard),
    ] {
      if let value = object[key] {
        writes[endpoint] = try Self.write(value, reader.child(key), endpoint)
      }
    }
    var refresh = Scenario.plainRefresh
    if let session = object["session"] {
      let sessionReader = reader.child("session")
      let sessionObject = try sessionReader.object(session)
      try sessionReader.refuseUnknownKeys(sessionObject, allowed: ["refresh"])
      refresh = try sessionReader.oneOrMany(sessionObject, "refresh")
    }
    var userStatus = Scenario.plainUserStatus
    if object["userStatus"] != nil {
      userStatus = try reader.oneOrMany(object, "userStatus")
    }
    var signIn = Scenario.plainSignIn
    if object["signIn"] != nil {
      let outcome = try reader.string(
        object, "signIn", oneOf: SignInOutcome.allCases.map(\.rawValue))
      signIn = SignInOutcome(rawValue: outcome) ?? .succeeds
    }
    var saved: LocalCopySeed?
    if let value = object["saved"] {
      saved = try Self.localCopySeed(value, reader.child("saved"))
    }
    // Adding a card and the writes the file leaves out meet what its cards meet, as in any
    // scenario (Scenario.init).
    return Scenario(
      name: name, summary: "Loaded from a scenario file.", wallet: wallet ?? Scenario.plainWallet,
      cards: cards ?? Scenario.plainCards, applePay: applePay,
      refresh: refresh, userStatus: userStatus, signIn: signIn, addCard: addCard,
      removeCard: writes[.removeCard], setDefault: writes[.setDefault],
      updateCard: writes[.updateCard], cardSetup: polls ?? Scenario.plainCardSetup,
      saved: saved)
  }
}
