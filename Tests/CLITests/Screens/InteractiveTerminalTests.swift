import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The interactive screen on a real pseudo-terminal: keys in, frames out, the terminal left
/// as it was found. Each wait has a time limit; none is a fixed sleep.
@Suite("Interactive screen on a pseudo-terminal", .serialized, .timeLimit(.minutes(1)))
struct InteractiveTerminalTests {
  @Test("select a card and quit: its name on stdout, exit 0")
  func selectAndQuit() async throws {
    let terminal = try PseudoTerminal(["--scenario", "all-available"])
    try #require(await terminal.waiting(for: "Enter select"))

    terminal.send("j")
    terminal.send("\r")
    try #require(await terminal.waiting(for: "Visa •••• 4242 selected."))
    terminal.send("q")

    #expect(await terminal.exiting() == 0)
    #expect(terminal.text.contains("Selected: Visa •••• 4242\r\n"))
  }

  @Test("cards that could not load say so beside the list, and r brings them back")
  func partialLoadRecovers() async throws {
    let terminal = try PseudoTerminal(["--scenario", "cards-offline"])
    try #require(await terminal.waiting(for: "r try again"))
    #expect(terminal.text.contains("We couldn't load your cards without a"))
    let before = terminal.output.count

    terminal.send("r")

    try #require(await terminal.waiting(for: "Visa •••• 4242", after: before))
    terminal.send("q")
    #expect(await terminal.exiting() == 0)
    let last = terminal.text.components(separatedBy: "Choose how to pay").last ?? ""
    #expect(!last.contains("You're offline"))
  }

  @Test("r keeps the cursor on its row while the cards join the list above it")
  func cursorStaysOnItsRow() async throws {
    let terminal = try PseudoTerminal(["--scenario", "cards-offline"])
    try #require(await terminal.waiting(for: "r try again"))
    // Over the notice where the cards would be, to Apple Pay.
    terminal.send("jj")
    try #require(await terminal.waiting(for: "▸○ Apple Pay"))
    let before = terminal.output.count

    terminal.send("r")
    try #require(await terminal.waiting(for: "Visa •••• 4242", after: before))
    terminal.send("\r")

    #expect(await terminal.waiting(for: "Apple Pay selected.", after: before))
    terminal.send("q")
    #expect(await terminal.exiting() == 0)
  }

