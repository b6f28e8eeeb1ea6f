import Domain
import Foundation
import Presentation
import TestSupport
import Testing

@testable import CLI

/// Lets other tasks run until `condition` holds: no wall clock, and the suite's time limit
/// ends a wait that never would.
@MainActor
private func until(_ condition: () -> Bool) async {
  while !condition(), !Task.isCancelled { await Task.yield() }
}

/// Waits that can hold a person for long show that they go on: the bank's approval says the
/// time waited of its budget, and finishing the last run's change says which change it
/// sends and for how long. Time comes from the screen's clock, here a `ManualClock`.
@MainActor
@Suite("Long waits show how long they have lasted", .timeLimit(.minutes(1)))
struct LongWaitTests {
  private let size = Terminal.Size(columns: 80, rows: 24)

  /// The add-card form, sent, waiting for a bank that never answers, its time waited
  /// counted on `clock`; the bank is asked on a clock that never moves.
  private func waitingForTheBank(
    on clock: ManualClock
  ) async -> (AddCardViewModel, Task<Void, Never>) {
    let setup = CardSetup(
      setupID: "setup-1", bankMessage: "Approve it in Demo Bank.", idempotencyKey: "key-1")
    let form = AddCardViewModel(
      addCard: { _, _ in .needsBankApproval(setup) },
      bankApproval: WaitForBankApprovalUseCase(
        setups: ScriptedSetups([.success(.waiting)]), clock: StoppedClock(), logger: LogSpy()),
      thisMonth: { CardValidation.Month(year: 2027, month: 1) }, logger: LogSpy(),
      locale: Locale(identifier: "en_US"), clock: clock)
    form.edit(.number, to: "5555 5555 5555 4444")
    form.edit(.expiry, to: "09/29")
    form.edit(.securityCode, to: "123")
    form.edit(.name, to: "Ada Lovelace")
    let submission = form.submit()
    await until { form.phase == .waitingForBank }
    return (form, submission)
  }

  /// Moves `clock` on by `seconds`, once the form's count is asleep on it, and waits until
  /// the form shows the time it is now.
  private func advance(
    _ clock: ManualClock, by seconds: Int, _ form: AddCardViewModel
  ) async {
    let target = (form.approval?.waited ?? .zero) + .seconds(seconds)
    await until { clock.waitingSleeps > 0 }
    clock.advance(by: .seconds(seconds))
    await until { form.approval?.waited == target }
  }

  private func boxed(_ form: AddCardViewModel, words: TerminalWords = .english) async
    -> String
  {
    var model = InteractiveScreen(screen: .paymentMethods)
    model.form = CardFormScreen()
    let frame = InteractiveFrame(palette: Palette(isEnabled: false), words: words)
    return frame.render(
      model, await InteractiveFixtures.snapshot("all-available"), form: CardFormSnapshot(form),
      log: [], size: size
    ).joined(separator: "\n")
  }

  @Test("the boxed screen shows the time waited for the bank going on, of its budget")
  func boxedScreenCountsTheTime() async {
    let clock = ManualClock()
    let (form, submission) = await waitingForTheBank(on: clock)
    let atFirst = await boxed(form)

    await advance(clock, by: 12, form)
    let after12 = await boxed(form)
    await advance(clock, by: 53, form)
    let after65 = await boxed(form)

    #expect(atFirst.contains("│ Waiting for your bank… 0:00 of 2:00 "))
    #expect(after12.contains("│ Waiting for your bank… 0:12 of 2:00 "))
    #expect(after65.contains("│ Waiting for your bank… 1:05 of 2:00 "))
    #expect(after65.contains("Esc stop waiting"), "Esc is still the way out")
    form.cancel()
    await submission.value
  }

  @Test("in German, the time waited is said in the German table's words")
  func german() async {
    let clock = ManualClock()
    let (form, submission) = await waitingForTheBank(on: clock)
    let words = TerminalWords(locale: Locale(identifier: "de_DE"))

    await advance(clock, by: 12, form)

    #expect(await boxed(form, words: words).contains(words["approval.waiting"] + " 0:12 von 2:00"))
    form.cancel()
    await submission.value
  }

