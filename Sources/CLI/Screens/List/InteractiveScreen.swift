import Domain
import Presentation

/// The interactive screen's own state and its rules: which key does what, given what the
/// view model's state shows. Plain values and no terminal, so every key in every state is
/// tested in-process; the driver (`InteractiveSession`) only carries out the effects.
///
/// One list of the actions a state offers (`actions(for:)`) decides both what a key does
/// and what the footer lists, so the footer can never offer a key that does nothing.
struct InteractiveScreen: Equatable {
  typealias Screen = CommandLineOptions.Screen

  /// What the driver has to do after a key.
  enum Effect: Equatable {
    /// Load the screen through its view model's load path (its first load).
    case load(Screen)
    /// `r`: try again, keeping a list that is shown while it runs.
    case retry(Screen)
    case signIn(Screen)
    case checkStatus(Screen)
    case select(rowID: String)
    case quit
    case suspend
    case openCardForm
    case closeCardForm
    case editCard(CardField, String)
    case leaveCardField(CardField)
    case submitCard
    case signInAndSubmitCard
    case removeCard(rowID: String)
    case makeDefault(rowID: String)
    /// Open the new-expiry form of an expired card.
    case openExpiryForm(rowID: String)
    /// `e` on a card that has not expired, Apple Pay or the wallet: the list says why it
    /// takes no new expiry.
    case refuseNewExpiry(rowID: String)
    /// `x` on Apple Pay or the wallet: the list says why it is not removed.
    case refuseRemoval(rowID: String)
    /// Esc while the form waits for the bank's approval: stop, and cancel the setup.
    case stopWaitingForBank
    /// r once the bank did not answer in time: ask again, under the same submission.
    case waitForBankAgain
  }

  /// Something the user can do in a state, with the keys that do it.
  enum Action: Equatable {
    case move
    /// The help, on a terminal too short for it.
    case scroll
    /// The log's panel beside the screen, a page at a time, where its lines do not all fit.
    case scrollLog
    case select
    case retry
    /// The journey's button: sign in, check the status again, or see how to update or
    /// reach support.
    case journey(button: String)
    /// The form's button when saving found the session over.
    case signInAndSave
    case switchScreen(to: Screen)
    case log
    case help
    case quit
    case addCard
    /// On a card row: remove it, once confirmed.
    case remove
    /// On a card or the wallet: make it the default way to pay.
    case makeDefault
    /// On an expired card: give it its new expiry.
    case newExpiry
    /// The question "Remove Visa •••• 4242?": y (or the language's own yes key) or Enter
    /// removes, n or Esc keeps.
    case confirmRemoval
    case keep
    case nextField
    case save
    case back
    /// Stops waiting for the bank: a key's hint, in lower case like the others, not the
    /// button's title the accessible screen reads.
    case stopWaiting

    /// The keys, as the footer shows them, and what they do, in `words`' language; a key a
    /// keyboard labels in that language (Shift is Umschalt on a German one) named so.
    func hint(_ words: TerminalWords) -> (keys: String, does: String) {
      switch self {
      case .move: ("↑↓", words["key.move"])
      case .scroll: ("↑↓", words["key.scroll"])
      case .scrollLog: (words["keyName.pages"], words["key.scrollLog"])
      case .select: ("Enter", words["key.select"])
      case .retry: ("r", words["key.retry"])
      case .journey(let button): ("Enter", button)
      case .signInAndSave: ("Enter", words.labels.signInAndSave)
      case .switchScreen(.wallet): ("w", words["key.wallet"])
      case .switchScreen(.paymentMethods): ("w", words["key.paymentMethods"])
      case .log: ("l", words["key.log"])
      case .help: ("?", words["key.help"])
      case .quit: ("q", words["key.quit"])
      case .addCard: ("a", words["key.addCard"])
      case .remove: ("x", words["key.remove"])
      case .makeDefault: ("d", words["key.makeDefault"])
      case .newExpiry: ("e", words["key.newExpiry"])
      case .confirmRemoval: ("\(words.yesKey) Enter", words["key.remove"])
      case .keep: ("n Esc", words["key.keep"])
      case .nextField: ("Tab " + words["keyName.shiftTab"], words["key.fields"])
      case .save: ("Enter", words["key.save"])
      case .back: ("Esc", words["key.back"])
      case .stopWaiting: ("Esc", words["key.stopWaiting"])
      }
    }
  }