  @Test("a scenario typed at the terminal is asked for, then drives the screen")
  func scenarioTypedAtTheTerminal() async throws {
    let terminal = try PseudoTerminal(["--scenario-file", "-"])
    try #require(await terminal.waiting(for: "reading the scenario's JSON; end it with Ctrl-D"))

    terminal.send(#"{"wallet": {"outcome": "banned"}}"# + "\n\u{04}")

    try #require(await terminal.waiting(for: "Enter select"))
    #expect(!terminal.text.contains("Balance"), "the banned wallet is left out")
    terminal.send("q")
    #expect(await terminal.exiting() == 0)
  }

  @Test("in the log panel, a line marks where the next action's timeline starts")
  func logPanelMarksEachTimeline() async throws {
    let terminal = try PseudoTerminal(["--scenario", "offline"])
    try #require(await terminal.waiting(for: "r try again"))
    terminal.send("l")
    try #require(await terminal.waiting(for: "Developer log"))
    let before = terminal.output.count

    terminal.send("r")

    #expect(await terminal.waiting(for: "──────  trying the payment methods again", after: before))
    try #require(await terminal.waiting(for: "Balance €125.50", after: before))
    terminal.send("q")
    #expect(await terminal.exiting() == 0)
  }

  @Test(
    "after x or d, the log panel's lines start with the time since the change began",
    arguments: [
      ("d", "making a method the default", "PUT /me/default-payment-method"),
      ("jxy", "removing a card", "DELETE /cards/{id}"),
    ])
  func logPanelTimesAChange(keys: String, timeline: String, request: String) async throws {
    // The panel open, in the screen's place at this size.
    let terminal = try PseudoTerminal(["--scenario", "all-available", "--verbose"])
    try #require(await terminal.waiting(for: "[debug] ← GET /cards 200"))
    // The cards' answer is logged before the list is shown (Apple Pay may answer after it):
    // the footer offers `d` only once the list is there, and a key sent earlier does nothing.
    try #require(await terminal.waiting(for: "d make default"))
    let before = terminal.output.count

    terminal.send(keys)

    try #require(await terminal.waiting(for: "──────  " + timeline, after: before))
    let marker = try #require(terminal.end(of: "──────  " + timeline, after: before))
    // The change's request, sent and answered.
    try #require(await terminal.waiting(for: "[debug] ← " + request, after: marker))
    let panel = String(decoding: terminal.output[marker...], as: UTF8.self)
    #expect(panel.contains("ms  [debug] → " + request))
    #expect(panel.contains("ms  [debug] ← " + request))
    #expect(!panel.contains("-  [debug]"), "a line without its time: \(panel)")
    terminal.send("q")
    #expect(await terminal.exiting() == 0)
  }

  @Test("offline, then r: the same load path again, and the screen loads")
  func retryOffline() async throws {
    let terminal = try PseudoTerminal(["--scenario", "offline"])
    try #require(await terminal.waiting(for: "r try again"))
    let before = terminal.output.count

    terminal.send("r")

    #expect(await terminal.waiting(for: "Balance €125.50", after: before))
    terminal.send("q")
    #expect(await terminal.exiting() == 0)
  }

  @Test("the session ended, then Enter: signed in, and the screen loads")
  func signIn() async throws {
    let terminal = try PseudoTerminal(["--scenario", "session-expired"])
    try #require(await terminal.waiting(for: "Enter Sign in"))
    let before = terminal.output.count

    terminal.send("\r")

    #expect(await terminal.waiting(for: "Balance €125.50", after: before))
    terminal.send("q")
    #expect(await terminal.exiting() == 0)
  }

  @Test("the session ended, then Enter on a sign-in the backend refuses: the screen says so")
  func refusedSignIn() async throws {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("refused-sign-in-\(UUID().uuidString).json")
    let expired = #"{"responses": [{"status": 401, "code": "token_expired"}, {"status": 200}]}"#
    let json =
      #"{"wallet": \#(expired), "cards": \#(expired), "#
      + #""session": {"refresh": "fails"}, "signIn": "fails"}"#
    try Data(json.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let terminal = try PseudoTerminal(["--scenario-file", file.path])
    try #require(await terminal.waiting(for: "Enter Sign in"))
    let before = terminal.output.count

    terminal.send("\r")

    // The journey drawn again after the refusal, saying what came of the try, and its
    // button on offer once more.
    try #require(
      await terminal.waiting(for: "Tried just now: the sign-in was refused.", after: before))
    let refused = try #require(terminal.end(of: "Tried just now", after: before))
    #expect(await terminal.waiting(for: "Enter Sign in", after: refused))
    terminal.send("q")
    #expect(await terminal.exiting() == 77)
  }

  @Test("saving a card meets an ended session, and Sign in and save is refused: the form says so")
  func refusedSignInOnTheForm() async throws {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("refused-form-sign-in-\(UUID().uuidString).json")
    try Data(Self.formSignInRefused.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let terminal = try PseudoTerminal(["--scenario-file", file.path])
    let before = try await submitCard(terminal)
    try #require(await terminal.waiting(for: "Enter Sign in and save", after: before))
    let journey = terminal.output.count

    terminal.send("\r")

    // The form drawn again after the refusal, as the list is: the journey above it, what
    // came of the try under it, the card as typed, and the button on offer once more.
    try #require(
      await terminal.waiting(for: "Tried just now: the sign-in was refused.", after: journey))
    let refused = try #require(terminal.end(of: "Tried just now", after: journey))
    #expect(await terminal.waiting(for: "Enter Sign in and save", after: refused))
    #expect(await terminal.waiting(for: "Ada Lovelace", after: journey))
    terminal.send("\u{03}")
    #expect(await terminal.exiting() == 0)
  }

  /// A scenario file: saving a card meets an expired token, the refresh is refused, and so
  /// is every sign-in.
  static let formSignInRefused =
    #"{"addCard": {"responses": [{"status": 401, "code": "token_expired"}]}, "#
    + #""session": {"refresh": "fails"}, "signIn": "fails"}"#

  @Test("not verified, then Enter twice: the second check finds the account verified")
  func checkStatusTwice() async throws {
    let terminal = try PseudoTerminal(["--scenario", "user-not-verified", "--verbose"])
    try #require(await terminal.waiting(for: "Enter Check my status again"))

    let start = terminal.output.count
    terminal.send("\r")
    try #require(await terminal.waiting(for: "user status is notVerified", after: start))
    // The journey drawn again after the first check, saying what the check found, and its
    // button on offer once more.
    let checked = try #require(terminal.end(of: "user status is notVerified", after: start))
    try #require(await terminal.waiting(for: "Checked just now", after: checked))
    try #require(await terminal.waiting(for: "Enter Check my status again", after: checked))
    let before = terminal.output.count
    terminal.send("\r")

    #expect(await terminal.waiting(for: "Balance €125.50", after: before))
    terminal.send("q")
    #expect(await terminal.exiting() == 0)
  }

  @Test(
    "offline on one screen is offline on the other, until the user tries again; then both are back"
  )
  func oneWorldForBothScreens() async throws {
    let terminal = try PseudoTerminal(["--scenario", "offline"])
    try #require(await terminal.waiting(for: "r try again"))
    var before = terminal.output.count

    terminal.send("w")

    try #require(await terminal.waiting(for: "Your wallet", after: before))
    let walletShown = try #require(terminal.end(of: "Your wallet", after: before))
    #expect(await terminal.waiting(for: "You're offline", after: walletShown))
    #expect(!terminal.text.contains("Balance"), "nobody tried again: still offline")
    before = terminal.output.count
    terminal.send("r")
    try #require(await terminal.waiting(for: "Balance €125.50", after: before))
    before = terminal.output.count
    // Back on the first screen, which still showed the failure: it meets the world the
    // recovery led to, without a second r.
    terminal.send("w")
    #expect(await terminal.waiting(for: "Visa •••• 4242", after: before))
    terminal.send("q")
    #expect(await terminal.exiting() == 0)
  }

  @Test("a way out taken on the wallet screen is the world the other screen loads in")
  func wayOutTakenOnTheOtherScreen() async throws {
    let terminal = try PseudoTerminal(["--scenario", "offline", "--screen", "wallet"])
    try #require(await terminal.waiting(for: "r try again"))
    var before = terminal.output.count
    terminal.send("r")
    try #require(await terminal.waiting(for: "Balance €125.50", after: before))
    before = terminal.output.count

    terminal.send("w")

    #expect(await terminal.waiting(for: "Visa •••• 4242", after: before))
    terminal.send("q")
    #expect(await terminal.exiting() == 0)
  }

  @Test("an unverified account is unverified on the wallet screen too, until checked")
  func notVerifiedOnBothScreens() async throws {
    let terminal = try PseudoTerminal(["--scenario", "user-not-verified"])
    try #require(await terminal.waiting(for: "Enter Check my status again"))
    let before = terminal.output.count

    terminal.send("w")

    try #require(await terminal.waiting(for: "Your wallet", after: before))
    let walletShown = try #require(terminal.end(of: "Your wallet", after: before))
    #expect(await terminal.waiting(for: "Enter Check my status again", after: walletShown))
    #expect(!terminal.text.contains("Balance"))
    terminal.send("q")
    #expect(await terminal.exiting() == 77)
  }

  @Test("q during a slow load quits at once, cancelling it: interrupted while loading, 130")
  func quitWhileLoading() async throws {
    let terminal = try PseudoTerminal(["--scenario", "wallet-slow"])
    try #require(await terminal.waiting(for: "Loading…"))

    let sent = ContinuousClock.now
    terminal.send("q")
    let status = await terminal.exiting()
    let elapsed = ContinuousClock.now - sent

    #expect(status == 130)
    // Well before the 3 s deadline the load would otherwise run to (a loaded machine, or the
    // thread sanitizer, can add a second).
    #expect(elapsed < .seconds(2), "took \(elapsed); the load alone takes 3 s")
  }

  @Test(
    "the terminal's attributes are exactly as before, whatever way the screen ends",
    arguments: [
      ("q", nil, 0), ("\u{1B}", nil, 0), ("\u{03}", nil, 0), (nil, SIGTERM, 143),
      (nil, SIGHUP, 129), (nil, SIGINT, 130),
    ] as [(String?, Int32?, Int32)])
  func attributesRestored(key: String?, signal: Int32?, status: Int32) async throws {
    let terminal = try PseudoTerminal(["--scenario", "all-available"])
    let before = terminal.attributesAtStart
    try #require(await terminal.waiting(for: "Enter select"))
    #expect(terminal.attributes() != before, "the screen is in raw mode while open")

    if let key { terminal.send(key) }
    if let signal { kill(terminal.pid, signal) }

    #expect(await terminal.exiting() == status)
    #expect(terminal.attributes() == before)
    #expect(terminal.text.hasSuffix("\u{1B}[?25h\u{1B}[?1049l"), "cursor and screen given back")
  }

  @Test(
    "a signal that ends the process (a quit, a crash) gives the terminal back first, then kills",
    arguments: [SIGQUIT, SIGSEGV, SIGILL])
  func fatalSignalRestores(signal: Int32) async throws {
    let terminal = try PseudoTerminal(["--scenario", "all-available"])
    let before = terminal.attributesAtStart
    try #require(await terminal.waiting(for: "Enter select"))

    kill(terminal.pid, signal)

    #expect(await terminal.exiting() == nil, "ended by the signal")
    #expect(terminal.exitStatus.map { $0 & 0x7F } == signal)
    #expect(terminal.attributes() == before)
    #expect(terminal.text.contains("\u{1B}[?25h\u{1B}[?1049l"), "cursor and screen given back")
    #expect(terminal.text.contains("the terminal was restored"))
    #expect(!terminal.text.contains("Press space to interact"), "no crash reporter's prompt")
  }

  @Test("--once on a terminal renders once and exits, as a pipe would")
  func once() async throws {
    let terminal = try PseudoTerminal(["--scenario", "offline", "--once"])

    #expect(await terminal.exiting() == 75)
    #expect(terminal.text.contains("You're offline"))
    #expect(!terminal.text.contains("\u{1B}[?1049h"), "no alternate screen")
  }

  @Test("--json on a terminal prints the state once, as before")
  func json() async throws {
    let terminal = try PseudoTerminal(["--scenario", "all-available", "--json"])

    #expect(await terminal.exiting() == 0)
    #expect(terminal.text.contains("\"status\" : \"loaded\""))
  }

  @Test(
    "adding a card: type, leave a field, see its problem, fix it, save: the new card is selected"
  )
  func addCard() async throws {
    let terminal = try PseudoTerminal(["--scenario", "add-card-ok"])
    try #require(await terminal.waiting(for: "a add a card"))

    terminal.send("a")
    try #require(await terminal.waiting(for: "Esc back"))
    terminal.send("5555 5555 5555 4444\t13/28\t")
    try #require(await terminal.waiting(for: "The month is 01 to 12."))
    terminal.send("\u{1B}[Z" + String(repeating: "\u{7F}", count: 5) + "08/28\t123\tAda Lovelace")
    let before = terminal.output.count
    terminal.send("\r")

    #expect(await terminal.waiting(for: "Mastercard •••• 4444 selected.", after: before))
    terminal.send("q")
    #expect(await terminal.exiting() == 0)
    #expect(terminal.text.contains("Selected: Mastercard •••• 4444"))
    #expect(terminal.text.contains("•••• •••• •••• 4444"), "masked once the cursor left it")
  }

  @Test("adding a card saved before selects that card, listed once, and says it was saved")
  func addDuplicateCard() async throws {
    let terminal = try PseudoTerminal(["--scenario", "add-card-duplicate"])
    try #require(await terminal.waiting(for: "a add a card"))

    terminal.send("a")
    try #require(await terminal.waiting(for: "Esc back"))
    terminal.send("5555 5555 5555 4444\t09/29\t123\tAda Lovelace")
    try #require(await terminal.waiting(for: "Ada Lovelace"))
    let before = terminal.output.count
    terminal.send("\r")

    try #require(await terminal.waiting(for: "Already saved: Mastercard •••• 4444", after: before))
    terminal.send("q")
    #expect(await terminal.exiting() == 0)
    #expect(terminal.text.contains("Selected: Mastercard •••• 4444"))
  }

  @Test("Enter on a form with problems takes the cursor to the first field that has one")
  func submitWithProblems() async throws {
    let terminal = try PseudoTerminal(["--scenario", "add-card-ok"])
    try #require(await terminal.waiting(for: "a add a card"))
    terminal.send("a")
    try #require(await terminal.waiting(for: "Esc back"))
    // A number and a name, no expiry and no code; the cursor on the name.
    terminal.send("5555 5555 5555 4444\t\t\tAda Lovelace")
    try #require(await terminal.waiting(for: "Ada Lovelace"))
    let before = terminal.output.count

    terminal.send("\r")

    #expect(await terminal.waiting(for: "▸ Expiry", after: before))
    // Ctrl-C quits from the form as from the list, by the list's state.
    terminal.send("\u{03}")
    #expect(await terminal.exiting() == 0)
  }

  @Test("a decline that asks to check the security code puts the cursor on it, the form kept")
  func declineFocusesTheField() async throws {
    let terminal = try PseudoTerminal(["--scenario", "add-card-incorrect-cvc"])
    try #require(await terminal.waiting(for: "a add a card"))
    terminal.send("a")
    try #require(await terminal.waiting(for: "Esc back"))
    terminal.send("5555 5555 5555 4444\t09/29\t123\tAda Lovelace")
    try #require(await terminal.waiting(for: "Ada Lovelace"))
    let before = terminal.output.count

    terminal.send("\r")

    try #require(await terminal.waiting(for: "Security code not accepted", after: before))
    #expect(await terminal.waiting(for: "▸ Security code", after: before))
    terminal.send("\u{03}")
    #expect(await terminal.exiting() == 0)
  }

  @Test("after a decline for the security code, the field is empty: a new code replaces the old")
  func declineClearsTheCode() async throws {
    let terminal = try PseudoTerminal(["--scenario", "add-card-incorrect-cvc"])
    try #require(await terminal.waiting(for: "a add a card"))
    terminal.send("a")
    try #require(await terminal.waiting(for: "Esc back"))
    terminal.send("5555 5555 5555 4444\t09/29\t123\tAda Lovelace")
    try #require(await terminal.waiting(for: "Ada Lovelace"))
    terminal.send("\r")
    try #require(await terminal.waiting(for: "▸ Security code"))
    let declined = terminal.output.count

    terminal.send("456\t")

    // Three dots, not six, and no problem with the code's length when the field is left.
    try #require(await terminal.waiting(for: "▸ Name on card", after: declined))
    let after = String(decoding: terminal.output[declined...], as: UTF8.self)
    #expect(after.contains("    •••"))
    #expect(!after.contains("••••••"), "typed after the old code")
    #expect(!after.contains("3 digits"))
    terminal.send("\u{03}")
    #expect(await terminal.exiting() == 0)
  }

  @Test(
    "a passing problem at the bank says try again; the code typed again, Enter saves the card"
  )
  func declineThenTryAgain() async throws {
    let terminal = try PseudoTerminal(["--scenario", "add-card-processing-error-then-ok"])
    try #require(await terminal.waiting(for: "a add a card"))
    terminal.send("a")
    try #require(await terminal.waiting(for: "Esc back"))
    terminal.send("5555 5555 5555 4444\t09/29\t123\tAda Lovelace")
    try #require(await terminal.waiting(for: "Ada Lovelace"))
    var before = terminal.output.count
    terminal.send("\r")
    try #require(await terminal.waiting(for: "Your bank couldn't check this card", after: before))
    // The decline cleared the code, and the cursor is there to type it again.
    try #require(await terminal.waiting(for: "▸ Security code", after: before))

    before = terminal.output.count
    terminal.send("123\r")

    try #require(await terminal.waiting(for: "Mastercard •••• 4444 selected.", after: before))
    terminal.send("q")
    #expect(await terminal.exiting() == 0)
  }

  /// Opens the add-card form under `scenario`, fills it in and presses Enter; returns the
  /// output's length before Enter.
  private func submitCard(_ terminal: PseudoTerminal) async throws -> Int {
    try #require(await terminal.waiting(for: "a add a card"))
    terminal.send("a")
    try #require(await terminal.waiting(for: "Esc back"))
    terminal.send("5555 5555 5555 4444\t09/29\t123\tAda Lovelace")
    try #require(await terminal.waiting(for: "Ada Lovelace"))
    let before = terminal.output.count
    terminal.send("\r")
    return before
  }

  @Test("a bank that wants its approval shows the wait in the form's place, then the card saved")
  func bankApproves() async throws {
    let terminal = try PseudoTerminal(["--scenario", "add-card-3ds-approved"])
    let before = try await submitCard(terminal)

    try #require(
      await terminal.waiting(for: "Approve this card in your banking app", after: before))
    #expect(await terminal.waiting(for: "Esc stop waiting", after: before))
    #expect(!terminal.text.contains("Demo Bank"), "the bank's own words are only logged")
    #expect(await terminal.waiting(for: "Mastercard •••• 4444 selected.", after: before))
    terminal.send("q")
    #expect(await terminal.exiting() == 0)
  }

