import Domain
import Foundation
import Testing

@testable import CLI

/// One rule for which card takes a new expiry, asked by the screen and by `update-card`
/// alike: `PaymentCard.takesNewExpiry`, only an expired card.
@MainActor
@Suite("A new expiry: one rule on the screen and on the command line", .timeLimit(.minutes(1)))
struct NewExpiryRuleTests {
  @Test("update-card on a card that has not expired is refused with its reason, exit 1, unsent")
  func activeCardRefused() async throws {
    let run = await runCLI(
      ["update-card", "--id", "card-1", "--expiry", "01/30", "--json", "--verbose"])
    let output = try #require(
      JSONSerialization.jsonObject(with: Foundation.Data(run.output.utf8)) as? [String: Any])

    #expect(run.exitCode == .errorState)
    #expect(output["status"] as? String == "refused")
    #expect(
      output["message"] as? String
        == "Visa •••• 4242 has not expired: only an expired card takes a new expiry.")
    #expect(!run.errors.contains("PATCH /cards"), "nothing is sent")
  }

  @Test("update-card on an expired card is sent, as e on the screen is offered there")
  func expiredCardSent() async throws {
    let run = await runCLI(
      ["update-card", "--id", "card-2", "--expiry", "01/30", "--scenario", "update-card-ok"])

    #expect(run.exitCode == .success)
  }

  @Test("the screen offers e on exactly the cards update-card takes")
  func sameRuleOnBoth() async throws {
    // cards-expired: the wallet, Visa (active), Mastercard (expired), Apple Pay.
    let snapshot = await InteractiveFixtures.snapshot("cards-expired")
    var offered: [String] = []
    for row in snapshot.methods.indices {
      var model = InteractiveScreen(screen: .paymentMethods)
      model.rowChanges = true
      model.expiryUpdates = true
      model.highlighted = row
      if model.actions(for: snapshot).contains(.newExpiry) {
        offered.append(snapshot.methods[row].id)
      }
    }
    var taken: [String] = []
    for id in ["card-1", "card-2"] {
      let run = await runCLI(
        ["update-card", "--id", id, "--expiry", "01/30", "--scenario", "cards-expired", "--json"])
      let output = try #require(
        JSONSerialization.jsonObject(with: Foundation.Data(run.output.utf8)) as? [String: Any])
      if output["status"] as? String != "refused" { taken.append(id) }
    }

    #expect(offered == ["card-2"])
    #expect(taken == offered)
  }

  @Test("only an expired card takes a new expiry")
  func domainRule() throws {
    let expiry = try #require(CardExpiry(month: 1, year: 2024))
    let active = PaymentCard(
      id: "1", brand: "Visa", lastFour: "4242", expiry: expiry, status: .active)
    var expired = active
    expired.status = .expired
    var declined = active
    declined.decline = IssuerDecline(reason: .expired)

    #expect(expired.takesNewExpiry)
    #expect(!active.takesNewExpiry)
    #expect(!declined.takesNewExpiry)
  }
}
