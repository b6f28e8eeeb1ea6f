import Domain
import Foundation
import Presentation
import TestSupport
import Testing

private let visa = PaymentCard(
  id: "1", brand: "Visa", lastFour: "4242", expiry: CardExpiry(month: 8, year: 2028)!,
  status: .active)
private let mastercard = PaymentCard(
  id: "2", brand: "Mastercard", lastFour: "5454", expiry: CardExpiry(month: 11, year: 2027)!,
  status: .active)
private let wallet = Wallet(balance: 10, currency: "EUR", isDefault: true)
private let applePay = ApplePay(status: .available)
private let allMethods: [PaymentMethod] = [
  .wallet(wallet), .card(visa), .card(mastercard), .applePay(applePay),
]

@MainActor
private func loaded(
  loads: CallCounter = CallCounter(),
  methods: @escaping @Sendable (Int) -> [PaymentMethod] = { _ in allMethods },
  remove: (@Sendable (String) async throws -> RemoveCardOutcome)? = nil,
  makeDefault answer: (@Sendable (PaymentMethod) async throws -> MakeDefaultOutcome)? = nil,
  useCase: MakeDefaultUseCase? = nil
) async -> PaymentMethodsViewModel {
  // The backend's answer as a stand-in for the use case sends it; or the use case itself.
  var makeDefault: (@Sendable (PaymentMethod) -> MakeDefaultUseCase.Tap)?
  if let answer { makeDefault = { method in .send { try await answer(method) } } }
  if let useCase { makeDefault = { useCase.execute($0) } }
  let viewModel = PaymentMethodsViewModel(
    loadMethods: {
      loads.increment()
      return PaymentMethodList(methods: methods(loads.count))
    }, removeCard: remove, makeDefault: makeDefault, logger: LogSpy(),
    locale: Locale(identifier: "en_US"))
  await viewModel.load().value
  return viewModel
}

@MainActor
private func methods(_ viewModel: PaymentMethodsViewModel) -> PaymentMethodsViewModel.Methods? {
  guard case .loaded(let methods) = viewModel.state else { return nil }
  return methods
}

@MainActor
@Suite("Changes to a row: nothing changes before the backend agrees", .timeLimit(.minutes(1)))
struct RowWritesTests {
  @Test("a card is removed once the backend agrees; until then its row says it is removing")
  func removeWaitsForTheBackend() async throws {
    let gate = Gate()
    let viewModel = await loaded(remove: { _ in
      await gate.pass()
      return .removed
    })

    let removal = try #require(viewModel.remove("card-1"))
    await gate.waitForArrivals(1)
    let during = methods(viewModel)?.cards.first { $0.id == "card-1" }
    await gate.open()
    await removal.value

    #expect(during?.write == .removing)
    #expect(methods(viewModel)?.cards.map(\.id) == ["card-2"])
    #expect(methods(viewModel)?.message == "Visa •••• 4242 removed.")
  }

  @Test("a removal that ends after a refresh dropped its row names the card as it was listed")
  func removalAfterItsRowWasDropped() async throws {
    let gate = Gate()
    let viewModel = await loaded(
      methods: { load in
        load == 1 ? allMethods : [.wallet(wallet), .card(mastercard), .applePay(applePay)]
      },
      remove: { _ in
        await gate.pass()
        return .removed
      })

    let removal = try #require(viewModel.remove("card-1"))
    await gate.waitForArrivals(1)
    await viewModel.refresh().value
    let dropped = methods(viewModel)?.cards.map(\.id)
    await gate.open()
    await removal.value

    #expect(dropped == ["card-2"])
    #expect(methods(viewModel)?.message == "Visa •••• 4242 removed.")
  }