  @Test("a bank that refuses leaves the form as it was, its failure above it")
  func bankRefuses() async throws {
    let terminal = try PseudoTerminal(["--scenario", "add-card-3ds-failed"])
    let before = try await submitCard(terminal)
    try #require(await terminal.waiting(for: "Waiting for your bank", after: before))

    try #require(await terminal.waiting(for: "Your bank couldn't confirm this card", after: before))
    #expect(await terminal.waiting(for: "Enter save", after: before))
    #expect(await terminal.waiting(for: "Ada Lovelace", after: before))
    terminal.send("\u{03}")
    #expect(await terminal.exiting() == 0)
  }

  @Test("Esc while waiting for the bank cancels the setup and goes back to the form, no error")
  func stopWaitingForTheBank() async throws {
    let log = FileManager.default.temporaryDirectory
      .appendingPathComponent("stop-waiting-\(UUID().uuidString).log")
    defer { try? FileManager.default.removeItem(at: log) }
    let terminal = try PseudoTerminal([
      "--scenario", "add-card-3ds-timeout", "--log-file", log.path,
    ])
    let before = try await submitCard(terminal)
    try #require(await terminal.waiting(for: "Waiting for your bank", after: before))
    let waiting = terminal.output.count

    terminal.send("\u{1B}")

    try #require(await terminal.waiting(for: "Enter save", after: waiting))
    #expect(await terminal.waiting(for: "Ada Lovelace", after: waiting))
    let back = String(decoding: terminal.output[waiting...], as: UTF8.self)
    #expect(!back.contains("✖"), "stopping is the user's choice, no error")
    terminal.send("\u{03}")
    #expect(await terminal.exiting() == 0)
    let written = try String(contentsOf: log, encoding: .utf8)
    #expect(written.contains("← POST /cards/setups/{id}/cancel 200"))
  }

