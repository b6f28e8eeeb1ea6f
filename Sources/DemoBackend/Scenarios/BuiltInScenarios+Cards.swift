import DataLayer
import Domain

/// The scenarios of the writes: adding a card, and changing a saved one.
extension BuiltInScenarios {
  /// How adding a card meets the backend: answers the form shows by field, a decline, and a
  /// write that is safe to retry because of its idempotency key.
  static let addingACard: [Scenario] = [
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
    Scenario(
      name: "add-card-3ds-approved",
      summary: "The bank wants the user to approve the card (202 requires_action): the app "
        + "waits, asking the backend with backoff, and the bank approves at the third poll: "
        + "saved and selected, exit 0.",
      addCard: bankWantsApproval,
      cardSetup: SourceScript(
        [
          BankAnswerScript.waiting.answer, BankAnswerScript.waiting.answer,
          BankAnswerScript.approved.answer,
        ],
        latency: pollLatency)
    ),
    Scenario(
      name: "add-card-3ds-failed",
      summary: "The bank wants the user to approve the card, then refuses it: \"Your bank "
        + "couldn't confirm this card. Use another card or try again.\"; exit 1.",
      addCard: bankWantsApproval,
      cardSetup: SourceScript(
        [
          BankAnswerScript.waiting.answer,
          BankAnswerScript.failed(reason: "authentication_failed").answer,
        ],
        latency: pollLatency)
    ),
    Scenario(
      name: "add-card-3ds-timeout",
      summary: "The bank wants the user to approve the card and never answers: after the "
        + "demo's 5-second budget, \"Your bank didn't answer in time. Try again.\"; exit 75. "
        + "r asks again under the same idempotency key.",
      addCard: bankWantsApproval,
      cardSetup: SourceScript([BankAnswerScript.waiting.answer], latency: pollLatency)
    ),
    Scenario(
      name: "add-card-3ds-token-expired",
      summary: "While the app waits for the bank, a poll meets an expired token (401): one "
        + "refresh, the poll again, and the bank approves: saved, exit 0.",
      addCard: bankWantsApproval,
      cardSetup: SourceScript(
        [
          BankAnswerScript.waiting.answer, BankAnswerScript.tokenExpired.answer,
          BankAnswerScript.approved.answer,
        ],
        latency: pollLatency)
    ),
  ]

  /// `POST /cards` in the 3-D Secure scenarios: a 202, the bank asking the user to approve.
  private static let bankWantsApproval = SourceScript(
    addCard: .requiresAction(message: "Demo Bank sent a request to your phone. Approve it there."),
    latency: .milliseconds(150))

  /// How long the backend takes to say where a card's approval stands: long enough for the
  /// wait to be seen.
  private static let pollLatency = Duration.milliseconds(250)

  /// How the writes to a saved card meet the backend: nothing changes on screen before it
  /// agrees, and every failure leaves the card as the backend has it.
  static let changingACard: [Scenario] = [
    Scenario(
      name: "remove-card-ok",
      summary: "Removing a card: x on it, then y; the backend removes it (204), and the list "
        + "shows it no more."
    ),
    Scenario(
      name: "remove-card-already-gone",
      summary: "The card was removed on another device: the DELETE answers 404 "
        + "card_not_found, the same end as removed (info log); the list shows it no more.",
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
      summary: "The method was removed on another device: the PUT answers 404 "
        + "method_not_found; the list is loaded again, without that card (or the wallet), and "
        + "says it is no longer available.",
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
