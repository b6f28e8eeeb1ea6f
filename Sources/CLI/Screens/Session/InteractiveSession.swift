import DataLayer
import Domain
import Foundation
import Observation
import Presentation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The thin driver of the interactive screen: it owns the terminal, turns bytes and signals
/// into keys and events, hands keys to `InteractiveScreen`, carries out the effects through
/// the view models, and draws `InteractiveFrame`. Everything it decides is decided there.
///
/// This file holds its state and its loop; each part of what it does has a file of its
/// own beside it: the keys (`InteractiveSession+Keys`), the drawing (`+Drawing`), the
/// loading and the other effects (`+Loading`), the open form (`+Form`), and the two
/// screens' view models (`+Screens`).
@MainActor
final class InteractiveSession {
  enum Event: Sendable {
    case input([UInt8])
    /// Standard input ended or failed: nobody can type any more.
    case inputEnded
    case signal(Int32)
    /// A load, a sign-in or a status check has published its state.
    case published
    /// A submission of the form (by its number) has ended, and the session has acted on
    /// how it ended (the form closed, or its cursor on the field to fix): the outcome can
    /// be drawn.
    case formSettled(submission: Int)
    case logLine(String)
  }

  /// How the session ended.
  private enum Ending: Equatable {
    case quit
    case signal(ExitCode)
  }

  let console: any Console
  let device: TerminalDevice
  let frame: InteractiveFrame
  /// The accessible screen's output, in place of the device's redraws (`--accessible`).
  let transcript: Transcript?
  /// What has been typed of the line not yet ended, on the accessible screen.
  var lineEditor = LineEditor()
  /// The row the user chose and a change waiting for its row, on the accessible screen.
  var lineMode = LineMode()
  /// Lines typed on the accessible screen while the form was busy, to read once it has
  /// settled (see `formIsBusy`).
  var heldLines: [String] = []
  /// The form's submission that has not settled yet (`Event.formSettled`), by its number;
  /// nil when there is none, or the user left it (Esc).
  var unsettledSubmission: Int?
  /// How many submissions the form has started, to number them.
  var submissionsStarted = 0
  /// What the screen said when the user last scrolled it (see `scrollsBack`).
  var scrolledOver: [String?] = []
  let clock: any Clock<Duration>
  private let events: AsyncStream<Event>
  let sink: AsyncStream<Event>.Continuation
  let signals = SignalPipe()
  var model: InteractiveScreen
  var log: [String] = []
  /// The open form's view model: adding a card, or an expired card's new expiry.
  var cardForm: OpenForm?
  /// What the backend is still being told on the user's behalf (a card's setup to cancel,
  /// after Esc): the process waits for it before it ends, for a few seconds at most.
  var windingDown: [Task<Void, Never>] = []
  /// The change each row has on its way to the backend (removing it, making it the
  /// default), by row: leaving cancels those still running.
  var rowChanges: [String: Task<Void, Never>] = [:]
  /// Each card's new-expiry form, kept when it closes: opened again, it shows what the
  /// user typed and what the last submission ran into.
  var expiryForms: [String: UpdateCardViewModel] = [:]
  /// How many recoveries the user has performed, and how many each screen has met: a
  /// screen shown again after a recovery made on the other one meets the same world.
  var recoveries = 0
  var recoveriesMet: [InteractiveScreen.Screen: Int] = [:]
  /// The row the cursor was on when a refresh started: a list that grows keeps the cursor
  /// on that row, not on whichever row now has its index.
  var cursorRowID: String?
  /// Tells the demo backend the user performed a recovery (see `AppComposition.userActed`).
  var userActed: @Sendable () async -> Void = {}
  var size: Terminal.Size

  /// Every line of the developer log, for the panel `l` shows.
  nonisolated let logWriter: @Sendable (String) -> Void

  init(
    console: any Console, palette: Palette, size: Terminal.Size, screen: InteractiveScreen,
    clock: any Clock<Duration>, words: TerminalWords = .english, accessible: Bool = false
  ) {
    self.console = console
    self.device = TerminalDevice(console: console)
    self.frame = InteractiveFrame(palette: palette, words: words)
    self.transcript = accessible ? Transcript(console: console) : nil
    self.size = size
    self.model = screen
    self.model.yesKey = words.yesKey
    self.clock = clock
    let (events, sink) = AsyncStream<Event>.makeStream()
    self.events = events
    self.sink = sink
    self.logWriter = { sink.yield(.logLine($0)) }
  }