  var screen: Screen
  /// The row the cursor is on, on the payment-methods screen.
  var highlighted = 0
  /// The source whose notice the cursor is on instead of a row (where its rows would be),
  /// while that notice is on screen.
  var highlightedNotice: PaymentSource?
  var showsHelp = false
  /// How many lines the help is scrolled down, on a terminal too short for all of it.
  var helpScroll = 0
  /// How many lines the screen is scrolled from where it would stand (down, or up when
  /// negative), on a terminal too short for it, where ↑↓ have no rows to move over: an
  /// error, the bank's wait. Any other key puts it back.
  var scroll = 0
  var showsLog = false
  /// Whether the log's panel stands in the screen's place, on a terminal too short for
  /// both (`InteractiveFrame.logTakesScreen`, which the driver asks before each key): then
  /// only the panel's keys act, none on the screen out of sight.
  var logTakesScreen = false
  /// How many lines the log's panel is scrolled from its newest line (up when negative):
  /// by ↑↓ where it stands in the screen's place, by PgUp PgDn wherever it stands.
  var logScroll = 0
  /// The lines PgUp or PgDn scroll the log's panel (`InteractiveFrame.logPage`, asked by
  /// the driver before each key).
  var logPage = 1
  /// What the user would do next, for a journey this app cannot finish itself (updating
  /// the app, calling support).
  var guidance: Guidance?
  /// The screens whose first load has started: the other screen loads when first shown.
  var started: Set<Screen>
  /// The add-card form, while it is open over the payment-methods screen.
  var form: CardFormScreen?
  /// Whether the rows take changes (remove, make default): the view model offers them.
  var rowChanges = false
  /// Whether an expired card can be given a new expiry: the session has the form for it.
  var expiryUpdates = false
  /// The card the user asked to remove, while the screen asks to confirm it.
  var confirmingRemoval: String?
  /// The key that answers yes in the user's language (`TerminalWords.yesKey`, j in
  /// German); y answers yes too.
  var yesKey: Character = "y"

  init(screen: Screen, showsLog: Bool = false) {
    self.screen = screen
    self.showsLog = showsLog
    self.started = [screen]
  }

  /// What the state on screen offers, in footer order.
  func actions(for snapshot: ScreenSnapshot, form formSnapshot: CardFormSnapshot? = nil)
    -> [Action]
  {
    // The help, or the log in the screen's place: their keys are the only ones on offer.
    if showsLog, logTakesScreen, !showsHelp { return [.scroll, .log, .quit] }
    if let form, let formSnapshot { return form.actions(for: formSnapshot) }
    if showsHelp { return [.scroll, .help, .quit] }
    if confirmingRemoval != nil { return [.confirmRemoval, .keep] }
    var actions: [Action] = []
    switch snapshot.status {
    case .loaded where snapshot.screen == .paymentMethods && !snapshot.methods.isEmpty:
      if snapshot.stops.count > 1 { actions.append(.move) }
      // On a source's notice there is no row to select or change.
      if case .row(let index) = cursor(in: snapshot) {
        // Offered where Enter chooses the row; on a row that cannot pay it says why.
        if snapshot.methods[index].selectable { actions.append(.select) }
        actions += rowActions(snapshot)
      }
    case .error:
      if let button = snapshot.action?.button { actions.append(.journey(button: button)) }
    case .loading, .loaded, .empty:
      break
    }
    if snapshot.canRetry { actions.append(.retry) }
    if screen == .paymentMethods, snapshot.status == .loaded || snapshot.status == .empty {
      actions.append(.addCard)
    }
    actions.append(.switchScreen(to: screen == .paymentMethods ? .wallet : .paymentMethods))
    actions += [.log, .help, .quit]
    return actions
  }