  @Test("line mode says the time waited at each half minute only, never a line a second")
  func lineModeIsCalm() async {
    let clock = ManualClock()
    let (form, submission) = await waitingForTheBank(on: clock)
    let storage = RecordingConsoleStorage()
    let transcript = Transcript(console: TestConsole(storage: storage))
    var model = InteractiveScreen(screen: .paymentMethods)
    model.form = CardFormScreen()
    let snapshot = await InteractiveFixtures.snapshot("all-available")
    let show = {
      transcript.show(
        AccessibleFrame(words: .english).lines(
          model, snapshot, form: CardFormSnapshot(form), log: []),
        continuing: true)
    }

    // Drawn again each second, as the session does when the form's time changes.
    show()
    for _ in 1...65 {
      await advance(clock, by: 1, form)
      show()
    }

    let said = storage.output.split(separator: "\n").filter { $0.hasPrefix("Waiting for") }
    #expect(
      said == [
        "Waiting for your bank… 0:00 of 2:00", "Waiting for your bank… 0:30 of 2:00",
        "Waiting for your bank… 1:00 of 2:00",
      ])
    form.cancel()
    await submission.value
  }

  // MARK: Finishing the last run's change

  private func finishing(_ pace: FinishingProgress.Pace) -> (
    FinishingProgress, RecordingConsoleStorage
  ) {
    let storage = RecordingConsoleStorage()
    let progress = FinishingProgress(
      console: TestConsole(storage: storage), pace: pace, labels: TerminalWords.english.labels)
    return (progress, storage)
  }

  /// Counts the time on `clock` as the start does, while `progress` says the change.
  private func finishingFor(
    _ seconds: Int, _ progress: FinishingProgress, on clock: ManualClock
  ) async {
    let sent = Gate()
    let told = Recorder<Duration>()
    let start = Task {
      await TimeWaited.counting(
        on: clock,
        tick: {
          progress.show(waited: $0)
          told.record($0)
        },
        during: {
          progress.sending("Finishing your last change: removing Visa •••• 4242…")
          await sent.pass()
        })
      progress.end()
    }
    for second in 1...seconds {
      await until { clock.waitingSleeps > 0 }
      clock.advance(by: .seconds(1))
      await until { told.all.count == second }
    }
    await sent.open()
    await start.value
  }

  @Test("on a terminal, finishing names the change and writes its time again every second")
  func finishingOnATerminal() async {
    let clock = ManualClock()
    let (progress, storage) = finishing(.everySecond(columns: 80))

    await finishingFor(3, progress, on: clock)

    let line = "Finishing your last change: removing Visa •••• 4242…"
    #expect(
      storage.errors
        == line + " 0:00" + "\r\(line) 0:01\u{1B}[K" + "\r\(line) 0:02\u{1B}[K"
        + "\r\(line) 0:03\u{1B}[K" + "\n")
  }

  @Test("a line too wide for one row is wrapped at its words, its last row timed in place")
  func finishingOnANarrowTerminal() async {
    let clock = ManualClock()
    let (progress, storage) = finishing(.everySecond(columns: 40))

    await finishingFor(3, progress, on: clock)

    // The card's name is given no short form here: the sentence is wrapped as it is.
    let last = "Visa •••• 4242…"
    #expect(
      storage.errors
        == "Finishing your last change: removing\n" + last + " 0:00" + "\r\(last) 0:01\u{1B}[K"
        + "\r\(last) 0:02\u{1B}[K" + "\r\(last) 0:03\u{1B}[K" + "\n")
  }

  @Test("in line mode, finishing names the change once, and its time at each half minute")
  func finishingInLineMode() async {
    let clock = ManualClock()
    let (progress, storage) = finishing(.calm)

    await finishingFor(31, progress, on: clock)

    #expect(
      storage.errors
        == "Finishing your last change: removing Visa •••• 4242…\n"
        + "Finishing your last change: removing Visa •••• 4242… 0:30\n")
  }
}
