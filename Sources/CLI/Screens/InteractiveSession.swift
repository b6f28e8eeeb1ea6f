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
@MainActor
final class InteractiveSession {
  enum Event: Sendable {
    case input([UInt8])
    /// Standard input ended or failed: nobody can type any more.
    case inputEnded
    case signal(Int32)
    /// A load, a sign-in or a status check has published its state.
    case published
    case logLine(String)
  }

  /// How the session ended.
  private enum Ending {
    case quit
    case signal(ExitCode)
  }

  private let console: any Console
  private let device: TerminalDevice
  private let frame: InteractiveFrame
  /// The accessible screen's output, in place of the device's redraws (`--accessible`).
  private let transcript: Transcript?
  /// What has been typed of the line not yet ended, on the accessible screen.
  private var typed: [UInt8] = []
  private let clock: any Clock<Duration>
  private let events: AsyncStream<Event>
  private let sink: AsyncStream<Event>.Continuation
  private let signals = SignalPipe()
  private var model: InteractiveScreen
  private var log: [String] = []
  /// The open form's view model: adding a card, or an expired card's new expiry.
  private var cardForm: OpenForm?
  /// What the backend is still being told on the user's behalf (a card's setup to cancel,
  /// after Esc): the process waits for it before it ends, for a few seconds at most.
  private var windingDown: [Task<Void, Never>] = []
  /// Each card's new-expiry form, kept when it closes: opened again, it shows what the
  /// user typed and what the last submission ran into.
  private var expiryForms: [String: UpdateCardViewModel] = [:]
  /// How many recoveries the user has performed, and how many each screen has met: a
  /// screen shown again after a recovery made on the other one meets the same world.
  private var recoveries = 0
  private var recoveriesMet: [InteractiveScreen.Screen: Int] = [:]
  /// The row the cursor was on when a refresh started: a list that grows keeps the cursor
  /// on that row, not on whichever row now has its index.
  private var cursorRowID: String?
  /// Tells the demo backend the user performed a recovery (see `AppComposition.userActed`).
  private var userActed: @Sendable () async -> Void = {}
  private var size: Terminal.Size

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
  func run(
    paymentMethods: PaymentMethodsViewModel, wallet: WalletViewModel,
    makeCardForm: @escaping () -> AddCardViewModel,
    makeExpiryForm: ((PaymentCard) -> UpdateCardViewModel)? = nil,
    userActed: @escaping @Sendable () async -> Void = {}
  ) async -> ExitCode {
    self.userActed = userActed
    model.rowChanges = paymentMethods.canRemoveCards || paymentMethods.canMakeDefault
    model.expiryUpdates = makeExpiryForm != nil
    let screens = Screens(
      paymentMethods: paymentMethods, wallet: wallet, makeCardForm: makeCardForm,
      makeExpiryForm: makeExpiryForm)
    if transcript == nil { device.open() }
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
        // On the accessible screen, each line's keys are read from the state the line
        // before it left.
        for input in inputs(typed: bytes) {
          for key in keys(of: input, on: screens) {
            let shown = model.screen
            let effects = model.handle(
              key, on: screens.snapshot(of: model.screen),
              form: cardForm?.snapshot)
            if effects.contains(.quit) { break loop }
            for effect in effects { carryOut(effect, on: screens) }
            if model.screen != shown { catchUp(on: screens) }
          }
        }
        model.helpScroll = min(
          model.helpScroll,
          frame.helpScrollLimit(
            model, screens.snapshot(of: model.screen), form: cardForm?.snapshot,
            size: size))
      case .inputEnded:
        break loop
      case .signal(let number):
        if let code = Self.exitCode(ending: number) {
          ending = .signal(code)
          break loop
        }
        if number == SIGTSTP { suspend() }
        if number == SIGCONT, transcript == nil { device.open() }
        size = device.size() ?? size
      case .published:
        keepCursorOnItsRow(screens)
      case .logLine(let line):
        log.append(line)
        if log.count > 500 { log.removeFirst(log.count - 500) }
        guard model.showsLog else { continue }
      }
      redraw(screens)
    }

    screens.cancelAll()
    if let stopping = cardForm?.cancel() { windingDown.append(stopping) }
    device.close()
    transcript?.echo(true)
    signals.stop()
    await windDown()
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

  private func redraw(_ screens: Screens) {
    if let transcript {
      let form = cardForm?.snapshot
      // What is typed for the security code is not echoed, as the boxed form never shows
      // it: turned off before its prompt is printed, so no key typed after it can echo.
      transcript.echo(!(model.form?.focused == .securityCode && form?.isSubmitting == false))
      transcript.show(
        AccessibleFrame(words: frame.words).lines(
          model, screens.snapshot(of: model.screen), form: form, log: log),
        continuing: form != nil)
      return
    }
    device.draw(
      frame.render(
        model, screens.snapshot(of: model.screen), form: cardForm?.snapshot,
        log: log, size: size))
  }

  /// What was typed: on the boxed screen, keys as they arrive; on the accessible one,
  /// each line once Enter ends it.
  private enum Input {
    case keys([UInt8])
    case line(String)
  }

  private func inputs(typed bytes: [UInt8]) -> [Input] {
    guard transcript != nil else { return [.keys(bytes)] }
    typed += bytes
    var lines: [Input] = []
    while let end = typed.firstIndex(of: UInt8(ascii: "\n")) {
      lines.append(.line(String(decoding: typed[..<end], as: UTF8.self)))
      typed.removeSubrange(...end)
    }
    return lines
  }

  /// The keys an input stands for; a line that means nothing on the screen as it is now is
  /// said so.
  private func keys(of input: Input, on screens: Screens) -> [Key] {
    switch input {
    case .keys(let bytes):
      return Key.decode(bytes)
    case .line(let line):
      let keys = AccessibleInput.keys(
        for: line, model: model, snapshot: screens.snapshot(of: model.screen),
        form: cardForm?.snapshot)
      if keys == nil { transcript?.say(frame.words["accessible.unknown"]) }
      return keys ?? []
    }
  }

  /// Starts what an effect asks of a view model, the way the one-shot mode starts its load:
  /// inside a new timeline for the log, and with a redraw once the state is published.
  private func carryOut(_ effect: InteractiveScreen.Effect, on screens: Screens) {
    if let name = timelineName(effect), !log.isEmpty {
      // Each of these starts a new timeline, whose times start again at 0.
      log.append("  ──────  " + name)
    }
    let task: Task<Void, Never>
    switch effect {
    case .load(let screen):
      recoveriesMet[screen] = recoveries
      task = ConsoleLog.startingLoad(on: clock) { screens.load(screen) }
    case .retry(let screen):
      let rows = screens.snapshot(of: screen).methods
      cursorRowID = model.highlightedRow(in: screens.snapshot(of: screen)).map { rows[$0].id }
      task = afterUserActs { ConsoleLog.startingLoad(on: $0) { screens.retry(screen) } }
    case .signIn(let screen):
      task = afterUserActs { ConsoleLog.startingLoad(on: $0) { screens.signIn(screen) } }
    case .checkStatus(let screen):
      task = afterUserActs { ConsoleLog.startingLoad(on: $0) { screens.checkStatus(screen) } }
    case .select(let rowID):
      screens.paymentMethods.select(rowID)
      return
    case .removeCard(let rowID):
      guard let write = screens.paymentMethods.remove(rowID) else { return }
      task = write
    case .makeDefault(let rowID):
      guard let write = screens.paymentMethods.makeDefault(rowID) else { return }
      task = write
    case .suspend:
      suspend()
      return
    case .quit:
      return
    case .openCardForm:
      let form = screens.makeCardForm()
      cardForm = .addCard(form)
      redrawWhenWaitingChanges(form)
      return
    case .stopWaitingForBank:
      if case .addCard(let form)? = cardForm { windingDown.append(form.stopWaitingForBank()) }
      return
    case .waitForBankAgain:
      guard case .addCard(let form)? = cardForm, let open = cardForm else { return }
      // Asking again is the user's recovery.
      task = afterUserActs { clock in
        let submission = ConsoleLog.startingLoad(on: clock) { form.waitForBankAgain() }
        return Task {
          guard let submission else { return }
          await self.finishSubmission(submission, of: open, on: screens)
        }
      }
    case .openExpiryForm(let rowID):
      guard let card = screens.paymentMethods.card(for: rowID),
        let form = expiryForms[rowID] ?? screens.makeExpiryForm?(card)
      else {
        model.form = nil
        return
      }
      expiryForms[rowID] = form
      cardForm = .newExpiry(form)
      return
    case .closeCardForm:
      if let stopping = cardForm?.cancel() { windingDown.append(stopping) }
      cardForm = nil
      return
    case .editCard(let field, let text):
      cardForm?.edit(field, to: text)
      return
    case .leaveCardField(let field):
      cardForm?.leave(field)
      return
    case .submitCard, .signInAndSubmitCard:
      guard let form = cardForm else { return }
      let start: @MainActor (any Clock<Duration>) -> Task<Void, Never> = { clock in
        let submission = ConsoleLog.startingLoad(on: clock) {
          effect == .submitCard ? form.submit() : form.signInAndSubmit()
        }
        return Task { await self.finishSubmission(submission, of: form, on: screens) }
      }
      // Saving again after a failure, or signing in to save, is the user's recovery.
      task = form.snapshot.failure == nil ? start(clock) : afterUserActs(start)
    }
    redrawWhenDone(task)
  }

  /// Redraws whenever the add-card form starts or stops waiting for the bank: that happens
  /// in the middle of a submission, which otherwise redraws only once it ends. Observed as
  /// SwiftUI would observe it, for as long as the form is open.
  private func redrawWhenWaitingChanges(_ form: AddCardViewModel) {
    guard case .addCard(let open)? = cardForm, open === form else { return }
    withObservationTracking {
      _ = form.phase
    } onChange: { [sink] in
      sink.yield(.published)
      Task { @MainActor in self.redrawWhenWaitingChanges(form) }
    }
  }

  /// Redraws once `task` has published its state.
  private func redrawWhenDone(_ task: Task<Void, Never>) {
    let sink = sink
    Task {
      await task.value
      sink.yield(.published)
    }
  }

  /// A screen shown again that still shows a failure from before the user's last recovery
  /// (made on the other screen) tries again, so both screens show the world that recovery
  /// led to. It is not a recovery of its own: the scenario does not move on.
  private func catchUp(on screens: Screens) {
    let screen = model.screen
    guard recoveriesMet[screen, default: 0] < recoveries else { return }
    recoveriesMet[screen] = recoveries
    let snapshot = screens.snapshot(of: screen)
    guard snapshot.status == .error || !snapshot.notices.isEmpty else { return }
    redrawWhenDone(ConsoleLog.startingLoad(on: clock) { screens.retry(screen) })
  }

  private func keepCursorOnItsRow(_ screens: Screens) {
    guard let id = cursorRowID else { return }
    cursorRowID = nil
    let rows = screens.snapshot(of: model.screen).methods
    if let index = rows.firstIndex(where: { $0.id == id }) { model.highlighted = index }
  }

  /// Starts what `start` starts once the demo backend knows the user performed a recovery,
  /// so that the scenario's way out answers it.
  private func afterUserActs(
    _ start: @escaping @MainActor (any Clock<Duration>) -> Task<Void, Never>
  ) -> Task<Void, Never> {
    recoveries += 1
    recoveriesMet[model.screen] = recoveries
    let (userActed, clock) = (self.userActed, self.clock)
    return Task { @MainActor in
      await userActed()
      await start(clock).value
    }
  }

  /// What the log panel calls an effect that starts a timeline of its own; nil for the
  /// others.
  private func timelineName(_ effect: InteractiveScreen.Effect) -> String? {
    switch effect {
    case .load(.paymentMethods): "loading the payment methods"
    case .load(.wallet): "loading the wallet"
    case .retry(.paymentMethods): "trying the payment methods again"
    case .retry(.wallet): "trying the wallet again"
    case .signIn: "signing in"
    case .checkStatus: "checking the user's status"
    case .submitCard, .signInAndSubmitCard:
      if case .newExpiry? = cardForm { "saving the card's new expiry" } else { "saving the card" }
    case .removeCard: "removing a card"
    case .makeDefault: "making a method the default"
    case .waitForBankAgain: "asking the bank again"
    case .select, .suspend, .quit, .openCardForm, .openExpiryForm, .closeCardForm, .editCard,
      .leaveCardField, .stopWaitingForBank:
      nil
    }
  }

  /// Once a submission has ended: a saved card closes the form and takes the user back to
  /// the list, reloaded, with the new card selected; a card given its new expiry closes it
  /// and shows that row as the backend has it now; a card gone closes it and loads the list
  /// again; anything else stays on the form.
  private func finishSubmission(
    _ submission: Task<Void, Never>, of form: OpenForm, on screens: Screens
  ) async {
    await submission.value
    guard cardForm == form else { return }
    let snapshot = form.snapshot
    if let card = snapshot.updatedCard {
      closeForm(form)
      screens.paymentMethods.showUpdated(card)
      return
    }
    if snapshot.cardGone {
      closeForm(form)
      await screens.paymentMethods.showCardGone().value
      return
    }
    guard let rowID = snapshot.savedRowID else {
      model.form?.focusFirstProblem(in: snapshot)
      return
    }
    closeForm(form)
    let reload = ConsoleLog.startingLoad(on: clock) { screens.load(.paymentMethods) }
    await reload.value
    screens.paymentMethods.selectAdded(rowID, alreadySaved: snapshot.wasAlreadySaved)
    let rows = screens.snapshot(of: .paymentMethods).methods
    model.highlighted = rows.firstIndex { $0.id == rowID } ?? model.highlighted
  }

  /// A form whose work is done goes, and is not kept for the next time.
  private func closeForm(_ form: OpenForm) {
    if case .newExpiry(let viewModel) = form { expiryForms[viewModel.rowID] = nil }
    cardForm = nil
    model.form = nil
  }

  /// Waits, once the terminal is the shell's again, for what the backend is still being
  /// told, or for `CommandRunner.cancellationLimit`, whichever comes first.
  private func windDown() async {
    let tasks = windingDown
    guard !tasks.isEmpty else { return }
    let clock = clock
    await withTaskGroup(of: Void.self) { group in
      group.addTask {
        for task in tasks { await task.value }
      }
      group.addTask { try? await clock.sleep(for: CommandRunner.cancellationLimit) }
      await group.next()
      group.cancelAll()
    }
  }

  /// Ctrl-Z: gives the terminal back as it was, stops the process, and takes the screen
  /// back when the shell resumes it.
  private func suspend() {
    device.close()
    transcript?.echo(true)
    tcdrain(STDOUT_FILENO)
    // Stopped as the terminal's own Ctrl-Z would stop it: SIGTSTP with its default action,
    // sent to the foreground process group, so the shell sees the job stop the usual way.
    // (Stopping with SIGSTOP left tmux on the alternate screen now and then.)
    signals.pause(SIGTSTP)
    kill(0, SIGTSTP)
    signals.resume(SIGTSTP)
    if transcript == nil { device.open() }
    size = device.size() ?? size
  }

  /// Keys are read on a thread of their own: read(2) blocks, and the screen must go on
  /// drawing while nobody types. The thread ends with the process.
  private func startReadingKeys() {
    let sink = sink
    let reader = Thread {
      var buffer = [UInt8](repeating: 0, count: 64)
      while true {
        let count = read(STDIN_FILENO, &buffer, buffer.count)
        if count > 0 {
          sink.yield(.input(Array(buffer.prefix(count))))
        } else if count < 0, errno == EINTR {
          continue
        } else {
          sink.yield(.inputEnded)
          return
        }
      }
    }
    reader.start()
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

/// The two screens' view models, kept for the whole session: switching screens keeps each
/// one's state.
@MainActor
private struct Screens {
  let paymentMethods: PaymentMethodsViewModel
  let wallet: WalletViewModel
  let makeCardForm: () -> AddCardViewModel
  let makeExpiryForm: ((PaymentCard) -> UpdateCardViewModel)?
  private let running = RunningTasks()

  init(
    paymentMethods: PaymentMethodsViewModel, wallet: WalletViewModel,
    makeCardForm: @escaping () -> AddCardViewModel,
    makeExpiryForm: ((PaymentCard) -> UpdateCardViewModel)?
  ) {
    self.paymentMethods = paymentMethods
    self.wallet = wallet
    self.makeCardForm = makeCardForm
    self.makeExpiryForm = makeExpiryForm
  }

  func snapshot(of screen: CommandLineOptions.Screen) -> ScreenSnapshot {
    switch screen {
    case .paymentMethods: ScreenSnapshot(paymentMethods.state)
    case .wallet: ScreenSnapshot(wallet.state)
    }
  }

  func load(_ screen: CommandLineOptions.Screen) -> Task<Void, Never> {
    running.keep(screen == .paymentMethods ? paymentMethods.load() : wallet.load(), for: screen)
  }

  /// `r`: the payment-methods screen keeps its list while it tries again.
  func retry(_ screen: CommandLineOptions.Screen) -> Task<Void, Never> {
    running.keep(
      screen == .paymentMethods ? paymentMethods.refresh() : wallet.load(), for: screen)
  }

  func signIn(_ screen: CommandLineOptions.Screen) -> Task<Void, Never> {
    running.keep(
      screen == .paymentMethods ? paymentMethods.signIn() : wallet.signIn(), for: screen)
  }

  func checkStatus(_ screen: CommandLineOptions.Screen) -> Task<Void, Never> {
    running.keep(
      screen == .paymentMethods ? paymentMethods.checkStatusAgain() : wallet.checkStatusAgain(),
      for: screen)
  }

  /// Quitting cancels whatever still runs, through the same cancellation as a superseded
  /// load: nothing is shown or logged for it.
  func cancelAll() {
    running.cancelAll()
  }

  /// The title of the method selected on the payment-methods screen, if any; as a screen
  /// reader reads it on the accessible screen.
  func selectedTitle(spoken: Bool) -> String? {
    guard case .loaded(let methods) = paymentMethods.state,
      let row = methods.rows.first(where: \.isSelected)
    else { return nil }
    return spoken ? row.spokenTitle : row.title
  }
}

/// The form open over the payment-methods screen, with its view model.
@MainActor
private enum OpenForm: Equatable {
  case addCard(AddCardViewModel)
  case newExpiry(UpdateCardViewModel)

  var snapshot: CardFormSnapshot {
    switch self {
    case .addCard(let viewModel): CardFormSnapshot(viewModel)
    case .newExpiry(let viewModel): CardFormSnapshot(viewModel)
    }
  }

  func edit(_ field: CardField, to text: String) {
    switch self {
    case .addCard(let viewModel): viewModel.edit(field, to: text)
    case .newExpiry(let viewModel): viewModel.edit(to: text)
    }
  }

  func leave(_ field: CardField) {
    switch self {
    case .addCard(let viewModel): viewModel.leave(field)
    case .newExpiry(let viewModel): viewModel.leave()
    }
  }

  func submit() -> Task<Void, Never> {
    switch self {
    case .addCard(let viewModel): viewModel.submit()
    case .newExpiry(let viewModel): viewModel.submit()
    }
  }

  func signInAndSubmit() -> Task<Void, Never> {
    switch self {
    case .addCard(let viewModel): viewModel.signInAndSubmit()
    case .newExpiry(let viewModel): viewModel.signInAndSubmit()
    }
  }

  /// The task ends once what the form still owed the backend (a setup to cancel) is sent.
  func cancel() -> Task<Void, Never> {
    switch self {
    case .addCard(let viewModel): return viewModel.cancel()
    case .newExpiry(let viewModel):
      viewModel.cancel()
      return Task {}
    }
  }

  /// The same form: the same view model.
  nonisolated static func == (lhs: OpenForm, rhs: OpenForm) -> Bool {
    switch (lhs, rhs) {
    case (.addCard(let left), .addCard(let right)): left === right
    case (.newExpiry(let left), .newExpiry(let right)): left === right
    default: false
    }
  }
}

/// The latest task of each screen, so quitting can cancel them.
@MainActor
private final class RunningTasks {
  private var tasks: [CommandLineOptions.Screen: Task<Void, Never>] = [:]

  func keep(_ task: Task<Void, Never>, for screen: CommandLineOptions.Screen) -> Task<Void, Never> {
    tasks[screen] = task
    return task
  }

  func cancelAll() {
    for task in tasks.values { task.cancel() }
  }
}
