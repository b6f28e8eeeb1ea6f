import Domain
import Foundation
import Presentation
import TestSupport
import Testing

private let visa = PaymentCard(
  id: "1", brand: "Visa", lastFour: "4242", expiry: CardExpiry(month: 8, year: 2028)!,
  status: .active)
private let expired = PaymentCard(
  id: "2", brand: "Mastercard", lastFour: "4444", expiry: CardExpiry(month: 1, year: 2024)!,
  status: .expired)
private let allMethods: [PaymentMethod] = [
  .wallet(Wallet(balance: 125.5, currency: "EUR")), .card(visa), .card(expired),
  .applePay(ApplePay(status: .available)),
]

@MainActor
private func makeViewModel(
  logger: LogSpy = LogSpy(), locale: String = "en_US",
  _ load: @escaping @Sendable () async throws -> [PaymentMethod]
) -> PaymentMethodsViewModel {
  PaymentMethodsViewModel(
    loadMethods: { PaymentMethodList(methods: try await load()) }, logger: logger,
    locale: Locale(identifier: locale))
}

@MainActor
@Suite("Payment methods view model: outcomes to State", .timeLimit(.minutes(1)))
struct PaymentMethodsViewModelStateTests {
  @Test("starts in the loading state and stays there while the use case runs")
  func loadingWhileRunning() async {
    let gate = Gate()
    let viewModel = makeViewModel {
      await gate.pass()
      return allMethods
    }
    #expect(viewModel.state == .loading)

    let load = viewModel.load()
    await gate.waitForArrivals(1)
    #expect(viewModel.state == .loading)

    await gate.open()
    await load.value
    #expect(viewModel.state != .loading)
  }

  @Test("methods become rows grouped by kind, ready to draw")
  func loadedRows() async {
    let viewModel = makeViewModel { allMethods }

    await viewModel.load().value

    let expected = PaymentMethodsViewModel.Methods(
      wallet: PaymentMethodRow(
        id: "wallet", kind: .wallet, title: "Wallet", subtitle: "Balance €125.50",
        isSelectable: true, accessibilityLabel: "Wallet, balance €125.50",
        selectedAccessibilityLabel: "Wallet, balance €125.50, selected"),
      cards: [
        PaymentMethodRow(
          id: "card-1", kind: .card, title: "Visa •••• 4242", subtitle: "Expires 08/28",
          isSelectable: true, spokenTitle: "Visa ending in 4242",
          accessibilityLabel: "Visa ending in 4242, expires August 2028",
          selectedAccessibilityLabel: "Visa ending in 4242, expires August 2028, selected"),
        PaymentMethodRow(
          id: "card-2", kind: .card, title: "Mastercard •••• 4444",
          subtitle: "Expired 01/24 · update it to pay", isSelectable: false,
          needsNewExpiry: true, spokenTitle: "Mastercard ending in 4444",
          accessibilityLabel: "Mastercard ending in 4444, expired January 2024, update it to pay",
          selectedAccessibilityLabel:
            "Mastercard ending in 4444, expired January 2024, update it to pay, selected"),
      ],
      applePay: PaymentMethodRow(
        id: "apple-pay", kind: .applePay, title: "Apple Pay", subtitle: "Ready to use",
        isSelectable: true, accessibilityLabel: "Apple Pay, ready to use",
        selectedAccessibilityLabel: "Apple Pay, ready to use, selected"))
    #expect(viewModel.state == .loaded(expected))
  }

  @Test("Apple Pay that needs setup is selectable and says what will happen")
  func applePayNeedingSetup() async throws {
    let viewModel = makeViewModel { [.applePay(ApplePay(status: .needsSetup))] }

    await viewModel.load().value

    guard case .loaded(let methods) = viewModel.state else {
      Issue.record("expected loaded, got \(viewModel.state)")
      return
    }
    let row = try #require(methods.applePay)
    #expect(row.isSelectable)
    #expect(row.subtitle == "Needs setup · you will be asked to add a card")
  }

