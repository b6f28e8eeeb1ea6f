import Domain
import Foundation
import Presentation
import TestSupport
import Testing

private let january2027 = CardValidation.Month(year: 2027, month: 1)
private let approvedCard = PaymentCard(
  id: "100", brand: "Visa", lastFour: "4242", expiry: CardExpiry(month: 8, year: 2028)!,
  status: .active)
private let setup = CardSetup(
  setupID: "setup-1", bankMessage: "Approve it in Demo Bank.", idempotencyKey: "key-1")

/// The add-card form in front of a bank that must approve the card: every submission's
/// idempotency key is recorded, and the first one is answered with the setup; a submission
/// sent again under its key gets what `again` says.
@MainActor
private func form(
  _ setups: ScriptedSetups, clock: any Clock<Duration> = ImmediateClock(),
  budget: Duration = .seconds(120), keys: Recorder<String?> = Recorder(),
  again: AddCardOutcome? = nil, logger: LogSpy = LogSpy(), locale: String = "en_US"
) -> AddCardViewModel {
  let viewModel = AddCardViewModel(
    addCard: { _, key in
      keys.record(key)
      if let key, let again, key == setup.idempotencyKey { return again }
      return .needsBankApproval(setup)
    },
    bankApproval: WaitForBankApprovalUseCase(
      setups: setups, budget: budget, clock: clock, jitter: { $0 }, logger: LogSpy()),
    thisMonth: { january2027 }, logger: logger, locale: Locale(identifier: locale))
  viewModel.edit(.number, to: "4242 4242 4242 4242")
  viewModel.edit(.expiry, to: "08/28")
  viewModel.edit(.securityCode, to: "123")
  viewModel.edit(.name, to: "Ada Lovelace")
  return viewModel
}

/// Lets other tasks run until `condition` holds: no wall clock, and the suite's time limit
/// ends a wait that never would.
@MainActor
private func until(_ condition: () -> Bool) async {
  while !condition(), !Task.isCancelled { await Task.yield() }
}

@MainActor
@Suite("Add-card view model: waiting for the bank (3-D Secure)", .timeLimit(.minutes(1)))
struct BankApprovalViewModelTests {
  @Test(
    "a bank that must approve the card makes the form wait, and the card is saved once it approves")
  func approved() async {
    let viewModel = form(ScriptedSetups([.success(.waiting), .success(.succeeded(approvedCard))]))

    await viewModel.submit().value

    guard case .saved(let row, alreadySaved: false) = viewModel.phase else {
      Issue.record("expected the card saved, got \(viewModel.phase)")
      return
    }
    #expect(row.title.contains("4242"))
    #expect(viewModel.approval?.status == .succeeded)
    #expect(viewModel.approval?.notice.title == "Approve this card in your banking app")
    #expect(viewModel.approval?.button == "Stop waiting")
    #expect(viewModel.failure == nil)
  }

  @Test(
    "the bank's own words go to the developer log; the form says the app's, in German too",
    arguments: ["en_US", "de_DE"])
  func bankWordsAreLogged(locale: String) async {
    let logger = LogSpy()
    let viewModel = form(
      ScriptedSetups([.success(.waiting)]), clock: StoppedClock(), logger: logger,
      locale: locale)

    let submission = viewModel.submit()
    await until { viewModel.phase == .waitingForBank }

    let logged = logger.entries.compactMap { $0.metadata[LogMetadataKey.theirWords] }
    #expect(logged == ["Approve it in Demo Bank."])
    let approval = viewModel.approval
    let shown = [approval?.notice.title, approval?.notice.message, approval?.notice.hint]
    #expect(!shown.contains { $0?.contains("Demo Bank") == true })
    #expect(approval?.accessibilityLabel.contains("Demo Bank") == false)
    if locale == "de_DE" {
      #expect(approval?.notice.title == "Bestätige diese Karte in deiner Banking-App")
    }
    viewModel.cancel()
    await submission.value
  }

  @Test("while the bank is asked, the form says it waits")
  func waiting() async {
    let viewModel = form(ScriptedSetups([.success(.waiting)]), clock: StoppedClock())

    let submission = viewModel.submit()
    await until { viewModel.phase == .waitingForBank }

    #expect(viewModel.approval?.status == .waiting)
    #expect(viewModel.approval?.outcome == nil)
    viewModel.cancel()
    await submission.value
  }

  @Test("while the bank is asked, the form counts the time waited, of its budget, on its clock")
  func countsTheTimeWaited() async {
    let clock = ManualClock()
    let viewModel = form(ScriptedSetups([.success(.waiting)]), clock: clock)
    let submission = viewModel.submit()
    await until { viewModel.phase == .waitingForBank }
    #expect(viewModel.approval?.waited == .zero)

    await clock.sleepsBegun(2)
    clock.advance(by: .seconds(12))
    await until { viewModel.approval?.waited != .zero }

    #expect(viewModel.approval?.waited == .seconds(12))
    #expect(viewModel.approval?.budget == .seconds(120))
    viewModel.cancel()
    await submission.value
  }

