import Domain
import Foundation
import Presentation
import TestSupport
import Testing

private let thisMonth = CardValidation.Month(year: 2026, month: 11)
private let expired = PaymentCard(
  id: "2", brand: "Mastercard", lastFour: "4444", expiry: CardExpiry(month: 1, year: 2024)!,
  status: .expired)
private let renewed = PaymentCard(
  id: "2", brand: "Mastercard", lastFour: "4444", expiry: CardExpiry(month: 1, year: 2030)!,
  status: .active)

@MainActor
private func makeForm(
  signIn: @escaping @Sendable () async throws -> Void = {},
  _ update: @escaping @Sendable (String, String) async throws -> UpdateCardOutcome
) -> UpdateCardViewModel {
  UpdateCardViewModel(
    card: expired, update: update, thisMonth: { thisMonth }, signIn: signIn, logger: LogSpy(),
    locale: Locale(identifier: "en_US"))
}

@MainActor
@Suite("New-expiry form: the form's state", .timeLimit(.minutes(1)))
struct UpdateCardViewModelTests {
  @Test("the form names its card, and sends the card's id with the expiry typed")
  func sendsTheCard() async {
    let sent = Recorder<String>()
    let form = makeForm { id, expiry in
      sent.record("\(id) \(expiry)")
      return .updated(renewed)
    }

    form.edit(to: "01/30")
    await form.submit().value

    #expect(form.cardTitle == "Mastercard •••• 4444")
    #expect(form.rowID == "card-2")
    #expect(sent.all == ["2 01/30"])
    #expect(form.phase == .updated(renewed))
  }

  @Test("a change made whose card could not be read is the card with its new expiry")
  func madeButUnread() async {
    let form = makeForm { id, _ in
      .updatedUnread(cardID: id, expiry: CardExpiry(month: 1, year: 2030)!)
    }

    form.edit(to: "01/30")
    await form.submit().value

    #expect(form.phase == .updated(renewed))
  }

  @Test("leaving the field writes the expiry as cards print it, and checks it")
  func leaveChecks() {
    let form = makeForm { _, _ in .updated(renewed) }

    form.edit(to: "0130")
    form.leave()
    #expect(form.expiry == "01/30")
    #expect(form.expiryErrors.isEmpty)

    form.edit(to: "01/24")
    form.leave()
    #expect(form.expiryErrors == ["This card has expired."])
  }

  @Test("the backend's problems stand under the field, with the text kept, until it is edited")
  func invalidKeepsTheText() async {
    let form = makeForm { _, _ in .invalid([.expiry: [.described("Not your bank's date")]]) }

    form.edit(to: "01/30")
    await form.submit().value

    #expect(form.phase == .invalid)
    #expect(form.expiry == "01/30")
    #expect(form.expiryErrors == ["Not your bank's date"])
    form.edit(to: "02/30")
    #expect(form.expiryErrors.isEmpty)
  }

  @Test("a decline stands above the form with the issuer's reason, and the text stays")
  func declined() async {
    let form = makeForm { _, _ in .declined(CardDecline(code: "expired_card", adviceCode: nil)) }

    form.edit(to: "01/30")
    await form.submit().value

    guard case .declined(let decline)? = form.failure else {
      Issue.record("expected a decline, got \(String(describing: form.failure))")
      return
    }
    #expect(decline.notice.title == "This card has expired")
    #expect(decline.field == .expiry)
    #expect(form.phase == .editing)
    #expect(form.expiry == "01/30")
  }

  @Test("a card gone is said as such, for the list to load again")
  func gone() async {
    let form = makeForm { _, _ in .cardGone }

    await form.submit().value

    #expect(form.phase == .cardGone)
    #expect(form.failure == nil)
  }

  @Test("a request failure is presented with its recovery, and the text stays")
  func failure() async {
    let form = makeForm { _, _ in
      throw RequestFailure(.offline, context: ErrorContext(operation: "PATCH /cards/{id}"))
    }

    form.edit(to: "01/30")
    await form.submit().value

    guard case .failed(let presented)? = form.failure else {
      Issue.record("expected an error, got \(String(describing: form.failure))")
      return
    }
    #expect(presented.title == "You're offline")
    #expect(presented.recovery == .retryWhenUserActs(.reconnect))
    #expect(form.expiry == "01/30")
  }

