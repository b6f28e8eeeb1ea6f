import Domain
import Foundation
import Presentation
import TestSupport
import Testing

private let january2027 = CardValidation.Month(year: 2027, month: 1)
private let savedCard = PaymentCard(
  id: "9", brand: "Visa", lastFour: "4242", expiry: CardExpiry(month: 8, year: 2028)!,
  status: .active)

@MainActor
private func makeViewModel(
  logger: LogSpy = LogSpy(), locale: String = "en_US",
  _ addCard: @escaping @Sendable (CardForm) async throws -> AddCardOutcome
) -> AddCardViewModel {
  AddCardViewModel(
    addCard: { form, _ in try await addCard(form) }, bankApproval: .unused,
    thisMonth: { january2027 }, logger: logger, locale: Locale(identifier: locale))
}

@MainActor
private func fill(_ viewModel: AddCardViewModel) {
  viewModel.edit(.number, to: "4242 4242 4242 4242")
  viewModel.edit(.expiry, to: "08/28")
  viewModel.edit(.securityCode, to: "123")
  viewModel.edit(.name, to: "Ada Lovelace")
}

@MainActor
@Suite("Add-card view model: the form's state", .timeLimit(.minutes(1)))
struct AddCardViewModelTests {
  @Test("leaving a field checks it alone; its problem stays until that field is edited")
  func lastErrorKept() {
    let viewModel = makeViewModel { _ in .saved(savedCard) }
    viewModel.edit(.expiry, to: "13/28")
    viewModel.leave(.expiry)
    viewModel.edit(.name, to: "")
    viewModel.leave(.name)

    viewModel.edit(.number, to: "4")

    #expect(viewModel.fieldErrors[.expiry] == ["The month is 01 to 12."])
    #expect(viewModel.fieldErrors[.name] != nil)
    viewModel.edit(.expiry, to: "13/2")
    #expect(viewModel.fieldErrors[.expiry] == nil)
    #expect(viewModel.fieldErrors[.name] != nil)
  }

