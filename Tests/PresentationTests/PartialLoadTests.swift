import Domain
import Foundation
import Presentation
import TestSupport
import Testing

private let wallet = PaymentMethod.wallet(Wallet(balance: 125.5, currency: "EUR"))
private let visa = PaymentMethod.card(
  PaymentCard(
    id: "1", brand: "Visa", lastFour: "4242", expiry: CardExpiry(month: 8, year: 2028)!,
    status: .active))
private let applePay = PaymentMethod.applePay(ApplePay(status: .available))

private func failed(
  _ source: PaymentSource, _ kind: RequestFailure.Kind, traceID: String = "cards-1"
) -> SourceFailure {
  SourceFailure(
    source: source,
    reason: .requestFailed(
      RequestFailure(kind, context: ErrorContext(operation: "GET /cards", traceID: traceID))))
}

/// The cards offline, the wallet and Apple Pay shown.
private let cardsOffline = PaymentMethodList(
  methods: [wallet, applePay], failures: [failed(.cards, .offline)])

@MainActor
private func makeViewModel(
  logger: LogSpy = LogSpy(), _ load: @escaping @Sendable () async throws -> PaymentMethodList
) -> PaymentMethodsViewModel {
  PaymentMethodsViewModel(loadMethods: load, logger: logger, locale: Locale(identifier: "en_US"))
}

@MainActor
private func loaded(_ viewModel: PaymentMethodsViewModel) -> PaymentMethodsViewModel.Methods? {
  guard case .loaded(let methods) = viewModel.state else { return nil }
  return methods
}

@MainActor
@Suite(
  "Payment methods view model: a source that failed beside the others", .timeLimit(.minutes(1)))
struct PartialLoadTests {
  @Test("the list is shown, and the source that failed says so in its error's words")
  func failedSourceIsShown() async throws {
    let viewModel = makeViewModel { cardsOffline }

    await viewModel.load().value

    let methods = try #require(loaded(viewModel))
    #expect(methods.rows.map(\.id) == ["wallet", "apple-pay"])
    let failure = try #require(methods.sourceNotices.first)
    #expect(methods.sourceNotices.count == 1)
    #expect(failure.source == .cards)
    #expect(failure.error.title == "You're offline")
    #expect(failure.error.message == "We couldn't load your cards without a connection.")
    #expect(failure.error.recovery == .retryWhenUserActs(.reconnect))
    #expect(methods.canRetry)
  }

  @Test("a failed source is logged once, where it is shown, with its trace id")
  func failedSourceIsLoggedOnce() async throws {
    let logger = LogSpy()
    let viewModel = makeViewModel(logger: logger) { cardsOffline }

    await viewModel.load().value

    #expect(logger.entries.map(\.level) == [.warning])
    let entry = try #require(logger.entries.first)
    #expect(entry.message == "showing that cards could not load (offline)")
    #expect(entry.metadata["traceId"] == "cards-1")
    #expect(entry.metadata["source"] == "cards")
  }

  @Test("an unknown failure gives the reference to quote and no retry")
  func unknownFailureGivesTheReference() async throws {
    let logger = LogSpy()
    let viewModel = makeViewModel(logger: logger) {
      PaymentMethodList(
        methods: [wallet],
        failures: [
          SourceFailure(
            source: .cards,
            reason: .unknown(
              UnclassifiedError(context: ErrorContext(operation: "GET /cards", traceID: "t-9"))))
        ])
    }

    await viewModel.load().value

    let methods = try #require(loaded(viewModel))
    let failure = try #require(methods.sourceNotices.first)
    #expect(failure.error.title == "Something went wrong")
    #expect(failure.error.traceID == "t-9")
    #expect(!methods.canRetry)
    #expect(logger.entries.map(\.level) == [.error])
  }

  @Test("a load where every source answered has no failed sources")
  func noFailureNoNotice() async throws {
    let viewModel = makeViewModel { PaymentMethodList(methods: [wallet, visa, applePay]) }

    await viewModel.load().value

    let methods = try #require(loaded(viewModel))
    #expect(methods.sourceNotices.isEmpty)
    #expect(!methods.canRetry)
  }
}