  /// Runs the screen until the user quits or a signal ends it, and returns the exit code:
  /// the one of the state on screen when the user quit.
  ///
  /// - Parameters:
  ///   - makeCardForm: a new add-card form, each time the user opens one.
  ///   - makeExpiryForm: a card's new-expiry form; without it, `e` is not offered.
  ///   - userActed: tells the demo backend that the user performed a recovery.
  ///   - pending: the person's pending changes; nil for a run that keeps none. A change
  ///     left waiting is said to be kept only when they hold it.
  func run(
    paymentMethods: PaymentMethodsViewModel, wallet: WalletViewModel,
    makeCardForm: @escaping () -> AddCardViewModel,
    makeExpiryForm: ((PaymentCard) -> UpdateCardViewModel)? = nil,
    userActed: @escaping @Sendable () async -> Void = {},
    pending: PendingChangesKeeper? = nil
  ) async -> ExitCode {
    self.userActed = userActed
    model.rowChanges = paymentMethods.canRemoveCards || paymentMethods.canMakeDefault
    model.expiryUpdates = makeExpiryForm != nil
    let screens = Screens(
      paymentMethods: paymentMethods, wallet: wallet, makeCardForm: makeCardForm,
      makeExpiryForm: makeExpiryForm)
    if transcript == nil { device.open() }
    transcript?.takeKeys()
    signals.start([SIGINT, SIGTERM, SIGHUP, SIGWINCH, SIGTSTP, SIGCONT]) { [sink] number in
      sink.yield(.signal(number))
    }
    startReadingKeys()
    carryOut(.load(model.screen), on: screens)
    redraw(screens)

    var ending = Ending.quit
    loop: for await event in events {
      switch event {
      case .input(let bytes):
        let (scroll, before) = (model.scroll, drawnFrame(screens))
        guard carryOut(inputs(typed: bytes), on: screens) else { break loop }
        // A scroll past the end moves nothing, and is not kept: ↑ then moves at once.
        if model.scroll != scroll, drawnFrame(screens) == before { model.scroll = scroll }
        model.helpScroll = min(
          model.helpScroll,
          frame.helpScrollLimit(
            model, screens.snapshot(of: model.screen), form: cardForm?.snapshot,
            size: size))
        let logScrolls = frame.logScrollLimits(
          model, screens.snapshot(of: model.screen), form: drawnForm, log: log, size: size)
        model.logScroll = min(max(model.logScroll, logScrolls.lowerBound), logScrolls.upperBound)
      case .inputEnded:
        break loop
      case .signal(let number):
        if let code = Self.exitCode(ending: number) {
          ending = .signal(code)
          break loop
        }
        if number == SIGTSTP { suspend() }
        if number == SIGCONT, transcript == nil { device.open() }
        if number == SIGCONT { transcript?.takeKeys() }
        size = device.size() ?? size
      case .published:
        keepCursorOnItsRow(screens)
      case .formSettled(let submission):
        if unsettledSubmission == submission { unsettledSubmission = nil }
        // The outcome first, then the lines typed meanwhile, which answer what it asks.
        redraw(screens)
        guard readHeldLines(on: screens) else { break loop }
      case .logLine(let line):
        let dropping = max(0, log.count + 1 - 500)
        if model.showsLog, transcript == nil {
          model.logScroll = frame.logScroll(
            model, screens.snapshot(of: model.screen), form: drawnForm, log: log,
            adding: line, dropping: dropping, size: size)
        }
        log.append(line)
        log.removeFirst(dropping)
        guard model.showsLog else { continue }
      }
      redraw(screens)
    }

    // What the person leaves waiting, read before leaving cancels it.
    let waiting = waitingChanges(on: screens)
    let waitsForBank = cardForm?.waitsForBank ?? false
    screens.cancelAll()
    cancelRowChanges()
    if let stopping = cardForm?.cancel() { windingDown.append(stopping) }
    device.close()
    transcript?.giveKeysBack()
    signals.stop()
    let woundDown = await windDown()
    // Not once the terminal has gone (SIGHUP): nobody would read it, and a write that fails
    // would change the exit code.
    if ending != .signal(.hangUp) {
      await sayWhatBecomesOf(
        waiting, setupCancelled: waitsForBank ? woundDown : nil, pending: pending)
    }
    switch ending {
    case .signal(let code):
      return code
    case .quit:
      if let selected = screens.selectedTitle(spoken: transcript != nil) {
        console.write(frame.words["screen.selected", UntrustedText.escaped(selected)] + "\n")
      }
      return screens.snapshot(of: model.screen).exitCode
    }
  }

  /// Waits, once the terminal is the shell's again, for what the backend is still being
  /// told, or for `CommandRunner.cancellationLimit`, whichever comes first. True when it
  /// all ended in time.
  private func windDown() async -> Bool {
    await CommandRunner.finished(
      windingDown, within: CommandRunner.cancellationLimit, on: clock)
  }

  /// The signals that end the session, with their exit codes.
  private static func exitCode(ending number: Int32) -> ExitCode? {
    switch number {
    case SIGINT: .interrupted
    case SIGTERM: .terminated
    case SIGHUP: .hangUp
    default: nil
    }
  }
}
