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
    firstScreen + realBackend + realSockets + addingACard + changingACard

  private static let noApplePay = Scripted(ApplePayOutcome.notAvailable, latency: .milliseconds(20))

  /// The world once the user's recovery has worked: every source answers.
  private static let allWell = Scenario(name: "", summary: "")

  private static let wallet = WalletOutcome.defaultWallet.answer
  /// An active card and an expired one, which `e` can give a new expiry.
  private static let expiredCard = SourceScript(
    cards: .ok([
      ScenarioCard(brand: "Visa", lastFour: "4242", expiry: "08/28", status: .active),
      ScenarioCard(brand: "Mastercard", lastFour: "4444", expiry: "01/24", status: .expired),
    ]),
    latency: .milliseconds(140))
  private static let cards = CardsOutcome.defaultCards.answer
  private static let tokenExpired = ScriptedAnswer.error(401, code: WireBody.Code.tokenExpired)
  private static let notVerified = ScriptedAnswer.error(
    403, code: WireBody.Code.userNotVerified, message: "Verify your email address")
  /// The first "check my status again" of `user-not-verified`: not verified yet.
  private static let notVerifiedYet = Scenario(
    name: "", summary: "",
    wallet: SourceScript([notVerified], latency: .milliseconds(60)),
    cards: SourceScript([notVerified], latency: .milliseconds(70)),
    userStatus: [.notVerified])

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

  /// How the client meets a backend that answers like a real one: tokens, retries, user
  /// state, rejections.
  private static let realBackend: [Scenario] = [
    Scenario(
      name: "token-expired",
      summary: "The access token has expired: wallet and cards both get a 401, share one "
        + "refresh and repeat; the screen loads as usual (--verbose shows the refresh).",
      wallet: SourceScript(
        [.error(401, code: WireBody.Code.tokenExpired), wallet], latency: .milliseconds(80)),
      cards: SourceScript(
        [.error(401, code: WireBody.Code.tokenExpired), cards], latency: .milliseconds(120))
    ),
    Scenario(
      name: "session-expired",
      summary: "The token has expired and the refresh is refused (invalid_grant): the screen "
        + "asks the user to sign in again, exit 77. Way out: Enter signs in, and it loads.",
      wallet: SourceScript([tokenExpired], latency: .milliseconds(80)),
      cards: SourceScript([tokenExpired], latency: .milliseconds(120)),
      refresh: [.fails],
      wayOut: [allWell]
    ),
    Scenario(
      name: "refresh-offline",
      summary: "The wallet's token has expired and the network drops: its refresh and the "
        + "cards fail offline, \"You're offline\", exit 75. The session stays open. Way out: "
        + "r refreshes again, and it loads.",
      wallet: SourceScript([tokenExpired], latency: .milliseconds(80)),
      cards: SourceScript([.transport(.offline)], latency: .milliseconds(120)),
      applePay: noApplePay,
      refresh: [.offline],
      // The token is still expired: this time the refresh gets through.
      wayOut: [
        Scenario(
          name: "", summary: "",
          wallet: SourceScript([tokenExpired, wallet], latency: .milliseconds(80)))
      ]
    ),
    Scenario(
      name: "rate-limited",
      summary: "Wallet and cards answer 429 without Retry-After: not retried; a "
        + "too-many-requests error, exit 75. Way out: r, a moment later.",
      wallet: SourceScript([.error(429, code: "rate_limited")], latency: .milliseconds(60)),
      cards: SourceScript([.error(429, code: "rate_limited")], latency: .milliseconds(70)),
      applePay: noApplePay,
      wayOut: [allWell]
    ),
    Scenario(
      name: "rate-limited-retry-after",
      summary: "The cards answer 429 with Retry-After: 1, then 200: the client waits the "
        + "second it was asked to and the screen loads.",
      cards: SourceScript(
        [.error(429, code: "rate_limited", headers: ["retry-after": "1"]), cards],
        latency: .milliseconds(70))
    ),
    Scenario(
      name: "server-error-retry-after",
      summary: "Wallet and cards answer 503 with Retry-After: 1, then 200: one retry each "
        + "after a second, and the screen loads.",
      wallet: SourceScript(
        [.error(503, code: "maintenance", headers: ["retry-after": "1"]), wallet],
        latency: .milliseconds(90)),
      cards: SourceScript(
        [.error(503, code: "maintenance", headers: ["retry-after": "1"]), cards],
        latency: .milliseconds(110))
    ),
    Scenario(
      name: "server-down",
      summary: "Wallet and cards answer 503: three attempts each with backoff, then "
        + "'service unavailable', exit 69. Way out: r, once the service is back.",
      wallet: SourceScript([.error(503, code: "unavailable")], latency: .milliseconds(90)),
      cards: SourceScript([.error(503, code: "unavailable")], latency: .milliseconds(110)),
      applePay: noApplePay,
      wayOut: [allWell]
    ),
    Scenario(
      name: "offline",
      summary: "The device is offline: wallet and cards fail at once and are not retried; "
        + "the screen asks to reconnect, exit 75. Way out: r, back online.",
      wallet: SourceScript([.transport(.offline)], latency: .milliseconds(10)),
      cards: SourceScript([.transport(.offline)], latency: .milliseconds(10)),
      applePay: noApplePay,
      wayOut: [allWell]
    ),
    Scenario(
      name: "timeout-then-ok",
      summary: "The cards request times out once and is retried after a short backoff: the "
        + "screen loads (--verbose shows the retry).",
      cards: SourceScript([.transport(.timedOut), cards], latency: .milliseconds(300))
    ),
    Scenario(
      name: "client-outdated",
      summary: "The backend answers 426: this app version is no longer supported; the "
        + "screen asks to update the app, exit 1. Enter shows how to update.",
      wallet: SourceScript([.error(426, code: "client_outdated")], latency: .milliseconds(60)),
      cards: SourceScript([.error(426, code: "client_outdated")], latency: .milliseconds(70))
    ),
    Scenario(
      name: "user-not-verified",
      summary: "The backend answers 403 user_not_verified: the screen asks the user to "
        + "verify their account, then check their status again, exit 77. Way out: Enter "
        + "checks; the first check says the account isn't verified yet, the second finds "
        + "it verified, and it loads.",
      wallet: SourceScript([notVerified], latency: .milliseconds(60)),
      cards: SourceScript([notVerified], latency: .milliseconds(70)),
      userStatus: [.notVerified],
      wayOut: [notVerifiedYet, allWell]
    ),
    Scenario(
      name: "user-locked",
      summary: "The backend answers 403 user_locked: the screen asks the user to contact "
        + "support and shows the trace id, exit 77. Enter shows how to reach support.",
      wallet: SourceScript(
        [.error(403, code: WireBody.Code.userLocked)], latency: .milliseconds(60)),
      cards: SourceScript(
        [.error(403, code: WireBody.Code.userLocked)], latency: .milliseconds(70)),
      userStatus: [.locked]
    ),
    Scenario(
      name: "malformed-response",
      summary: "Wallet and cards answer 200 with a body that is not JSON: a bug, so "
        + "'something went wrong' with the trace id, exit 70.",
      wallet: SourceScript([.respond(status: 200, body: "not json")], latency: .milliseconds(60)),
      cards: SourceScript([.respond(status: 200, body: "<html>")], latency: .milliseconds(70)),
      applePay: noApplePay
    ),
    Scenario(
      name: "card-rejected",
      summary: "The issuer rejected one card, inside a successful answer: it is listed as a "
        + "value, not selectable, with the issuer's reason.",
      cards: SourceScript(
        cards: .ok([
          ScenarioCard(brand: "Visa", lastFour: "4242", expiry: "08/28", status: .active),
          ScenarioCard(
            brand: "Mastercard", lastFour: "8210", expiry: "05/29", status: .active,
            rejection: IssuerRejection(reason: .blocked, message: "Your bank blocked this card")),
        ]),
        latency: .milliseconds(140))
    ),
    Scenario(
      name: "apple-pay-interrupted",
      summary: "The Apple Pay check throws CancellationError although nobody cancelled the "
        + "load: an ordinary failure, skipped with a warning; wallet and cards are listed.",
      applePay: Scripted(.interrupted, latency: .milliseconds(30))
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

  /// How adding a card meets the backend: answers the form shows by field, a decline, and a
  /// write that is safe to retry because of its idempotency key.
  private static let addingACard: [Scenario] = [
    Scenario(
      name: "add-card-ok",
      summary: "Adding a card: the backend saves it (201), and the list shows it, selected."
    ),
    Scenario(
      name: "add-card-invalid",
      summary: "The backend refuses the number and the expiry (422) although they pass the "
        + "app's own checks: each message lands on its field, exit 65.",
      addCard: SourceScript(
        addCard: .invalid([
          "number": ["We can't accept cards from this bank."],
          "expiry": ["This card expires too soon to be saved."],
        ]),
        latency: .milliseconds(150))
    ),
    Scenario(
      name: "add-card-duplicate",
      summary: "The card is saved already (409): the backend names that card, which the "
        + "list then shows once, selected; exit 0.",
      addCard: SourceScript(addCard: .duplicate, latency: .milliseconds(150))
    ),
    Scenario(
      name: "add-card-declined",
      summary: "The issuer declines the card (402 generic_decline, no advice): \"Declined by "
        + "your bank\", use another card; exit 1.",
      addCard: SourceScript(addCard: .declined(ScriptedDecline()), latency: .milliseconds(150))
    ),
    Scenario(
      name: "add-card-insufficient-funds",
      summary: "The issuer declines the card for its funds (402 insufficient_funds): \"Not "
        + "enough funds\", use another card; exit 1.",
      addCard: SourceScript(
        addCard: .declined(ScriptedDecline("insufficient_funds")), latency: .milliseconds(150))
    ),
    Scenario(
      name: "add-card-incorrect-cvc",
      summary: "The issuer refuses the security code (402 incorrect_cvc, advice "
        + "confirm_card_data): back on the form, the cursor on the security code; exit 1.",
      addCard: SourceScript(
        addCard: .declined(ScriptedDecline("incorrect_cvc", advice: "confirm_card_data")),
        latency: .milliseconds(150))
    ),
    Scenario(
      name: "add-card-stolen",
      summary: "The issuer reports the card stolen (402 stolen_card): shown exactly as a "
        + "generic decline; the code only in the developer log, at info; exit 1.",
      addCard: SourceScript(
        addCard: .declined(ScriptedDecline("stolen_card")), latency: .milliseconds(150))
    ),
    Scenario(
      name: "add-card-processing-error-then-ok",
      summary: "The issuer has a passing problem (402 processing_error): \"Try again.\"; "
        + "exit 1. Way out: Enter saves again, and the card is saved.",
      addCard: SourceScript(
        addCard: .declined(ScriptedDecline("processing_error")), latency: .milliseconds(150)),
      wayOut: [allWell]
    ),
    Scenario(
      name: "add-card-timeout-then-ok",
      summary: "The first POST's answer is lost after the card was saved; the retry carries "
        + "the same idempotency key and gets the same card: exactly one card saved.",
      addCard: SourceScript([.savedButAnswerLost], latency: .milliseconds(150))
    ),
    Scenario(
      name: "add-card-token-expired",
      summary: "The POST meets an expired token (401): one refresh, and the replay with the "
        + "same idempotency key saves the card.",
      addCard: SourceScript(
        [tokenExpired, .respond(status: 201, body: "")], latency: .milliseconds(150))
    ),
    Scenario(
      name: "add-card-session-expired",
      summary: "The POST meets an expired token and the refresh is refused: sign in again, "
        + "exit 77. Way out: Enter signs in.",
      refresh: [.fails],
      addCard: SourceScript([tokenExpired], latency: .milliseconds(150)),
      wayOut: [allWell]
    ),
  ]

  /// The cards once card `id` was removed on another device: the list a reload gets.
  private static func cards(without id: String) -> ScriptedAnswer {
    let listed: [WireBody.Cards.Card] = [
      .init(id: "1", brand: "Visa", last4: "4242", expiry: "08/28", status: "active"),
      .init(id: "2", brand: "Mastercard", last4: "5454", expiry: "11/27", status: "active"),
    ]
    return .respond(
      status: 200, body: WireBody.text(WireBody.Cards(cards: listed.filter { $0.id != id })))
  }

  /// How the writes to a saved card meet the backend: nothing changes on screen before it
  /// agrees, and every failure leaves the card as the backend has it.
  private static let changingACard: [Scenario] = [
    Scenario(
      name: "remove-card-ok",
      summary: "Removing a card: x on it, then y; the backend removes it (204), and the list "
        + "shows it no more."
    ),
    Scenario(
      name: "remove-card-already-gone",
      summary: "The card was removed on another device: the DELETE answers 404 "
        + "card_not_found, the same end as removed (info log); the list shows it no more.",
      cards: SourceScript([cards, cards(without: "1")], latency: .milliseconds(140)),
      removeCard: SourceScript(
        [.error(404, code: WireBody.Code.cardNotFound)], latency: .milliseconds(150))
    ),
    Scenario(
      name: "remove-card-last",
      summary: "One card is the user's only way to pay: the DELETE answers 409 "
        + "last_payment_method; the card stays, and the screen says to add another first.",
      wallet: SourceScript(wallet: .notFound, latency: .milliseconds(80)),
      cards: SourceScript(
        cards: .ok([ScenarioCard(brand: "Visa", lastFour: "4242", expiry: "08/28", status: .active)]
        ),
        latency: .milliseconds(140)),
      applePay: noApplePay,
      removeCard: SourceScript(
        [.error(409, code: WireBody.Code.lastPaymentMethod)], latency: .milliseconds(150))
    ),
    Scenario(
      name: "remove-card-offline-then-ok",
      summary: "Removing a card meets no connection: the card stays, with \"You're offline\" "
        + "under it. Way out: r, back online: the card is removed.",
      removeCard: SourceScript([.transport(.offline)], latency: .milliseconds(150)),
      wayOut: [allWell]
    ),
    Scenario(
      name: "remove-card-token-expired",
      summary: "The DELETE meets an expired token (401): one refresh, the DELETE sent again, "
        + "and the card removed.",
      removeCard: SourceScript(
        [tokenExpired, .respond(status: 204, body: "")], latency: .milliseconds(150))
    ),
    Scenario(
      name: "remove-card-session-expired",
      summary: "The DELETE meets an expired token and the refresh is refused: the card stays, "
        + "and the screen asks to sign in again. Way out: Enter signs in, and the list loads.",
      refresh: [.fails],
      removeCard: SourceScript([tokenExpired], latency: .milliseconds(150)),
      wayOut: [allWell]
    ),
    Scenario(
      name: "set-default-ok",
      summary: "Making a method the default: d on a card or the wallet; the backend agrees "
        + "(200), and that row, and no other, is marked Default."
    ),
    Scenario(
      name: "set-default-gone",
      summary: "The card was removed on another device: the PUT answers 404 "
        + "method_not_found; the list is loaded again, without it, and says the card is no "
        + "longer available.",
      cards: SourceScript([cards, cards(without: "2")], latency: .milliseconds(140)),
      setDefault: SourceScript(
        [.error(404, code: WireBody.Code.methodNotFound)], latency: .milliseconds(150))
    ),
    Scenario(
      name: "update-card-ok",
      summary: "An expired card gets its new expiry: e on Mastercard •••• 4444, type the date, "
        + "Enter; the backend updates it (200), and the row says when it expires now.",
      cards: expiredCard
    ),
    Scenario(
      name: "update-card-invalid",
      summary: "The backend refuses the new expiry (422) although it passes the app's own "
        + "checks: the message stands under the field, and stays when the form is opened "
        + "again; exit 65.",
      cards: expiredCard,
      updateCard: SourceScript(
        addCard: .invalid(["expiry": ["This isn't the date your bank has for this card."]]),
        latency: .milliseconds(150))
    ),
    Scenario(
      name: "update-card-declined",
      summary: "The issuer declines the new expiry (402 do_not_honor): \"Declined by your "
        + "bank\" above the form, the date kept; exit 1.",
      cards: expiredCard,
      updateCard: SourceScript(
        addCard: .declined(ScriptedDecline("do_not_honor")),
        latency: .milliseconds(150))
    ),
    Scenario(
      name: "update-card-timeout-then-ok",
      summary: "The first PATCH's answer is lost after the card was updated; the retry carries "
        + "the same idempotency key and gets the same card: updated once.",
      cards: expiredCard,
      updateCard: SourceScript([.savedButAnswerLost], latency: .milliseconds(150))
    ),
  ]
}
