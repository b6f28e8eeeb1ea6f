import DataLayer
import Domain
import Foundation

/// Reads a scenario from JSON (the format is in the README; `Examples/` has a sample).
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
        "setDefault", "updateCard",
      ])

    var scenario = Scenario(name: name, summary: "Loaded from a scenario file.")
    if let wallet = object["wallet"] {
      scenario.wallet = try Self.wallet(wallet, reader.child("wallet"), default: scenario.wallet)
    }
    if let cards = object["cards"] {
      scenario.cards = try Self.cards(cards, reader.child("cards"), default: scenario.cards)
    }
    if let applePay = object["applePay"] {
      scenario.applePay = try Self.applePay(
        applePay, reader.child("applePay"), default: scenario.applePay)
    }
    if let addCard = object["addCard"] {
      let polls: SourceScript?
      (scenario.addCard, polls) = try Self.addCard(
        addCard, reader.child("addCard"), default: scenario.addCard)
      if let polls { scenario.cardSetup = polls }
    } else {
      scenario.addCard = SourceScript(addCardMeeting: scenario.cards)
    }
    scenario.removeCard =
      try object["removeCard"].map { value throws(ScenarioFileError) in
        try Self.write(value, reader.child("removeCard"), .removeCard)
      } ?? SourceScript(writeMeeting: scenario.cards, status: 204)
    scenario.setDefault =
      try object["setDefault"].map { value throws(ScenarioFileError) in
        try Self.write(value, reader.child("setDefault"), .setDefault)
      } ?? SourceScript(writeMeeting: scenario.cards, status: 200)
    scenario.updateCard =
      try object["updateCard"].map { value throws(ScenarioFileError) in
        try Self.write(value, reader.child("updateCard"), .updateCard)
      } ?? SourceScript(writeMeeting: scenario.cards, status: 200)
    if let session = object["session"] {
      let sessionReader = reader.child("session")
      let sessionObject = try sessionReader.object(session)
      try sessionReader.refuseUnknownKeys(sessionObject, allowed: ["refresh"])
      scenario.refresh = try sessionReader.oneOrMany(sessionObject, "refresh")
    }
    if object["userStatus"] != nil {
      scenario.userStatus = try reader.oneOrMany(object, "userStatus")
    }
    if object["signIn"] != nil {
      let outcome = try reader.string(
        object, "signIn", oneOf: SignInOutcome.allCases.map(\.rawValue))
      scenario.signIn = SignInOutcome(rawValue: outcome) ?? .succeeds
    }
    return scenario
  }
}