  @Test("noPaymentMethodsFound becomes the empty state, not an error")
  func emptyState() async {
    let logger = LogSpy()
    let viewModel = makeViewModel(logger: logger) {
      throw PaymentMethodsError.noPaymentMethodsFound
    }

    await viewModel.load().value

    guard case .empty(let notice) = viewModel.state else {
      Issue.record("expected empty, got \(viewModel.state)")
      return
    }
    #expect(notice.title == "No payment methods yet")
    #expect(logger.entries.isEmpty)
  }

  @Test(
    "a payment service that can't be reached is its own trouble: try later, not the connection",
    arguments: [("en_US", "connection", "later"), ("de_DE", "Verbindung", "später")])
  func unreachableService(locale: String, connection: String, later: String) async {
    let unreachable = SourceFailure(
      source: .wallet,
      reason: .requestFailed(
        RequestFailure(.serverUnreachable, context: ErrorContext(operation: "GET /wallet"))))
    let viewModel = PaymentMethodsViewModel(
      loadMethods: { throw PaymentMethodsError.couldNotLoad(unreachable, alsoFailed: []) },
      logger: LogSpy(), locale: Locale(identifier: locale))

    await viewModel.load().value

    guard case .failed(let error) = viewModel.state else {
      Issue.record("expected failed, got \(viewModel.state)")
      return
    }
    #expect(!error.hint.contains(connection), "\(error.hint)")
    #expect(error.hint.contains(later), "\(error.hint)")
  }

  @Test("couldNotLoad becomes an error with a retry hint, and is logged once")
  func couldNotLoad() async {
    let logger = LogSpy()
    let viewModel = makeViewModel(logger: logger) {
      throw PaymentMethodsError.couldNotLoad(
        SourceFailure(source: .wallet, reason: .deadlineExceeded(.seconds(3))),
        alsoFailed: [SourceFailure(source: .cards, reason: .deadlineExceeded(.seconds(3)))])
    }

    await viewModel.load().value

    guard case .failed(let error) = viewModel.state else {
      Issue.record("expected failed, got \(viewModel.state)")
      return
    }
    #expect(error.title == "Couldn't load your payment methods")
    #expect(error.message == "It took too long to load your payment methods.")
    #expect(error.hint == "Try again in a moment.")
    #expect(error.category == .retryable)
    #expect(logger.entries.map(\.level) == [.warning])
    #expect(
      logger.entries.first?.metadata["error"]
        == "PaymentMethodsError.couldNotLoad ← SourceFailure(wallet: no answer within 3000 ms)")
    #expect(
      logger.entries.first?.metadata["alsoFailed"] == "cards: no answer within 3000 ms")
  }

  @Test("an error nobody expected becomes the default error, logged at error level")
  func defaultError() async {
    let logger = LogSpy()
    let viewModel = makeViewModel(logger: logger) { throw URLError(.badServerResponse) }

    await viewModel.load().value

    guard case .failed(let error) = viewModel.state else {
      Issue.record("expected failed, got \(viewModel.state)")
      return
    }
    #expect(error.title == "Something went wrong")
    #expect(error.category == .unexpected)
    #expect(logger.entries.map(\.level) == [.error])
  }

  @Test("a card its issuer rejected is listed, cannot be selected, and says why in the app's words")
  func rejectedCard() async throws {
    var rejected = visa
    rejected.decline = IssuerDecline(reason: .blocked, message: "Your bank blocked this card")
    let card = rejected
    let viewModel = makeViewModel { [.card(card)] }

    await viewModel.load().value

    guard case .loaded(let methods) = viewModel.state else {
      Issue.record("expected loaded, got \(viewModel.state)")
      return
    }
    let row = try #require(methods.cards.first)
    #expect(!row.isSelectable)
    #expect(row.subtitle == "Declined by the issuer: the card is blocked")
  }

  @Test(
    "the issuer's own words for a card it rejected are logged, never shown, in German too",
    arguments: ["en_US", "de_DE"])
  func issuerWordsAreLogged(locale: String) async throws {
    var rejected = visa
    rejected.decline = IssuerDecline(reason: .blocked, message: "Your bank blocked this card")
    let card = rejected
    let logger = LogSpy()
    let viewModel = makeViewModel(logger: logger, locale: locale) { [.card(card)] }

    await viewModel.load().value

    guard case .loaded(let methods) = viewModel.state else {
      Issue.record("expected loaded, got \(viewModel.state)")
      return
    }
    let row = try #require(methods.cards.first)
    #expect(!row.subtitle.contains("Your bank"), "\(row.subtitle)")
    #expect(!row.accessibilityLabel.contains("Your bank"), "\(row.accessibilityLabel)")
    if locale == "de_DE" {
      #expect(row.subtitle == "Vom Kartenaussteller abgelehnt: die Karte ist gesperrt")
    }
    let logged = logger.entries.filter { $0.metadata[LogMetadataKey.theirWords] != nil }
    #expect(logged.map(\.level) == [.info])
    #expect(logged.first?.metadata[LogMetadataKey.theirWords] == "Your bank blocked this card")
  }

  @Test("a CancellationError thrown below while nobody cancelled the load is shown, retryable")
  func strayCancellationIsAFailure() async {
    let logger = LogSpy()
    let viewModel = makeViewModel(logger: logger) { throw CancellationError() }

    await viewModel.load().value

    guard case .failed(let error) = viewModel.state else {
      Issue.record("expected the screen to leave loading, got \(viewModel.state)")
      return
    }
    #expect(error.recovery == .retryNow)
    #expect(error.category == .retryable)
    #expect(logger.entries.map(\.level) == [.warning])
  }
}