@MainActor
@Suite("Payment methods view model: trying again beside a list", .timeLimit(.minutes(1)))
struct RefreshTests {
  /// A view model whose load is `cardsOffline` and whose refreshes wait at `gate`, then give
  /// `then`'s answer.
  private func viewModel(
    gate: Gate, then: @escaping @Sendable () throws -> PaymentMethodList
  ) -> PaymentMethodsViewModel {
    PaymentMethodsViewModel(
      loadMethods: { cardsOffline },
      refreshMethods: {
        await gate.pass()
        return try then()
      }, logger: LogSpy(), locale: Locale(identifier: "en_US"))
  }

  @Test("while it runs, the list stays on screen and selectable")
  func listStaysWhileRefreshing() async throws {
    let gate = Gate()
    let viewModel = viewModel(gate: gate) { PaymentMethodList(methods: [wallet, visa, applePay]) }
    await viewModel.load().value

    let refresh = viewModel.refresh()
    await gate.waitForArrivals(1)

    let during = try #require(loaded(viewModel))
    #expect(during.isRefreshing)
    #expect(during.rows.map(\.id) == ["wallet", "apple-pay"])
    viewModel.select("wallet")
    #expect(loaded(viewModel)?.selected?.id == "wallet")
    await gate.open()
    await refresh.value
  }

  @Test("one that works adds the methods, drops the failure and keeps the selection")
  func successAddsMethods() async throws {
    let gate = Gate()
    let viewModel = viewModel(gate: gate) { PaymentMethodList(methods: [wallet, visa, applePay]) }
    await viewModel.load().value
    viewModel.select("apple-pay")

    let refresh = viewModel.refresh()
    await gate.open()
    await refresh.value

    let methods = try #require(loaded(viewModel))
    #expect(methods.rows.map(\.id) == ["wallet", "card-1", "apple-pay"])
    #expect(methods.sourceNotices.isEmpty)
    #expect(!methods.isRefreshing)
    #expect(methods.selected?.id == "apple-pay")
  }

  @Test("one that can show nothing keeps what was shown, with what failed this time")
  func failureKeepsTheList() async throws {
    let gate = Gate()
    let viewModel = viewModel(gate: gate) {
      PaymentMethodList(
        methods: [], failures: [failed(.wallet, .offline), failed(.cards, .serviceUnavailable)])
    }
    await viewModel.load().value

    let refresh = viewModel.refresh()
    await gate.open()
    await refresh.value

    let methods = try #require(loaded(viewModel))
    #expect(methods.rows.map(\.id) == ["wallet", "apple-pay"])
    #expect(!methods.isRefreshing)
    #expect(methods.sourceNotices.map(\.source) == [.wallet, .cards])
    #expect(methods.sourceNotices.last?.error.title == "Our payment service is down")
  }

  @Test("a journey still wins over the list")
  func journeyWins() async throws {
    let gate = Gate()
    let viewModel = viewModel(gate: gate) {
      throw PaymentMethodsError.needsJourney(failed(.cards, .sessionEnded), alsoFailed: [])
    }
    await viewModel.load().value

    let refresh = viewModel.refresh()
    await gate.open()
    await refresh.value

    guard case .journey(let decision) = viewModel.state else {
      Issue.record("expected a journey, got \(viewModel.state)")
      return
    }
    #expect(decision.journey == .signIn)
  }

  @Test("one where every source answered with nothing shows the invitation to add one")
  func nothingAtAllIsEmpty() async {
    let gate = Gate()
    let viewModel = viewModel(gate: gate) { throw PaymentMethodsError.noPaymentMethodsFound }
    await viewModel.load().value

    let refresh = viewModel.refresh()
    await gate.open()
    await refresh.value

    guard case .empty = viewModel.state else {
      Issue.record("expected the empty state, got \(viewModel.state)")
      return
    }
  }

  @Test("with no list on screen, it loads as the first load does")
  func withoutAListItLoads() async {
    let viewModel = makeViewModel { throw PaymentMethodsError.noPaymentMethodsFound }

    await viewModel.refresh().value

    guard case .empty = viewModel.state else {
      Issue.record("expected the empty state, got \(viewModel.state)")
      return
    }
  }
}

/// An error with a context that no layer classifies, as the client wraps a surprise.
private struct UnclassifiedError: ClassifiedError, ContextualError {
  let context: ErrorContext
  var recovery: Recovery { .notRecoverable(.inspectCause) }
  var journey: Journey? { nil }
  var failedRequest: FailedRequest? { FailedRequest(kind: nil, traceID: context.traceID) }
  var underlyingError: (any Error)? { nil }
  var summary: String { "UnclassifiedError(\(context))" }
}
