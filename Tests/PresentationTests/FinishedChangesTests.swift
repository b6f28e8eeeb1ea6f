import Domain
import Foundation
import TestSupport
import Testing

@testable import Presentation

/// What finishing the last run's changes came to, said with the first list shown.
@MainActor
@Suite("Finished changes: the list says what finishing came to", .timeLimit(.minutes(1)))
struct FinishedChangesTests {
  private func viewModel(_ locale: String = "en_US") -> PaymentMethodsViewModel {
    PaymentMethodsViewModel(
      loadMethods: { PaymentMethodList(methods: [.applePay(ApplePay(status: .available))]) },
      logger: LogSpy(), locale: Locale(identifier: locale))
  }

  private func message(_ viewModel: PaymentMethodsViewModel) -> String? {
    guard case .loaded(let methods) = viewModel.state else { return nil }
    return methods.message
  }

  @Test("the first list says it once, and a list loaded again does not say it again")
  func saidOnce() async {
    let viewModel = viewModel()
    viewModel.tell(FinishedChanges(finished: 1))

    await viewModel.load().value
    let first = message(viewModel)
    await viewModel.load().value

    #expect(first == "Your change from last time has been sent: the list shows what came of it.")
    #expect(message(viewModel) == nil)
  }

  @Test("each outcome has its sentence, counted where there are several")
  func everyOutcome() {
    let words = Phrasebook.presentation(Locale(identifier: "en_US"))

    let sentence = words.sentence(for: FinishedChanges(finished: 2, kept: 1, dropped: 3))

    #expect(
      sentence == "Your 2 changes from last time have been sent: the list shows what came of "
        + "them. A change from last time got no answer yet. It will be sent again the next "
        + "time you open the app. 3 changes from last time couldn't be sent safely any more "
        + "(over a day old, or dated ahead of this device's clock), so they weren't sent. "
        + "Make them again if you still want them.")
  }

  @Test("nothing finished, kept or dropped says nothing")
  func nothing() async {
    let viewModel = viewModel()
    viewModel.tell(FinishedChanges())

    await viewModel.load().value

    #expect(message(viewModel) == nil)
  }

  @Test("in German, in the German table's words")
  func german() async {
    let viewModel = viewModel("de_DE")
    viewModel.tell(FinishedChanges(kept: 1))

    await viewModel.load().value

    #expect(
      message(viewModel)?.hasPrefix("Auf eine Änderung vom letzten Mal kam noch keine") == true)
  }
}