  @Test("a bank that does not answer in time: r asks again, and the wait is back")
  func bankDoesNotAnswer() async throws {
    let terminal = try PseudoTerminal(["--scenario", "add-card-3ds-timeout"])
    let before = try await submitCard(terminal)

    // The demo's budget is 5 seconds.
    try #require(
      await terminal.waiting(for: "Your bank didn't answer in time", after: before, seconds: 20))
    try #require(await terminal.waiting(for: "r try again", after: before))
    let timedOut = terminal.output.count
    terminal.send("r")

    #expect(await terminal.waiting(for: "Waiting for your bank", after: timedOut))
    terminal.send("\u{03}")
    #expect(await terminal.exiting() == 0)
  }

  @Test("while the bank is asked, the time waited goes on on screen, of the budget")
  func bankWaitShowsTheTime() async throws {
    let terminal = try PseudoTerminal(["--scenario", "add-card-3ds-timeout"])
    let before = try await submitCard(terminal)

    // The demo's budget is 5 seconds; the screen is drawn again as each second passes.
    try #require(await terminal.waiting(for: "Waiting for your bank… 0:00 of 0:05", after: before))
    #expect(await terminal.waiting(for: "Waiting for your bank… 0:02 of 0:05", after: before))
    terminal.send("\u{03}")
    #expect(await terminal.exiting() == 0)
  }

  @Test("a resize redraws the screen at the new width")
  func resize() async throws {
    let terminal = try PseudoTerminal(["--scenario", "all-available"], columns: 80, rows: 24)
    try #require(await terminal.waiting(for: "Enter select"))
    let before = terminal.output.count

    terminal.resize(columns: 40, rows: 20)

    let narrowTop = "╭" + String(repeating: "─", count: 38) + "╮"
    #expect(await terminal.waiting(for: narrowTop, after: before))
    terminal.send("q")
    #expect(await terminal.exiting() == 0)
  }

  @Test("x on a card asks first: n keeps it, y removes it once the backend agrees")
  func removeACard() async throws {
    let terminal = try PseudoTerminal(["--scenario", "all-available"])
    try #require(await terminal.waiting(for: "Enter select"))
    terminal.send("j")
    try #require(await terminal.waiting(for: "x remove"))
    terminal.send("x")
    try #require(await terminal.waiting(for: "Remove Visa •••• 4242?"))
    var before = terminal.output.count

    terminal.send("n")
    try #require(await terminal.waiting(for: "x remove", after: before))
    before = terminal.output.count
    terminal.send("x")
    try #require(await terminal.waiting(for: "Remove Visa •••• 4242?", after: before))
    terminal.send("y")

    #expect(await terminal.waiting(for: "Visa •••• 4242 removed.", after: before))
    terminal.send("q")
    #expect(await terminal.exiting() == 0)
  }

  @Test("d makes the wallet the default: marked on its row, and said")
  func makeTheWalletDefault() async throws {
    let terminal = try PseudoTerminal(["--scenario", "all-available"])
    try #require(await terminal.waiting(for: "d make default"))
    let before = terminal.output.count

    terminal.send("d")

    #expect(await terminal.waiting(for: "Wallet is now your default.", after: before))
    #expect(terminal.text.contains("Wallet · Default"))
    terminal.send("q")
    #expect(await terminal.exiting() == 0)
  }
}
