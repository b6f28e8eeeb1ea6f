import Domain

/// The scenarios that ship with the app, one per way the screen can turn out.
/// Their names are an interface: scripts and the README rely on them.
public enum BuiltInScenarios {
  public static let defaultName = "all-available"

  public static func named(_ name: String) -> Scenario? {
    all.first { $0.name == name }
  }

  public static let all: [Scenario] = [
    Scenario(
      name: "all-available",
      summary: "Every source answers: the wallet, two cards and Apple Pay are listed."
    ),
    Scenario(
      name: "no-methods",
      summary:
        "No wallet, no saved cards, Apple Pay not on this device: the empty state, exit 0.",
      wallet: .init(.notFound, latency: .milliseconds(70)),
      cards: .init(.ok([]), latency: .milliseconds(120)),
      applePay: .init(.notAvailable, latency: .milliseconds(20))
    ),
    Scenario(
      name: "wallet-missing",
      summary: "The user has no wallet: it is left out (debug log); the wallet screen offers "
        + "to create one.",
      wallet: .init(.notFound, latency: .milliseconds(70))
    ),
    Scenario(
      name: "wallet-banned",
      summary: "The wallet is suspended: it is left out (info log); the wallet screen says "
        + "so and points to support.",
      wallet: .init(.banned, latency: .milliseconds(90))
    ),
    Scenario(
      name: "wallet-in-review",
      summary: "The wallet is waiting for review: it is left out (info log); the wallet "
        + "screen says it is pending.",
      wallet: .init(.inReview(.pending), latency: .milliseconds(90))
    ),
    Scenario(
      name: "wallet-empty-balance",
      summary: "The wallet holds nothing: it is left out (info log); the wallet screen shows "
        + "the zero balance.",
      wallet: .init(.ok(Wallet(balance: 0, currency: "EUR")), latency: .milliseconds(80))
    ),
    Scenario(
      name: "cards-offline",
      summary: "The cards backend is unreachable: wallet and Apple Pay are listed; the "
        + "failure is logged as a warning.",
      cards: .init(.offline, latency: .milliseconds(250))
    ),
    Scenario(
      name: "cards-expired",
      summary: "One active and one expired card: the expired one is listed but cannot be "
        + "selected.",
      cards: .init(
        .ok([
          ScenarioCard(brand: "Visa", lastFour: "4242", expiry: "08/28", status: .active),
          ScenarioCard(brand: "Mastercard", lastFour: "4444", expiry: "01/24", status: .expired),
        ]),
        latency: .milliseconds(140)
      )
    ),
    Scenario(
      name: "apple-pay-unavailable",
      summary: "This device cannot pay with Apple Pay: wallet and cards are listed.",
      applePay: .init(.notAvailable, latency: .milliseconds(20))
    ),
    Scenario(
      name: "apple-pay-needs-setup",
      summary: "Apple Pay is supported but has no card yet: it is listed as needing setup.",
      applePay: .init(.needsSetup, latency: .milliseconds(20))
    ),
    Scenario(
      name: "everything-fails",
      summary: "Wallet and cards are unreachable and Apple Pay fails: nothing can be shown, "
        + "so an error with a retry hint, exit 1.",
      wallet: .init(.offline, latency: .milliseconds(200)),
      cards: .init(.offline, latency: .milliseconds(250)),
      applePay: .init(.unexpected, latency: .milliseconds(40))
    ),
    Scenario(
      name: "wallet-slow",
      summary: "The wallet answers after the 3 s deadline: cards and Apple Pay are listed "
        + "once the deadline passes; the timeout is logged as a warning.",
      wallet: .init(.defaultWallet, latency: .milliseconds(4500))
    ),
    Scenario(
      name: "unexpected-error",
      summary: "The cards source throws an error no layer knows: wallet and Apple Pay are "
        + "listed; the error is logged at error level with the original error.",
      cards: .init(.unexpected, latency: .milliseconds(110))
    ),
  ]
}
