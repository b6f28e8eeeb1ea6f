import Domain

/// The scenarios of the local copy: what an earlier run left on the device, shown while a
/// source cannot load, for a day at most, and forgotten when the user is sent on a journey.
extension BuiltInScenarios {
  /// Two hours: long enough to read as "2 hours ago", well inside the local copy's day.
  private static let twoHours = Duration.seconds(2 * 60 * 60)
  /// The cards and the wallet an earlier run loaded: what `all-available` lists.
  private static let savedCards = [
    ScenarioCard(brand: "Visa", lastFour: "4242", expiry: "08/28", status: .active),
    ScenarioCard(brand: "Mastercard", lastFour: "5454", expiry: "11/27", status: .active),
  ]
  private static let savedWallet = Wallet(balance: 125.5, currency: "EUR")
  private static let offline = SourceScript([.transport(.offline)], latency: .milliseconds(10))
  private static let cardsOffline = SourceScript(
    [.transport(.offline)], latency: .milliseconds(250))

  static let localCopy: [Scenario] = [
    Scenario(
      name: "cards-offline-saved",
      summary: "The cards request fails, offline, and the device kept the cards of a load 2 "
        + "hours ago: they are listed, marked as saved, beside \"You're offline · your cards "
        + "as of …\"; the wallet and Apple Pay answer; exit 0. Way out: r, back online.",
      cards: cardsOffline,
      wayOut: [allWell],
      saved: .list(age: twoHours, wallet: nil, cards: savedCards)
    ),
    Scenario(
      name: "everything-offline-saved",
      summary: "The device is offline and has no Apple Pay, as in offline, but it kept the "
        + "wallet and the cards of a load 45 minutes ago: both are listed, marked as saved, "
        + "each beside its notice; exit 0. Way out: r, back online.",
      wallet: offline,
      cards: offline,
      applePay: noApplePay,
      wayOut: [allWell],
      saved: .list(age: .seconds(45 * 60), wallet: savedWallet, cards: savedCards)
    ),
    Scenario(
      name: "offline-saved-expired",
      summary: "As offline, with a local copy 2 days old, past its day: nothing of it is "
        + "shown, and the screen asks to reconnect, exit 75. Way out: r, back online.",
      wallet: offline,
      cards: offline,
      applePay: noApplePay,
      wayOut: [allWell],
      saved: .list(age: .seconds(2 * 24 * 60 * 60), wallet: savedWallet, cards: savedCards)
    ),
    Scenario(
      name: "session-expired-clears-saved",
      summary: "As session-expired, with a local copy of 2 hours ago: the journey deletes "
        + "it before the screen asks to sign in, exit 77, so whoever signs in next never "
        + "sees these cards. Way out: Enter signs in, and it loads.",
      wallet: SourceScript([tokenExpired], latency: .milliseconds(80)),
      cards: SourceScript([tokenExpired], latency: .milliseconds(120)),
      refresh: [.fails],
      wayOut: [allWell],
      saved: .list(age: twoHours, wallet: savedWallet, cards: savedCards)
    ),
    Scenario(
      name: "saved-list-corrupt",
      summary: "As cards-offline, with a local copy that cannot be read (cut off midway): it "
        + "counts as missing, one warning in the log, and the screen is cards-offline's; "
        + "exit 0. Way out: r, back online, and the list is saved whole again.",
      cards: cardsOffline,
      wayOut: [allWell],
      saved: .damaged
    ),
  ]
}