  @Test("nothing is checked while typing, but for a network the app does not take")
  func quietWhileTyping() {
    let viewModel = makeViewModel { _ in .saved(savedCard) }

    viewModel.edit(.number, to: "4242 4242 4242 424")
    viewModel.edit(.expiry, to: "13")
    #expect(viewModel.fieldErrors.isEmpty)

    viewModel.edit(.number, to: "6011")
    #expect(
      viewModel.fieldErrors[.number] == [
        "Only Visa, Mastercard and American Express are supported."
      ])
  }

  @Test("leaving the expiry writes it as the card prints it")
  func expiryWrittenAsPrinted() {
    let viewModel = makeViewModel { _ in .saved(savedCard) }
    viewModel.edit(.expiry, to: "0129")

    viewModel.leave(.expiry)

    #expect(viewModel.form.expiry == "01/29")
    #expect(viewModel.fieldErrors[.expiry] == nil)
  }

  @Test("the backend's field errors land on their fields, and the input stays")
  func serverFieldErrors() async {
    let viewModel = makeViewModel { _ in .invalid([.number: [.described("Not this bank")]]) }
    fill(viewModel)

    await viewModel.submit().value

    #expect(viewModel.fieldErrors == [.number: ["Not this bank"]])
    #expect(viewModel.form.number == "4242 4242 4242 4242")
    #expect(viewModel.phase == .invalid)
  }

  @Test("in German, a field the backend refused in its own words says the app's; theirs are logged")
  func serverFieldErrorsInGerman() async {
    let logger = LogSpy()
    let viewModel = makeViewModel(logger: logger, locale: "de_DE") { _ in
      .invalid([.number: [.described("Not this bank")], .expiry: [.described("Too soon")]])
    }
    fill(viewModel)

    await viewModel.submit().value

    #expect(
      viewModel.fieldErrors == [
        .number: ["Unser Zahlungsdienst nimmt diese Kartennummer nicht an."],
        .expiry: ["Unser Zahlungsdienst nimmt dieses Ablaufdatum nicht an."],
      ])
    let logged = logger.entries.compactMap { $0.metadata[LogMetadataKey.theirWords] }
    #expect(logged.sorted() == ["Not this bank", "Too soon"])
  }

  @Test("a decline stands above the form in its reason's words, and the form is kept but its code")
  func declined() async {
    let viewModel = makeViewModel { _ in
      .declined(CardDecline(code: "insufficient_funds", adviceCode: nil))
    }
    fill(viewModel)

    await viewModel.submit().value

    guard case .declined(let decline) = viewModel.failure else {
      Issue.record("expected a decline, got \(String(describing: viewModel.failure))")
      return
    }
    #expect(decline.notice.title == "Not enough funds")
    #expect(decline.nextStep == .useAnotherCard)
    #expect(viewModel.form.number == "4242 4242 4242 4242")
    #expect(viewModel.form.name == "Ada Lovelace")
  }

  @Test(
    "a decline clears the security code, whether it asks to check the code or not",
    arguments: ["incorrect_cvc", "insufficient_funds", "do_not_honor"])
  func declineClearsTheCode(code: String) async {
    let viewModel = makeViewModel { _ in .declined(CardDecline(code: code, adviceCode: nil)) }
    fill(viewModel)

    await viewModel.submit().value

    #expect(viewModel.form.securityCode == "")
  }

  @Test("a code typed after a decline is the new code, not added to the one declined")
  func codeTypedAfterADecline() async {
    let viewModel = makeViewModel { _ in
      .declined(CardDecline(code: "incorrect_cvc", adviceCode: "confirm_card_data"))
    }
    fill(viewModel)
    await viewModel.submit().value

    viewModel.edit(.securityCode, to: viewModel.form.securityCode + "456")
    viewModel.leave(.securityCode)

    #expect(viewModel.form.securityCode == "456")
    #expect(viewModel.fieldErrors[.securityCode] == nil)
  }

  @Test("a decline is logged at info with its code as sent, even a sensitive one")
  func declineLogged() async {
    let logger = LogSpy()
    let viewModel = AddCardViewModel(
      addCard: { _, _ in .declined(CardDecline(code: "stolen_card", adviceCode: nil)) },
      bankApproval: .unused, thisMonth: { january2027 }, logger: logger,
      locale: Locale(identifier: "en_US"))
    fill(viewModel)

    await viewModel.submit().value

    guard case .declined(let decline) = viewModel.failure else {
      Issue.record("expected a decline, got \(String(describing: viewModel.failure))")
      return
    }
    #expect(decline.reason == .genericDecline)
    #expect(logger.entries.map(\.level) == [.info])
    #expect(logger.entries.first?.metadata["declineCode"] == "stolen_card")
  }

  @Test("an ended session is a journey above the form; the form is kept")
  func journey() async {
    let failure = RequestFailure(.sessionEnded, context: ErrorContext(operation: "POST /cards"))
    let viewModel = makeViewModel { _ in throw failure }
    fill(viewModel)

    await viewModel.submit().value

    guard case .journey(let decision)? = viewModel.failure else {
      Issue.record("expected a journey, got \(String(describing: viewModel.failure))")
      return
    }
    #expect(decision.journey == .signIn)
    #expect(viewModel.form.name == "Ada Lovelace")
  }

  @Test("an offline failure is an error that belongs to no field")
  func offline() async {
    let failure = RequestFailure(.offline, context: ErrorContext(operation: "POST /cards"))
    let viewModel = makeViewModel { _ in throw failure }
    fill(viewModel)

    await viewModel.submit().value

    guard case .failed(let error)? = viewModel.failure else {
      Issue.record("expected an error, got \(String(describing: viewModel.failure))")
      return
    }
    #expect(error.title == "You're offline")
    #expect(error.message == "We couldn't save your card without a connection.")
    #expect(viewModel.fieldErrors.isEmpty)
  }

  @Test("a saved card is the outcome, as the list shows it")
  func saved() async {
    let viewModel = makeViewModel { _ in .saved(savedCard) }
    fill(viewModel)

    await viewModel.submit().value

    guard case .saved(let row, let alreadySaved) = viewModel.phase else {
      Issue.record("expected saved, got \(viewModel.phase)")
      return
    }
    #expect(row.title == "Visa •••• 4242")
    #expect(!alreadySaved)
  }

  @Test("once the card is saved, its security code is not kept", arguments: [false, true])
  func savedForgetsTheCode(alreadySaved: Bool) async {
    let viewModel = makeViewModel { _ in
      alreadySaved ? .alreadySaved(savedCard) : .saved(savedCard)
    }
    fill(viewModel)

    await viewModel.submit().value

    #expect(viewModel.form.securityCode == "")
  }
}
