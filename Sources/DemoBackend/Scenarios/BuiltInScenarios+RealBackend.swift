import DataLayer
import Domain

/// The scenarios of a backend that answers like a real one.
extension BuiltInScenarios {
  private static let notVerified = ScriptedAnswer.error(
    403, code: WireBody.Code.userNotVerified, message: "Verify your email address")
  /// The first "check my status again" of `user-not-verified`: not verified yet.
  private static let notVerifiedYet = Scenario(
    name: "", summary: "",
    wallet: SourceScript([notVerified], latency: .milliseconds(60)),
    cards: SourceScript([notVerified], latency: .milliseconds(70)),
    userStatus: [.notVerified])

  /// How the client meets a backend that answers like a real one: tokens, retries, user
  /// state, declines.
  static let realBackend: [Scenario] = [
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
      name: "token-rotated",
      summary: "The access token expires twice, and the backend rotates the refresh token on "
        + "every refresh, refusing a replaced one (invalid_grant): the wallet's 401 is "
        + "refreshed; the cards, asked again a second later (503, Retry-After: 1), meet the "
        + "second expiry, refreshed with the new refresh token. The screen loads, no sign-in "
        + "(--verbose shows both refreshes).",
      wallet: SourceScript([tokenExpired, wallet], latency: .milliseconds(80)),
      cards: SourceScript(
        [.error(503, code: "maintenance", headers: ["retry-after": "1"]), tokenExpired, cards],
        latency: .milliseconds(120)),
      refresh: [.rotates, .rotates]
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
            decline: IssuerDecline(reason: .blocked, message: "Your bank blocked this card")),
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
}
