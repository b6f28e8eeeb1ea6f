import Domain
import Foundation
import Presentation
import TestSupport
import Testing

/// 14:13:20 UTC on 21 September 2026: the time every test reads.
private let now = Date(timeIntervalSince1970: 1_790_000_000)
private let twoHoursAgo = now.addingTimeInterval(-2 * 60 * 60)
private let utc = TimeZone(identifier: "UTC")!

private let wallet = PaymentMethod.wallet(Wallet(balance: 125.5, currency: "EUR"))
private let visa = PaymentCard(
  id: "1", brand: "Visa", lastFour: "4242", expiry: CardExpiry(month: 8, year: 2028)!,
  status: .active)
private let mastercard = PaymentCard(
  id: "2", brand: "Mastercard", lastFour: "5454", expiry: CardExpiry(month: 11, year: 2027)!,
  status: .active)

private let cardsOffline = SourceFailure(
  source: .cards,
  reason: .requestFailed(
    RequestFailure(.offline, context: ErrorContext(operation: "GET /cards", traceID: "cards-1"))))

/// The wallet loaded; the cards offline, shown from the local copy as of `loadedAt`.
private func savedCards(at loadedAt: Date = twoHoursAgo) -> PaymentMethodList {
  PaymentMethodList(
    methods: [wallet, .card(visa), .card(mastercard)], failures: [cardsOffline],
    copiedAsOf: [.cards: loadedAt])
}

@MainActor
private func loaded(
  _ locale: String = "en_GB", list: PaymentMethodList = savedCards(),
  remove: (@Sendable (String) async throws -> RemoveCardOutcome)? = nil
) async -> PaymentMethodsViewModel {
  let viewModel = PaymentMethodsViewModel(
    loadMethods: { list }, removeCard: remove, logger: LogSpy(),
    locale: Locale(identifier: locale), now: { now }, timeZone: utc)
  await viewModel.load().value
  return viewModel
}

@MainActor
private func methods(_ viewModel: PaymentMethodsViewModel) -> PaymentMethodsViewModel.Methods? {
  guard case .loaded(let methods) = viewModel.state else { return nil }
  return methods
}

@MainActor
@Suite("Copied rows: shown in place of a source that failed, and dated", .timeLimit(.minutes(1)))
struct CopiedRowsTests {
  @Test("a row from the local copy says it may be out of date; a row just loaded does not")
  func rowsAreMarked() async throws {
    let shown = try #require(methods(await loaded()))

    #expect(shown.cards.map(\.isFromLocalCopy) == [true, true])
    #expect(shown.cards.first?.localCopyHint == "Saved · may be out of date")
    #expect(shown.wallet?.isFromLocalCopy == false)
    #expect(shown.wallet?.localCopyHint == nil)
  }

  @Test("only the rows of a source shown from the local copy are marked")
  func onlyItsSourceIsMarked() async throws {
    let walletOffline = SourceFailure(
      source: .wallet,
      reason: .requestFailed(
        RequestFailure(.offline, context: ErrorContext(operation: "GET /wallet"))))
    let list = PaymentMethodList(
      methods: [wallet, .card(visa), .applePay(ApplePay(status: .available))],
      failures: [walletOffline], copiedAsOf: [.wallet: twoHoursAgo])

    let shown = try #require(methods(await loaded(list: list)))

    #expect(shown.rows.map(\.isFromLocalCopy) == [true, false, false])
    #expect(shown.sourceNotices.first?.error.title == "You're offline · your wallet as of 12:13")
  }

  @Test("a copied row is selected as any other")
  func savedRowIsSelectable() async throws {
    let viewModel = await loaded()

    viewModel.select("card-1")

    #expect(methods(viewModel)?.selected?.id == "card-1")
  }

