import Domain
import Foundation
import Presentation
import Testing

@testable import CLI

/// `e` on an expired card, in-process: where it is offered, and the one-field form it opens.
@MainActor
@Suite("Interactive screen: an expired card's new expiry", .timeLimit(.minutes(1)))
struct NewExpiryKeysTests {
  private func screen(on row: Int) -> InteractiveScreen {
    var model = InteractiveScreen(screen: .paymentMethods)
    model.rowChanges = true
    model.expiryUpdates = true
    model.highlighted = row
    return model
  }

  /// The form of cards-expired's Mastercard, "01/30" typed.
  private var form: CardFormSnapshot {
    let card = PaymentCard(
      id: "2", brand: "Mastercard", lastFour: "4444", expiry: CardExpiry(month: 1, year: 2024)!,
      status: .expired)
    let viewModel = UpdateCardViewModel(
      card: card, update: { _, _ in .cardGone },
      thisMonth: { CardValidation.Month(year: 2026, month: 11) }, logger: SilentLog(),
      locale: Locale(identifier: "en_US"))
    viewModel.edit(to: "01/30")
    return CardFormSnapshot(viewModel)
  }

  @Test("e is offered on an expired card, and on no other row")
  func offeredOnExpiredCards() async {
    // cards-expired: the wallet, Visa (active), Mastercard (expired), Apple Pay.
    let snapshot = await InteractiveFixtures.snapshot("cards-expired")

    let offered = (0..<4).map { screen(on: $0).actions(for: snapshot).contains(.newExpiry) }

    #expect(offered == [false, false, true, false])
  }

  @Test("e opens the form on the expiry; on an active card it asks the list to say why not")
  func opensTheForm() async {
    let snapshot = await InteractiveFixtures.snapshot("cards-expired")
    var expiredCard = screen(on: 2)
    var activeCard = screen(on: 1)

    #expect(expiredCard.handle(.character("e"), on: snapshot) == [.openExpiryForm(rowID: "card-2")])
    #expect(expiredCard.form?.focused == .expiry)
    #expect(
      activeCard.handle(.character("e"), on: snapshot) == [.refuseNewExpiry(rowID: "card-1")])
    #expect(activeCard.form == nil)
  }

  @Test("without the form, e is neither offered nor taken")
  func withoutTheForm() async {
    let snapshot = await InteractiveFixtures.snapshot("cards-expired")
    var model = screen(on: 2)
    model.expiryUpdates = false

    #expect(!model.actions(for: snapshot).contains(.newExpiry))
    #expect(model.handle(.character("e"), on: snapshot) == [])
  }

  @Test("the form has one field: typing edits the expiry, Tab stays on it, Enter saves, Esc goes")
  func oneField() async {
    let snapshot = await InteractiveFixtures.snapshot("cards-expired")
    var model = screen(on: 2)
    _ = model.handle(.character("e"), on: snapshot)

    let typed = model.handle(.character("1"), on: snapshot, form: form)
    let tab = model.handle(.tab, on: snapshot, form: form)
    let footer = model.actions(for: snapshot, form: form)
    let saved = model.handle(.enter, on: snapshot, form: form)
    let closed = model.handle(.escape, on: snapshot, form: form)

    #expect(typed == [.editCard(.expiry, "01/301")])
    #expect(tab == [.leaveCardField(.expiry)])
    #expect(footer == [.save, .back])
    #expect(saved == [.submitCard])
    #expect(closed == [.closeCardForm])
    #expect(model.form == nil)
  }

  @Test("the form's box is titled with its card and shows the expiry alone")
  func drawn() {
    let renderer = ScreenRenderer(palette: Palette(isEnabled: false), width: 50)

    let lines = renderer.drawing(form, focused: .expiry).lines

    #expect(lines[1].contains("New expiry for Mastercard •••• 4444"))
    #expect(lines.contains { $0.contains("Expiry") })
    #expect(!lines.contains { $0.contains("Card number") || $0.contains("Security code") })
  }
}