@MainActor
@Suite("Payment methods view model: loads that overlap", .timeLimit(.minutes(1)))
struct PaymentMethodsViewModelReloadTests {
  @Test("a new load cancels the one still running, which leaves no error behind")
  func supersededLoadIsCancelled() async {
    let calls = CallCounter()
    let firstCancelled = CallCounter()
    let release = Gate()
    let viewModel = makeViewModel {
      calls.increment()
      if calls.count == 1 {
        if await suspendUntilCancelled(orOpened: release) { firstCancelled.increment() }
        throw CancellationError()
      }
      return allMethods
    }

    let first = viewModel.load()
    await release.waitForArrivals(1)
    await viewModel.load().value
    // Releases the first load if nothing cancelled it: then this test fails, never hangs.
    await release.open()
    await first.value

    #expect(firstCancelled.count == 1)
    guard case .loaded(let methods) = viewModel.state else {
      Issue.record("expected the second load's methods, got \(viewModel.state)")
      return
    }
    #expect(methods.rows.count == 4)
  }

  @Test("a superseded load that fails late does not replace the newer state")
  func lateFailureIsDropped() async {
    let calls = CallCounter()
    let release = Gate()
    let viewModel = makeViewModel {
      calls.increment()
      if calls.count == 1 {
        await release.pass()
        throw PaymentMethodsError.couldNotLoad(
          SourceFailure(source: .cards, reason: .cancelledBelow), alsoFailed: [])
      }
      return allMethods
    }

    let first = viewModel.load()
    await release.waitForArrivals(1)
    await viewModel.load().value
    await release.open()
    await first.value

    guard case .loaded = viewModel.state else {
      Issue.record("a late failure replaced the state: \(viewModel.state)")
      return
    }
  }