  @Test("a copied row's label says it may be out of date")
  func savedRowIsSpoken() async throws {
    let row = try #require(methods(await loaded())?.cards.first)

    #expect(
      row.accessibilityLabel
        == "Visa ending in 4242, expires August 2028, saved earlier, may be out of date")
  }

  @Test("the notice beside copied rows gives their time of day, and how long ago")
  func noticeIsDated() async throws {
    let notice = try #require(methods(await loaded())?.sourceNotices.first)

    #expect(notice.asOf == twoHoursAgo)
    #expect(notice.error.title == "You're offline · your cards as of 12:13")
    #expect(
      notice.error.message
        == "We couldn't load your cards without a connection. What you see was saved 2 hours ago.")
    #expect(notice.error.hint == "Connect to the internet, then try again.")
    #expect(notice.error.recovery == .retryWhenUserActs(.reconnect))
  }

  @Test("the notice says it in German")
  func noticeInGerman() async throws {
    let shown = try #require(methods(await loaded("de_DE")))
    let notice = try #require(shown.sourceNotices.first)

    #expect(notice.error.title == "Du bist offline · deine Karten, Stand 12:13")
    #expect(
      notice.error.message
        == "Ohne Verbindung konnten wir deine Karten nicht laden. "
        + "Was du siehst, wurde vor 2 Stunden gespeichert.")
    #expect(shown.cards.first?.localCopyHint == "Gespeichert · vielleicht veraltet")
  }

  @Test("rows saved before today are dated with their day")
  func yesterdayHasItsDay() async throws {
    let yesterday = now.addingTimeInterval(-16 * 60 * 60)
    let english = try #require(
      methods(await loaded(list: savedCards(at: yesterday)))?.sourceNotices.first)
    let german = try #require(
      methods(await loaded("de_DE", list: savedCards(at: yesterday)))?.sourceNotices.first)

    #expect(english.error.title == "You're offline · your cards as of 20 Sep at 22:13")
    #expect(german.error.title == "Du bist offline · deine Karten, Stand 20. Sept., 22:13")
  }

  @Test("rows saved under a minute ago were saved a moment ago")
  func justSaved() async throws {
    let list = savedCards(at: now.addingTimeInterval(-20))
    let notice = try #require(methods(await loaded(list: list))?.sourceNotices.first)

    #expect(notice.error.message.hasSuffix("What you see was saved a moment ago."))
  }

  @Test("the notice's label reads the time as words")
  func noticeIsSpoken() async throws {
    let notice = try #require(methods(await loaded())?.sourceNotices.first)

    #expect(
      notice.error.accessibilityLabel
        == "You're offline, your cards as of 12:13. We couldn't load your cards without a "
        + "connection. What you see was saved 2 hours ago. Connect to the internet, then try "
        + "again.")
  }

  @Test("a notice with no copied rows beside it has no date, and says what it said before")
  func undatedNotice() async throws {
    let list = PaymentMethodList(methods: [wallet], failures: [cardsOffline])
    let notice = try #require(methods(await loaded(list: list))?.sourceNotices.first)

    #expect(notice.asOf == nil)
    #expect(notice.error.title == "You're offline")
    #expect(notice.error.message == "We couldn't load your cards without a connection.")
  }

  /// The saved cards shown beside the cards' failure, then card-1 removed, the backend
  /// agreeing: `reload` answers the load that follows. The loads counted in `loads`.
  private func removedBesideCopiedRows(
    loads: CallCounter, reload: @escaping @Sendable () throws -> PaymentMethodList
  ) async throws -> PaymentMethodsViewModel.Methods {
    let viewModel = PaymentMethodsViewModel(
      loadMethods: {
        loads.increment()
        return loads.count == 1 ? savedCards() : try reload()
      }, removeCard: { _ in .removed }, logger: LogSpy(), locale: Locale(identifier: "en_GB"),
      now: { now }, timeZone: utc)
    await viewModel.load().value

    await viewModel.remove("card-1")?.value

    return try #require(methods(viewModel))
  }

  @Test("a change the backend agreed to, beside copied rows, shows the list as it is now")
  func reloadedAfterAChange() async throws {
    let loads = CallCounter()
    let shown = try await removedBesideCopiedRows(loads: loads) {
      PaymentMethodList(methods: [wallet, .card(mastercard)])
    }

    #expect(loads.count == 2)
    #expect(shown.cards.map(\.id) == ["card-2"])
    #expect(shown.cards.map(\.isFromLocalCopy) == [false])
    #expect(shown.sourceNotices.isEmpty)
    #expect(shown.message == "Visa •••• 4242 removed.")
  }

  @Test("where the list still cannot load after a change, its copied rows show the change")
  func markedAfterAChange() async throws {
    let loads = CallCounter()
    let shown = try await removedBesideCopiedRows(loads: loads) {
      throw PaymentMethodsError.couldNotLoad(cardsOffline, alsoFailed: [])
    }

    #expect(loads.count == 2)
    #expect(shown.cards.map(\.id) == ["card-2"])
    #expect(shown.cards.map(\.isFromLocalCopy) == [true])
    #expect(shown.sourceNotices.first?.asOf == twoHoursAgo)
    #expect(shown.message == "Visa •••• 4242 removed.")
  }

  @Test("a refresh that can show nothing keeps the copied rows, and their notice its date")
  func refreshKeepsTheDate() async throws {
    let viewModel = PaymentMethodsViewModel(
      loadMethods: { savedCards() },
      refreshMethods: { PaymentMethodList(methods: [], failures: [cardsOffline]) },
      logger: LogSpy(), locale: Locale(identifier: "en_GB"), now: { now }, timeZone: utc)
    await viewModel.load().value

    await viewModel.refresh().value

    let shown = try #require(methods(viewModel))
    #expect(shown.cards.map(\.isFromLocalCopy) == [true, true])
    #expect(shown.sourceNotices.first?.asOf == twoHoursAgo)
    #expect(shown.sourceNotices.first?.error.title == "You're offline · your cards as of 12:13")
  }
}
