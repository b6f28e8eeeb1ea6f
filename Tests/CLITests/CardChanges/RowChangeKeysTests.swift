import Testing

@testable import CLI

/// The keys of the changes to a row, in-process: what each does in each state, and what
/// the footer offers on each row.
@MainActor
@Suite(
  "Interactive screen: removing a card and making a method the default", .timeLimit(.minutes(1)))
struct RowChangeKeysTests {
  private func screen(on row: Int) -> InteractiveScreen {
    var model = InteractiveScreen(screen: .paymentMethods)
    model.rowChanges = true
    model.highlighted = row
    return model
  }

  private func hints(_ model: InteractiveScreen, _ snapshot: ScreenSnapshot) -> [String] {
    model.actions(for: snapshot).map { $0.hint(.english).keys }
  }

  @Test("x asks to confirm; y removes, n keeps, and nothing is sent before the answer")
  func confirmRemoval() async {
    let snapshot = await InteractiveFixtures.snapshot("all-available")
    var model = screen(on: 1)

    let asked = model.handle(.character("x"), on: snapshot)
    let question = hints(model, snapshot)
    let removed = model.handle(.character("y"), on: snapshot)
    _ = model.handle(.delete, on: snapshot)
    let kept = model.handle(.character("n"), on: snapshot)

    #expect(asked == [])
    #expect(question == ["y Enter", "n Esc"])
    #expect(removed == [.removeCard(rowID: "card-1")])
    #expect(kept == [])
    #expect(model.confirmingRemoval == nil)
  }

  @Test("the footer offers only what the row under the cursor takes")
  func footerPerRow() async {
    let snapshot = await InteractiveFixtures.snapshot("all-available")

    let wallet = hints(screen(on: 0), snapshot)
    let card = hints(screen(on: 1), snapshot)
    let applePay = hints(screen(on: 3), snapshot)

    #expect(wallet.contains("d") && !wallet.contains("x"))
    #expect(card.contains("d") && card.contains("x"))
    #expect(!applePay.contains("d") && !applePay.contains("x"))
  }

  @Test("d makes the row the default; on Apple Pay it asks the view model, which says why not")
  func makeDefault() async {
    let snapshot = await InteractiveFixtures.snapshot("all-available")
    var card = screen(on: 2)
    var applePay = screen(on: 3)

    #expect(card.handle(.character("d"), on: snapshot) == [.makeDefault(rowID: "card-2")])
    #expect(applePay.handle(.character("d"), on: snapshot) == [.makeDefault(rowID: "apple-pay")])
  }

  @Test("x and e on the wallet and Apple Pay ask the view model, which says why not")
  func refusalsOnRowsThatAreNoCard() async {
    let snapshot = await InteractiveFixtures.snapshot("all-available")
    var wallet = screen(on: 0)
    var applePay = screen(on: 3)
    wallet.expiryUpdates = true
    applePay.expiryUpdates = true

    #expect(wallet.handle(.character("x"), on: snapshot) == [.refuseRemoval(rowID: "wallet")])
    #expect(wallet.confirmingRemoval == nil)
    #expect(wallet.handle(.character("e"), on: snapshot) == [.refuseNewExpiry(rowID: "wallet")])
    #expect(
      applePay.handle(.character("x"), on: snapshot) == [.refuseRemoval(rowID: "apple-pay")])
    #expect(
      applePay.handle(.character("e"), on: snapshot) == [.refuseNewExpiry(rowID: "apple-pay")])
  }

  @Test("d is not offered on a card that cannot pay, and is on one that can")
  func noDefaultOfferedOnACardThatCannotPay() async {
    // cards-expired: the wallet, Visa (active), Mastercard (expired), Apple Pay.
    let snapshot = await InteractiveFixtures.snapshot("cards-expired")

    let active = hints(screen(on: 1), snapshot)
    let expired = hints(screen(on: 2), snapshot)

    #expect(active.contains("d"))
    #expect(!expired.contains("d") && expired.contains("x"))
  }

  @Test("d on a card that cannot pay says why, and makes nothing the default")
  func dOnACardThatCannotPaySaysWhy() async throws {
    let list = InteractiveFixtures.composition("cards-expired").paymentMethodsViewModel()
    await list.load().value
    var model = screen(on: 2)

    let effects = model.handle(.character("d"), on: ScreenSnapshot(list.state))
    await list.makeDefault("card-2")?.value
    let after = ScreenSnapshot(list.state)

    #expect(effects == [.makeDefault(rowID: "card-2")])
    #expect(after.methods.filter(\.isDefault).isEmpty)
    #expect(after.message?.hasPrefix("Mastercard •••• 4444 has expired") == true)
  }

  @Test("d is not offered on the default; pressed there, it says it is the default already")
  func dOnTheDefault() async throws {
    let list = InteractiveFixtures.composition("set-default-ok").paymentMethodsViewModel()
    await list.load().value
    await list.makeDefault("card-1")?.value
    let snapshot = ScreenSnapshot(list.state)
    var model = screen(on: 1)

    let effects = model.handle(.character("d"), on: snapshot)
    let again = list.makeDefault("card-1")
    let after = ScreenSnapshot(list.state)

    #expect(snapshot.methods[1].isDefault)
    #expect(!hints(screen(on: 1), snapshot).contains("d"))
    #expect(effects == [.makeDefault(rowID: "card-1")])
    #expect(again == nil, "nothing sent, nothing to wait for")
    #expect(after.message == "Visa •••• 4242 is your default already.")
  }

  @Test("d on a card the backend reports gone takes that card off the list, and no other")
  func goneIsTheCardNamed() async throws {
    let list = InteractiveFixtures.composition("set-default-gone").paymentMethodsViewModel()
    await list.load().value
    var model = screen(on: 1)

    let effects = model.handle(.character("d"), on: ScreenSnapshot(list.state))
    await list.makeDefault("card-1")?.value
    for _ in 0..<1000 where ScreenSnapshot(list.state).message == nil { await Task.yield() }
    let after = ScreenSnapshot(list.state)

    #expect(effects == [.makeDefault(rowID: "card-1")])
    #expect(after.methods.map(\.title).contains("Mastercard •••• 5454"))
    #expect(!after.methods.map(\.title).contains("Visa •••• 4242"))
    #expect(after.message == "That card is no longer available.")
  }

  @Test("without the view model's changes, x and d do nothing and are not offered")
  func noChanges() async {
    let snapshot = await InteractiveFixtures.snapshot("all-available")
    var model = InteractiveScreen(screen: .paymentMethods)
    model.highlighted = 1

    #expect(model.handle(.character("x"), on: snapshot) == [])
    #expect(model.confirmingRemoval == nil)
    #expect(!hints(model, snapshot).contains("x"))
  }
}