  @Test("a superseded load that returns late does not replace the newer state")
  func lateSuccessIsDropped() async {
    let calls = CallCounter()
    let release = Gate()
    let viewModel = makeViewModel {
      calls.increment()
      if calls.count == 1 {
        await release.pass()
        return allMethods
      }
      throw PaymentMethodsError.noPaymentMethodsFound
    }

    let first = viewModel.load()
    await release.waitForArrivals(1)
    await viewModel.load().value
    await release.open()
    await first.value

    guard case .empty = viewModel.state else {
      Issue.record("a late answer replaced the state: \(viewModel.state)")
      return
    }
  }

  @Test("loading again after an error shows loading, then the new outcome")
  func retryAfterError() async {
    let calls = CallCounter()
    let viewModel = makeViewModel {
      calls.increment()
      if calls.count == 1 {
        throw PaymentMethodsError.couldNotLoad(
          SourceFailure(source: .cards, reason: .cancelledBelow), alsoFailed: [])
      }
      return allMethods
    }

    await viewModel.load().value
    let retry = viewModel.load()
    #expect(viewModel.state == .loading)
    await retry.value

    guard case .loaded = viewModel.state else {
      Issue.record("expected loaded after the retry, got \(viewModel.state)")
      return
    }
  }
}

@MainActor
@Suite("Payment methods view model: selection", .timeLimit(.minutes(1)))
struct PaymentMethodsViewModelSelectionTests {
  private func loadedViewModel() async -> PaymentMethodsViewModel {
    let viewModel = makeViewModel { allMethods }
    await viewModel.load().value
    return viewModel
  }

  private func loadedMethods(_ viewModel: PaymentMethodsViewModel) -> PaymentMethodsViewModel
    .Methods?
  {
    guard case .loaded(let methods) = viewModel.state else { return nil }
    return methods
  }

  @Test("selecting a method marks it, and only it, as selected")
  func selectsOne() async throws {
    let viewModel = await loadedViewModel()

    viewModel.select("wallet")
    viewModel.select("card-1")

    let methods = try #require(loadedMethods(viewModel))
    #expect(methods.rows.filter(\.isSelected).map(\.id) == ["card-1"])
    #expect(methods.message == "Visa •••• 4242 selected.")
  }

  @Test("selecting a method that cannot pay leaves the selection and says why")
  func refusesUnselectable() async throws {
    let viewModel = await loadedViewModel()
    viewModel.select("apple-pay")

    viewModel.select("card-2")

    let methods = try #require(loadedMethods(viewModel))
    #expect(methods.rows.filter(\.isSelected).map(\.id) == ["apple-pay"])
    #expect(methods.message == "Mastercard •••• 4444 can't be used to pay. Choose another method.")
  }

  @Test("selecting an id that is not on the screen changes nothing")
  func ignoresUnknownIDs() async {
    let viewModel = await loadedViewModel()
    let before = viewModel.state

    viewModel.select("card-99")

    #expect(viewModel.state == before)
  }

  @Test("selecting before anything has loaded changes nothing")
  func ignoresSelectionWhileLoading() {
    let viewModel = makeViewModel { allMethods }

    viewModel.select("wallet")

    #expect(viewModel.state == .loading)
  }
}

@MainActor
@Suite("Payment methods view model: what a superseded load leaves behind", .timeLimit(.minutes(1)))
struct PaymentMethodsViewModelSupersededLogTests {
  @Test("a superseded load that fails late is neither shown nor logged")
  func lateFailureIsNotLogged() async {
    let logger = LogSpy()
    let calls = CallCounter()
    let release = Gate()
    let viewModel = makeViewModel(logger: logger) {
      calls.increment()
      if calls.count == 1 {
        await release.pass()
        throw PaymentMethodsError.couldNotLoad(
          SourceFailure(source: .cards, reason: .cancelledBelow), alsoFailed: [])
      }
      return allMethods
    }

    let first = viewModel.load()
    await release.waitForArrivals(1)
    await viewModel.load().value
    await release.open()
    await first.value

    #expect(logger.entries.isEmpty)
  }
}