  @Test("an ended session is the sign-in journey; Sign in, then the same expiry is sent again")
  func signInAndSubmit() async {
    let calls = CallCounter()
    let signIns = CallCounter()
    let update: @Sendable (String, String) async throws -> UpdateCardOutcome = { _, _ in
      calls.increment()
      if calls.count == 1 {
        throw RequestFailure(.sessionEnded, context: ErrorContext(operation: "PATCH /cards/{id}"))
      }
      return .updated(renewed)
    }
    let form = makeForm(signIn: { signIns.increment() }, update)

    form.edit(to: "01/30")
    await form.submit().value
    guard case .journey(let decision)? = form.failure else {
      Issue.record("expected the sign-in journey, got \(String(describing: form.failure))")
      return
    }
    #expect(decision.journey == .signIn)

    await form.signInAndSubmit().value

    #expect(signIns.count == 1)
    #expect(form.phase == .updated(renewed))
    #expect(form.failure == nil)
  }

  @Test("a submission cancelled (the form went away) shows nothing, and the form can be sent again")
  func cancelledShowsNothing() async {
    let gate = Gate()
    let form = makeForm { _, _ in
      await gate.pass()
      // What a request answers once the form has gone: it must not be shown.
      throw RequestFailure(.offline, context: ErrorContext(operation: "PATCH /cards/{id}"))
    }

    form.edit(to: "01/30")
    let submission = form.submit()
    await gate.waitForArrivals(1)
    form.cancel()
    await gate.open()
    await submission.value

    #expect(form.phase == .editing)
    #expect(form.failure == nil)
    #expect(form.expiry == "01/30")
  }

  @Test("the form gone, the task it hands back ends once its cancelled submission has ended")
  func cancelHandsBackTheSubmission() async {
    let ended = Recorder<String>()
    let form = makeForm { _, _ in
      defer { ended.record("the update") }
      try await suspendUntilCancelled()
      return .updated(renewed)
    }

    form.edit(to: "01/30")
    form.submit()
    await form.cancel().value

    #expect(ended.all == ["the update"])
    #expect(form.phase == .editing)
  }
}

@MainActor
@Suite(
  "New expiry on the list: the row changes once the backend has agreed", .timeLimit(.minutes(1)))
struct UpdatedRowTests {
  private let visa = PaymentCard(
    id: "1", brand: "Visa", lastFour: "4242", expiry: CardExpiry(month: 8, year: 2028)!,
    status: .active)

  private func loaded(_ loads: CallCounter = CallCounter()) async -> PaymentMethodsViewModel {
    let visa = visa
    let viewModel = PaymentMethodsViewModel(
      loadMethods: {
        loads.increment()
        return PaymentMethodList(
          methods: loads.count == 1 ? [.card(visa), .card(expired)] : [.card(visa)])
      }, logger: LogSpy(), locale: Locale(identifier: "en_US"))
    await viewModel.load().value
    return viewModel
  }

  private func methods(_ viewModel: PaymentMethodsViewModel) -> PaymentMethodsViewModel.Methods? {
    guard case .loaded(let methods) = viewModel.state else { return nil }
    return methods
  }

  @Test("an expired card's row offers a new expiry; the form starts from the listed card")
  func expiredRow() async {
    let viewModel = await loaded()

    #expect(methods(viewModel)?.cards.map(\.needsNewExpiry) == [false, true])
    #expect(viewModel.card(for: "card-2") == expired)
    #expect(viewModel.card(for: "wallet") == nil)
  }

  @Test("the updated card's row is made again from the backend's card, and says so")
  func showUpdated() async {
    let viewModel = await loaded()

    viewModel.showUpdated(renewed)

    let row = methods(viewModel)?.cards.last
    #expect(row?.subtitle == "Expires 01/30")
    #expect(row?.isSelectable == true)
    #expect(row?.needsNewExpiry == false)
    #expect(methods(viewModel)?.message == "Mastercard •••• 4444 now expires 01/30.")
    #expect(methods(viewModel)?.lastChange == .updated)
  }

  @Test("a card the form found gone reloads the list once, and says it is no longer there")
  func showCardGone() async {
    let loads = CallCounter()
    let viewModel = await loaded(loads)

    await viewModel.showCardGone().value

    #expect(loads.count == 2)
    #expect(methods(viewModel)?.cards.map(\.id) == ["card-1"])
    #expect(methods(viewModel)?.message == "That card is no longer available.")
    #expect(methods(viewModel)?.lastChange == .methodGone)
  }
}