  @Test("Esc while waiting cancels the setup and goes back to the form as it was, no error")
  func stopWaiting() async {
    let setups = ScriptedSetups([.success(.waiting)])
    let viewModel = form(setups, clock: StoppedClock())
    let submission = viewModel.submit()
    await until { viewModel.phase == .waitingForBank }

    viewModel.stopWaitingForBank()
    await submission.value

    #expect(setups.cancels == ["setup-1"])
    #expect(viewModel.phase == .editing)
    #expect(viewModel.failure == nil)
    #expect(viewModel.approval == nil)
    #expect(viewModel.form.number == "4242 4242 4242 4242")
  }

  @Test("a decline leaves the card unsaved: the bank's failure above the form, the form kept")
  func refused() async {
    let viewModel = form(
      ScriptedSetups([.success(.waiting), .success(.declined(reason: "authentication_failed"))]))

    await viewModel.submit().value

    guard case .failed(let error) = viewModel.failure else {
      Issue.record("expected the bank's failure, got \(String(describing: viewModel.failure))")
      return
    }
    #expect(error.title == "Your bank couldn't confirm this card")
    #expect(error.message == "Use another card or try again.")
    #expect(error.category == .other)
    #expect(viewModel.phase == .editing)
    #expect(viewModel.approval?.status == .declined)
    #expect(viewModel.form.name == "Ada Lovelace")
  }

  @Test("a bank that refuses to approve the card clears its security code")
  func refusalClearsTheCode() async {
    let viewModel = form(
      ScriptedSetups([.success(.waiting), .success(.declined(reason: "authentication_failed"))]))

    await viewModel.submit().value

    #expect(viewModel.form.securityCode == "")
  }

  @Test("a card the bank approved keeps no security code")
  func approvalClearsTheCode() async {
    let viewModel = form(ScriptedSetups([.success(.waiting), .success(.succeeded(approvedCard))]))

    await viewModel.submit().value

    #expect(viewModel.form.securityCode == "")
  }

  @Test("a setup the backend cancelled leaves the card unsaved, and says so")
  func canceledByBackend() async {
    let viewModel = form(ScriptedSetups([.success(.canceled)]))

    await viewModel.submit().value

    guard case .failed(let error) = viewModel.failure else {
      Issue.record("expected the cancellation said, got \(String(describing: viewModel.failure))")
      return
    }
    #expect(error.title == "The approval was cancelled")
    #expect(viewModel.approval?.status == .canceled)
    #expect(viewModel.phase == .editing)
  }

  @Test("a bank that did not answer in time is asked again under the same idempotency key")
  func timedOutThenAgain() async {
    let keys = Recorder<String?>()
    // A budget shorter than the shortest wait: the first "not yet" spends it.
    let viewModel = form(
      ScriptedSetups([.success(.waiting)]), budget: .milliseconds(100), keys: keys,
      again: .saved(approvedCard))

    await viewModel.submit().value
    let timedOut = viewModel.phase
    let outcome = viewModel.approval?.outcome
    await viewModel.waitForBankAgain()?.value

    #expect(timedOut == .bankDidNotAnswer)
    #expect(outcome == "Your bank didn't answer in time. Try again.")
    #expect(keys.all == [nil, "key-1"])
    #expect(viewModel.approval?.status == .succeeded)
    guard case .saved = viewModel.phase else {
      Issue.record("expected the card saved, got \(viewModel.phase)")
      return
    }
  }

  @Test("Esc after the bank did not answer cancels the setup the wait left open")
  func stopAfterTimeout() async {
    let setups = ScriptedSetups([.success(.waiting)])
    let viewModel = form(setups, budget: .milliseconds(100))
    await viewModel.submit().value

    viewModel.stopWaitingForBank()
    await until { !setups.cancels.isEmpty }

    #expect(setups.cancels == ["setup-1"])
    #expect(viewModel.phase == .editing)
    #expect(viewModel.failure == nil)
  }

  @Test("a session that ends while waiting sends the user to sign in; signing in goes on with it")
  func sessionEndedWhileWaiting() async {
    let keys = Recorder<String?>()
    let ended = RequestFailure(
      .sessionEnded, context: ErrorContext(operation: "GET /cards/setups/{id}"))
    let viewModel = form(
      ScriptedSetups([.success(.waiting), .failure(ended)]), keys: keys,
      again: .saved(approvedCard))

    await viewModel.submit().value
    let failure = viewModel.failure
    await viewModel.signInAndSubmit().value

    guard case .journey(let decision)? = failure else {
      Issue.record("expected the sign-in journey, got \(String(describing: failure))")
      return
    }
    #expect(decision.journey == .signIn)
    #expect(keys.all == [nil, "key-1"])
    guard case .saved = viewModel.phase else {
      Issue.record("expected the card saved after signing in, got \(viewModel.phase)")
      return
    }
  }
}