  /// The changes the row under the cursor takes now: only those, so the footer never
  /// offers one the row refuses.
  private func rowActions(_ snapshot: ScreenSnapshot) -> [Action] {
    guard rowChanges || expiryUpdates, snapshot.methods.indices.contains(highlightedRow(snapshot))
    else { return [] }
    let row = snapshot.methods[highlightedRow(snapshot)]
    guard row.write == nil else { return [] }
    var actions: [Action] = []
    if rowChanges, row.kind == .card { actions.append(.remove) }
    if rowChanges, row.kind != .applePay, row.selectable, !row.isDefault {
      actions.append(.makeDefault)
    }
    if expiryUpdates, row.needsNewExpiry { actions.append(.newExpiry) }
    return actions
  }

  /// Applies a key to the state on screen, and says what the driver has to do.
  mutating func handle(
    _ key: Key, on snapshot: ScreenSnapshot, form formSnapshot: CardFormSnapshot? = nil
  ) -> [Effect] {
    if showsLog, logTakesScreen, !showsHelp { return handleInLog(key) }
    if let pages = Self.scrollPages(key) { return scrollLog(pages: pages) }
    if let lines = Self.scrollLines(key), scrolls(snapshot, form: formSnapshot) {
      scroll += lines
      return []
    }
    scroll = 0
    if var form, let formSnapshot {
      let effects = form.handle(key, on: formSnapshot)
      self.form = effects.contains(.closeCardForm) ? nil : form
      return effects
    }
    let actions = actions(for: snapshot)
    if let rowID = confirmingRemoval {
      switch key {
      case .character("y"), .character(yesKey), .enter:
        confirmingRemoval = nil
        return [.removeCard(rowID: rowID)]
      case .character("n"), .escape:
        confirmingRemoval = nil
        return []
      case .interrupt:
        return [.quit]
      case .suspend:
        return [.suspend]
      default:
        return []
      }
    }
    switch key {
    case .character("q"), .escape, .interrupt:
      return [.quit]
    case .suspend:
      return [.suspend]
    case .character("?"):
      showsHelp.toggle()
      helpScroll = 0
    case .up where showsHelp, .character("k") where showsHelp:
      helpScroll = max(0, helpScroll - 1)
    case .down where showsHelp, .character("j") where showsHelp:
      helpScroll += 1
    case .character("l"):
      showsLog.toggle()
      logScroll = 0
    case .character("w"), .tab, .shiftTab:
      screen = screen == .paymentMethods ? .wallet : .paymentMethods
      guidance = nil
      if started.insert(screen).inserted { return [.load(screen)] }
    case .up where actions.contains(.move), .character("k") where actions.contains(.move):
      move(by: -1, in: snapshot)
    case .down where actions.contains(.move), .character("j") where actions.contains(.move):
      move(by: 1, in: snapshot)
    case .home where actions.contains(.move), .character("g") where actions.contains(.move):
      snapshot.stops.first.map { move(to: $0) }
    case .end where actions.contains(.move), .character("G") where actions.contains(.move):
      snapshot.stops.last.map { move(to: $0) }
    case .enter where isOnRow(snapshot):
      return [.select(rowID: snapshot.methods[highlightedRow(snapshot)].id)]
    case .enter:
      return journey(snapshot)
    case .character("a") where actions.contains(.addCard):
      form = CardFormScreen()
      return [.openCardForm]
    case .character("x") where actions.contains(.remove),
      .delete where actions.contains(.remove):
      confirmingRemoval = snapshot.methods[highlightedRow(snapshot)].id
    case .character("e") where actions.contains(.newExpiry):
      form = .newExpiry
      return [.openExpiryForm(rowID: snapshot.methods[highlightedRow(snapshot)].id)]
    case .character("d") where actions.contains(.makeDefault):
      return [.makeDefault(rowID: snapshot.methods[highlightedRow(snapshot)].id)]
    case .character("r") where actions.contains(.retry):
      guidance = nil
      return [.retry(screen)]
    default:
      // A change the row under the cursor does not take says why (`refusal`).
      return refusal(key, on: snapshot)
    }
    return []
  }
}
