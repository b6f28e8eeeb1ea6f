import DataLayer
import Domain

/// The scenarios that ship with the app, one per way the screen can turn out.
/// Their names are an interface: scripts and the README rely on them.
public enum BuiltInScenarios {
  public static let defaultName = "all-available"

  public static func named(_ name: String) -> Scenario? {
    all.first { $0.name == name }
  }

  public static let all: [Scenario] =
    firstScreen + realBackend + realSockets + addingACard + changingACard + localCopy

  static let noApplePay = Scripted(ApplePayOutcome.notAvailable, latency: .milliseconds(20))

  /// The world once the user's recovery has worked: every source answers.
  static let allWell = Scenario(name: "", summary: "")

  static let wallet = WalletOutcome.defaultWallet.answer
  /// An active card and an expired one, which `e` can give a new expiry.
  static let expiredCard = SourceScript(
    cards: .ok([
      ScenarioCard(brand: "Visa", lastFour: "4242", expiry: "08/28", status: .active),
      ScenarioCard(brand: "Mastercard", lastFour: "4444", expiry: "01/24", status: .expired),
    ]),
    latency: .milliseconds(140))
  static let cards = CardsOutcome.defaultCards.answer
  static let tokenExpired = ScriptedAnswer.error(401, code: WireBody.Code.tokenExpired)

  /// How the payment-methods screen and the wallet screen meet the sources' answers.
  private static let firstScreen: [Scenario] = [
    Scenario(
      name: "all-available",
      summary: "Every source answers: the wallet, two cards and Apple Pay are listed."
    ),
    Scenario(
      name: "no-methods",
      summary:
        "No wallet, no saved cards, Apple Pay not on this device: the empty state, exit 0.",
      wallet: SourceScript(wallet: .notFound, latency: .milliseconds(70)),
      cards: SourceScript(cards: .ok([]), latency: .milliseconds(120)),
      applePay: noApplePay
    ),
    Scenario(
      name: "wallet-missing",
      summary: "The user has no wallet: it is left out (debug log); the wallet screen offers "
        + "to create one.",
      wallet: SourceScript(wallet: .notFound, latency: .milliseconds(70))
    ),
    Scenario(
      name: "wallet-banned",
      summary: "The wallet is suspended: it is left out (info log); the wallet screen says "
        + "so and points to support.",
      wallet: SourceScript(wallet: .banned, latency: .milliseconds(90))
    ),
    Scenario(
      name: "wallet-in-review",
      summary: "The wallet is waiting for review: it is left out (info log); the wallet "
        + "screen says it is pending.",
      wallet: SourceScript(wallet: .inReview(.pending), latency: .milliseconds(90))
    ),
    Scenario(
      name: "wallet-empty-balance",
      summary: "The wallet holds nothing: it is left out (info log); the wallet screen shows "
        + "the zero balance.",
      wallet: SourceScript(
        wallet: .ok(Wallet(balance: 0, currency: "EUR")), latency: .milliseconds(80))
    ),
    Scenario(
      name: "cards-offline",
      summary: "The cards request fails, offline: wallet and Apple Pay are listed, and "
        + "where the cards would be, the screen says they couldn't load; exit 0. Way out: "
        + "r, back online: the cards join the list.",
      cards: SourceScript([.transport(.offline)], latency: .milliseconds(250)),
      wayOut: [allWell]
    ),
    Scenario(
      name: "cards-expired",
      summary: "One active and one expired card: the expired one is listed but cannot be "
        + "selected.",
      cards: expiredCard
    ),
    Scenario(
      name: "apple-pay-unavailable",
      summary: "This device cannot pay with Apple Pay: wallet and cards are listed.",
      applePay: noApplePay
    ),
    Scenario(
      name: "apple-pay-needs-setup",
      summary: "Apple Pay is supported but has no card yet: it is listed as needing setup.",
      applePay: .init(.needsSetup, latency: .milliseconds(20))
    ),
    Scenario(
      name: "everything-fails",
      summary: "Wallet and cards are offline and Apple Pay fails: nothing can be shown, so "
        + "an offline error that asks to reconnect, exit 75. Way out: r, back online.",
      wallet: SourceScript([.transport(.offline)], latency: .milliseconds(200)),
      cards: SourceScript([.transport(.offline)], latency: .milliseconds(250)),
      applePay: .init(.unexpected, latency: .milliseconds(40)),
      wayOut: [allWell]
    ),
    Scenario(
      name: "wallet-slow",
      summary: "The wallet answers after the 3 s deadline: cards and Apple Pay are listed "
        + "once the deadline passes; the timeout is logged as a warning.",
      wallet: SourceScript(wallet: .defaultWallet, latency: .milliseconds(4500))
    ),
    Scenario(
      name: "unexpected-error",
      summary: "The cards source throws an error no layer knows: wallet and Apple Pay are "
        + "listed; the error is logged at error level with the original error.",
      cards: SourceScript(cards: .unexpected, latency: .milliseconds(110))
    ),
  ]

  /// Faults only a real connection has, for `scripts/scenario-server` to play on its
  /// sockets. In process each is the transport error the client meets over HTTP, so both
  /// ways show the same screen.
  private static let realSockets: [Scenario] = [
    Scenario(
      name: "connection-closed",
      summary: "The server closes the cards request's connection without an answer, once: "
        + "the connection is lost, the retry loads the screen.",
      cards: SourceScript([.socket(.closeConnection), cards], latency: .milliseconds(120))
    ),
    Scenario(
      name: "connection-reset",
      summary: "The server resets the wallet's connection halfway through the body, once: "
        + "the connection is lost, the retry loads the screen.",
      wallet: SourceScript([.socket(.resetMidBody), wallet], latency: .milliseconds(80))
    ),
    Scenario(
      name: "request-stalled",
      summary: "The server sends nothing for the cards until the client's 1 s request "
        + "timeout gives up, once: a timeout, and the retry loads the screen.",
      cards: SourceScript([.socket(.stall), cards], latency: .milliseconds(100))
    ),
    Scenario(
      name: "slow-body",
      summary: "The wallet's answer starts at once but its body trickles in over 6 s: the "
        + "3 s deadline cuts it; cards and Apple Pay are listed.",
      wallet: SourceScript(
        [
          .respondSlowly(
            status: 200, body: WireBody.text(WireBody.Wallet(balance: 125.5, currency: "EUR")))
        ],
        latency: .milliseconds(80))
    ),
  ]
}