  @Test("a card the backend keeps as the last way to pay stays, with the reason")
  func lastMethodKept() async throws {
    let viewModel = await loaded(remove: { _ in .refusedLastMethod })

    await viewModel.remove("card-1")?.value

    let card = try #require(methods(viewModel)?.cards.first)
    #expect(methods(viewModel)?.cards.map(\.id) == ["card-1", "card-2"])
    #expect(card.write == nil)
    // The message stays while the cursor moves on: it names its row, not "this card".
    #expect(
      methods(viewModel)?.message == "Add another way to pay before removing \(card.title).")
    #expect(
      methods(viewModel)?.spokenMessage
        == "Add another way to pay before removing \(card.spokenTitle).")
  }

  @Test(
    "a removal that fails offline keeps the card, says why under it, and trying again removes it")
  func offlineThenTryAgain() async throws {
    let calls = CallCounter()
    let viewModel = await loaded(remove: { _ in
      calls.increment()
      if calls.count == 1 {
        throw RequestFailure(.offline, context: ErrorContext(operation: "DELETE /cards/{id}"))
      }
      return .removed
    })

    await viewModel.remove("card-1")?.value
    let failed = methods(viewModel)?.failedWrite
    let kept = methods(viewModel)?.cards.map(\.id)
    await viewModel.refresh().value

    #expect(kept == ["card-1", "card-2"])
    #expect(failed?.rowID == "card-1")
    #expect(failed?.error.message == "We couldn't remove your card without a connection.")
    #expect(methods(viewModel)?.cards.map(\.id) == ["card-2"])
    #expect(methods(viewModel)?.failedWrite == nil)
  }

  @Test("a removed card that was selected leaves the selection to the default method")
  func selectionMovesToTheDefault() async throws {
    let viewModel = await loaded(remove: { _ in .alreadyRemoved })
    viewModel.select("card-1")

    await viewModel.remove("card-1")?.value

    #expect(methods(viewModel)?.selected?.id == "wallet")
  }

  @Test("a busy row takes no other change, and the other rows stay usable")
  func busyRow() async throws {
    let gate = Gate()
    let viewModel = await loaded(
      remove: { _ in
        await gate.pass()
        return .removed
      }, makeDefault: { _ in .madeDefault(.card(id: "2")) })

    let removal = viewModel.remove("card-1")
    await gate.waitForArrivals(1)
    let again = viewModel.remove("card-1")
    let other = viewModel.makeDefault("card-2")
    await other?.value
    await gate.open()
    await removal?.value

    #expect(again == nil)
    #expect(other != nil)
    #expect(methods(viewModel)?.cards.map(\.isDefault) == [true])
  }

  @Test("a method made the default is marked, and no other is")
  func oneDefault() async throws {
    let viewModel = await loaded(makeDefault: { _ in .madeDefault(.card(id: "2")) })

    await viewModel.makeDefault("card-2")?.value

    let rows = methods(viewModel)?.rows ?? []
    #expect(rows.filter(\.isDefault).map(\.id) == ["card-2"])
    #expect(methods(viewModel)?.message == "Mastercard •••• 5454 is now your default.")
    #expect(rows.first { $0.id == "card-2" }?.accessibilityLabel.hasSuffix("your default") == true)
  }

  @Test("a second default chosen while the first is on its way waits, says so, and wins")
  func secondDefaultWaitsItsTurn() async throws {
    let turns = SubjectTurns()
    let first = Gate()
    let viewModel = await loaded(makeDefault: { method in
      try await turns.inTurn(for: .defaultMethod) {
        if method.id == "card-1" { await first.pass() }
        return .madeDefault(.card(id: method.id == "card-1" ? "1" : "2"))
      }
    })

    let card = try #require(viewModel.makeDefault("card-1"))
    await first.waitForArrivals(1)
    let second = try #require(viewModel.makeDefault("card-2"))
    let waiting = methods(viewModel)?.rows.first { $0.id == "card-2" }?.write
    await first.open()
    await card.value
    await second.value

    #expect(waiting == .waitingToMakeDefault)
    #expect(
      ScreenLabels(locale: Locale(identifier: "en_US")).progress(
        .waitingToMakeDefault) == "Waiting for your earlier choice of default…")
    #expect(methods(viewModel)?.rows.filter(\.isDefault).map(\.id) == ["card-2"])
    #expect(methods(viewModel)?.rows.allSatisfy { $0.write == nil } == true)
  }

  @Test("the default chosen again while another is on its way is sent, and wins")
  func defaultChosenAgainWins() async throws {
    let turns = SubjectTurns()
    let first = Gate()
    let sent = Recorder<String>()
    let viewModel = await loaded(makeDefault: { method in
      try await turns.inTurn(for: .defaultMethod) {
        sent.record(method.id)
        if method.id == "card-1" { await first.pass() }
        return .madeDefault(method.id == "wallet" ? .wallet : .card(id: "1"))
      }
    })

    let card = try #require(viewModel.makeDefault("card-1"))
    await first.waitForArrivals(1)
    // The wallet is still marked the default: choosing it again is the person's choice.
    let wallet = try #require(viewModel.makeDefault("wallet"))
    await first.open()
    await card.value
    await wallet.value

    #expect(sent.all == ["card-1", "wallet"])
    #expect(methods(viewModel)?.rows.filter(\.isDefault).map(\.id) == ["wallet"])
  }

  @Test("Apple Pay is never made the default: refused with its reason, nothing sent")
  func applePayRefused() async throws {
    let useCase = MakeDefaultUseCase(writes: NoWrites(), newIdempotencyKey: { "key-1" })
    let viewModel = await loaded(useCase: useCase)

    await viewModel.makeDefault("apple-pay")?.value

    #expect(methods(viewModel)?.applePay?.isDefault == false)
    #expect(methods(viewModel)?.message?.hasPrefix("Apple Pay can't be your default") == true)
  }

  @Test("a method refused as the default is refused at once, its row never read as changing")
  func refusedAtOnce() async throws {
    let useCase = MakeDefaultUseCase(writes: NoWrites(), newIdempotencyKey: { "key-1" })
    let viewModel = await loaded(useCase: useCase)

    let task = viewModel.makeDefault("apple-pay")

    #expect(task == nil, "nothing to wait for, and nothing sent")
    #expect(methods(viewModel)?.rows.allSatisfy { $0.write == nil } == true)
    #expect(methods(viewModel)?.message?.hasPrefix("Apple Pay can't be your default") == true)
  }

  @Test("d on a declined card while its removal is on its way leaves it saying so")
  func refusalWaitsForABusyRow() async throws {
    let gate = Gate()
    let declined = PaymentCard(
      id: "3", brand: "Mastercard", lastFour: "4444",
      expiry: CardExpiry(month: 8, year: 2028)!, status: .active,
      decline: IssuerDecline(reason: .blocked))
    let viewModel = await loaded(
      methods: { _ in allMethods + [.card(declined)] },
      remove: { _ in
        await gate.pass()
        return .removed
      }, useCase: MakeDefaultUseCase(writes: NoWrites(), newIdempotencyKey: { "key-1" }))
    let removal = try #require(viewModel.remove("card-3"))
    await gate.waitForArrivals(1)

    let refused = viewModel.makeDefault("card-3")
    let during = methods(viewModel)?.cards.first { $0.id == "card-3" }
    await gate.open()
    await removal.value

    #expect(refused == nil)
    #expect(during?.write == .removing, "the row still says it is being removed")
  }

  @Test(
    "a card that cannot pay is never made the default: refused with its reason, nothing sent",
    arguments: [
      (
        PaymentCard(
          id: "3", brand: "Mastercard", lastFour: "4444",
          expiry: CardExpiry(month: 1, year: 2024)!, status: .expired),
        "Mastercard •••• 4444 has expired, so it can't be your default. Give it a new expiry "
          + "first."
      ),
      (
        PaymentCard(
          id: "3", brand: "Mastercard", lastFour: "4444",
          expiry: CardExpiry(month: 8, year: 2028)!, status: .active,
          decline: IssuerDecline(reason: .blocked)),
        "Mastercard •••• 4444 was declined by the issuer, so it can't be your default."
      ),
    ])
  func cardThatCannotPayRefused(card: PaymentCard, reason: String) async throws {
    let useCase = MakeDefaultUseCase(writes: NoWrites(), newIdempotencyKey: { "key-1" })
    let viewModel = await loaded(
      methods: { _ in allMethods + [.card(card)] },
      useCase: useCase)

    await viewModel.makeDefault("card-3")?.value

    #expect(methods(viewModel)?.rows.filter(\.isDefault).map(\.id) == ["wallet"])
    #expect(methods(viewModel)?.message == reason)
    #expect(methods(viewModel)?.lastChange == .refusedAsDefault(.cardCannotPay))
  }

  @Test("a default the backend reports gone reloads the list once, and says so")
  func goneReloads() async throws {
    let loads = CallCounter()
    let viewModel = await loaded(
      loads: loads, methods: { $0 == 1 ? allMethods : [.wallet(wallet), .applePay(applePay)] },
      makeDefault: { _ in .methodGone })

    await viewModel.makeDefault("card-2")?.value
    for _ in 0..<100 where methods(viewModel)?.message == nil { await Task.yield() }

    #expect(loads.count == 2)
    #expect(methods(viewModel)?.cards.isEmpty == true)
    #expect(methods(viewModel)?.message == "That card is no longer available.")
  }

  @Test("a wallet the backend reports gone is named as the wallet, never as a card")
  func walletGone() async throws {
    let notDefault = PaymentMethod.wallet(Wallet(balance: 10, currency: "EUR"))
    let viewModel = await loaded(
      methods: { $0 == 1 ? [notDefault, .card(visa)] : [.card(visa)] },
      makeDefault: { _ in .methodGone })

    await viewModel.makeDefault("wallet")?.value
    for _ in 0..<100 where methods(viewModel)?.lastChange == nil { await Task.yield() }

    #expect(methods(viewModel)?.wallet == nil)
    #expect(methods(viewModel)?.message == "Your wallet is no longer available.")
  }

  @Test("a session that ended during a change is the sign-in journey")
  func sessionEnded() async throws {
    let viewModel = await loaded(remove: { _ in
      throw RequestFailure(.sessionEnded, context: ErrorContext(operation: "DELETE /cards/{id}"))
    })

    await viewModel.remove("card-1")?.value

    guard case .journey(let decision) = viewModel.state else {
      Issue.record("expected the sign-in journey, got \(viewModel.state)")
      return
    }
    #expect(decision.journey == .signIn)
  }
}

/// Writes that must not be sent.
private struct NoWrites: SavedCardWrites {
  func remove(cardID: String, idempotencyKey: String) async throws -> RemoveCardOutcome {
    Issue.record("nothing should be sent")
    return .removed
  }

  func makeDefault(_ method: DefaultMethod, idempotencyKey: String) async throws
    -> MakeDefaultOutcome
  {
    Issue.record("nothing should be sent")
    return .methodGone
  }

  func updateExpiry(cardID: String, to expiry: CardExpiry, idempotencyKey: String) async throws
    -> UpdateCardOutcome
  {
    Issue.record("nothing should be sent")
    return .cardGone
  }
}
