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

  nonisolated private static let visa = PaymentCard(
    id: "1", brand: "Visa", lastFour: "4242", expiry: CardExpiry(month: 8, year: 2028)!,
    status: .active)

  /// A change of `kind`, and how it ended.
  nonisolated private static func finished(
    _ kind: PendingChange.Kind, card: PaymentCard? = visa, _ ending: FinishedChanges.Ending
  ) -> FinishedChanges.Finished {
    FinishedChanges.Finished(
      PendingChange(kind, idempotencyKey: "key", person: "ada", startedAt: Date()), card: card,
      ending: ending)
  }

  private func message(_ viewModel: PaymentMethodsViewModel) -> String? {
    guard case .loaded(let methods) = viewModel.state else { return nil }
    return methods.message
  }

  @Test("the first list says it once, and a list loaded again does not say it again")
  func saidOnce() async {
    let viewModel = viewModel()
    viewModel.announce(FinishedChanges([Self.finished(.remove(cardID: "1"), .done)]))

    await viewModel.load().value
    let first = message(viewModel)
    await viewModel.load().value

    #expect(first == "Removing Visa •••• 4242, from last time, is done.")
    #expect(message(viewModel) == nil)
  }

  @Test(
    "each change is said with its card and how it ended",
    arguments: [
      (
        finished(.remove(cardID: "1"), .refused(.lastPaymentMethod)),
        "Removing Visa •••• 4242, from last time, was refused: it's your last way to pay."
      ),
      (
        finished(
          .updateExpiry(cardID: "1", CardExpiry(month: 12, year: 2030)!),
          .declined(CardDecline(code: "do_not_honor", adviceCode: nil))),
        "The new expiry for Visa •••• 4242 (12/30), from last time, was declined by your bank."
      ),
      (
        finished(.makeDefault(.wallet), card: nil, .kept),
        "Making your wallet your default, from last time, got no answer yet: it will be sent "
          + "again the next time you open the app."
      ),
      (
        finished(.remove(cardID: "9"), card: nil, .waitsForSignIn),
        "Removing a card, from last time, will be sent once you've signed in again."
      ),
      (
        finished(.makeDefault(.card(id: "1")), .dropped(.tooOld)),
        "Making Visa •••• 4242 your default was not sent: it was made more than a day ago."
      ),
      (
        finished(.remove(cardID: "1"), .dropped(.fromTheFuture)),
        "Removing Visa •••• 4242 was not sent: it's dated ahead of this device's clock."
      ),
      (
        finished(.remove(cardID: "1"), .refused(.request(.userLocked))),
        "Removing Visa •••• 4242, from last time, was refused: your account is locked."
      ),
    ])
  func eachChangeSaid(finished: FinishedChanges.Finished, sentence: String) {
    let words = Phrasebook.presentation(Locale(identifier: "en_US"))

    #expect(words.sentence(for: FinishedChanges([finished])) == sentence)
  }

  @Test(
    "many changes are counted in one short line, in English and German",
    arguments: [
      ("en_US", "200 changes from last time: 197 done, 2 still to be sent, and 1 not made."),
      (
        "de_DE",
        "200 Änderungen vom letzten Mal: 197 erledigt, 2 werden noch gesendet "
          + "und 1 nicht ausgeführt."
      ),
    ])
  func manyCounted(locale: String, line: String) {
    let words = Phrasebook.presentation(Locale(identifier: locale))
    let changes =
      Array(repeating: Self.finished(.remove(cardID: "1"), .done), count: 197)
      + [
        Self.finished(.makeDefault(.wallet), .kept),
        Self.finished(.makeDefault(.wallet), .waitsForSignIn),
      ]
      + [Self.finished(.remove(cardID: "1"), .dropped(.tooOld))]

    #expect(words.sentence(for: FinishedChanges(changes)) == line)
  }

  @Test("several changes are said one after the other, in the order they were made")
  func several() {
    let words = Phrasebook.presentation(Locale(identifier: "en_US"))

    let sentence = words.sentence(
      for: FinishedChanges([
        Self.finished(.remove(cardID: "1"), .done), Self.finished(.makeDefault(.wallet), .gone),
      ]))

    #expect(
      sentence == "Removing Visa •••• 4242, from last time, is done. Making your wallet your "
        + "default, from last time, wasn't needed: it's no longer on your list.")
  }

  @Test("nothing finished, kept or dropped says nothing")
  func nothing() async {
    let viewModel = viewModel()
    viewModel.announce(FinishedChanges())

    await viewModel.load().value

    #expect(message(viewModel) == nil)
  }

  @Test("in German, in the German table's words")
  func german() async {
    let viewModel = viewModel("de_DE")
    viewModel.announce(FinishedChanges([Self.finished(.remove(cardID: "1"), .kept)]))

    await viewModel.load().value

    #expect(
      message(viewModel)
        == "Das Entfernen von Visa •••• 4242 vom letzten Mal hat noch keine Antwort bekommen: "
        + "Es wird beim nächsten Öffnen der App noch einmal gesendet.")
  }

  @Test(
    "the change being sent is named with its card, as the local copy last showed it",
    arguments: [
      (
        PendingChange.Kind.remove(cardID: "1"), PaymentCard?.some(visa), "en_US",
        "Finishing your last change: removing Visa •••• 4242…"
      ),
      (.remove(cardID: "9"), nil, "en_US", "Finishing your last change: removing a card…"),
      (
        .makeDefault(.card(id: "1")), visa, "en_US",
        "Finishing your last change: making Visa •••• 4242 your default…"
      ),
      (
        .makeDefault(.wallet), nil, "en_US",
        "Finishing your last change: making your wallet your default…"
      ),
      (
        .updateExpiry(cardID: "1", CardExpiry(month: 12, year: 2030)!), visa, "en_US",
        "Finishing your last change: the new expiry for Visa •••• 4242 (12/30)…"
      ),
      (
        .remove(cardID: "1"), visa, "de_DE",
        "Deine letzte Änderung wird abgeschlossen: das Entfernen von Visa •••• 4242…"
      ),
    ])
  func sending(kind: PendingChange.Kind, card: PaymentCard?, locale: String, said: String) {
    let change = PendingChange(kind, idempotencyKey: "key", person: "ada", startedAt: Date())

    #expect(
      Phrasebook.presentation(Locale(identifier: locale)).sentence(sending: change, card: card)
        == said)
  }
}
