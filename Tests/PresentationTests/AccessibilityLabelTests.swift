import Domain
import Foundation
import Presentation
import TestSupport
import Testing

private let visa = PaymentCard(
  id: "1", brand: "Visa", lastFour: "4242", expiry: CardExpiry(month: 8, year: 2028)!,
  status: .active)

@MainActor
private func loaded(
  _ locale: String = "en_US", _ load: @escaping @Sendable () async throws -> PaymentMethodList
) async -> PaymentMethodsViewModel.State {
  let viewModel = PaymentMethodsViewModel(
    loadMethods: load, logger: LogSpy(), locale: Locale(identifier: locale))
  await viewModel.load().value
  return viewModel.state
}

@MainActor
@Suite("Accessibility labels: what a screen reader reads", .timeLimit(.minutes(1)))
struct AccessibilityLabelTests {
  @Test("a card reads its brand, last four and expiry in words, and says when it is selected")
  func card() async throws {
    let viewModel = PaymentMethodsViewModel(
      loadMethods: { PaymentMethodList(methods: [.card(visa)]) }, logger: LogSpy(),
      locale: Locale(identifier: "en_US"))
    await viewModel.load().value
    guard case .loaded(let before) = viewModel.state else { throw Failure.notLoaded }

    viewModel.select("card-1")

    guard case .loaded(let after) = viewModel.state else { throw Failure.notLoaded }
    #expect(before.cards.first?.accessibilityLabel == "Visa ending in 4242, expires August 2028")
    #expect(
      after.cards.first?.accessibilityLabel
        == "Visa ending in 4242, expires August 2028, selected")
  }

  @Test("an error reads as one sentence, its button left to the button itself")
  func error() async {
    let state = await loaded {
      throw RequestFailure(.offline, context: ErrorContext(operation: "GET /cards"))
    }

    guard case .failed(let error) = state else {
      Issue.record("expected an error, got \(state)")
      return
    }
    #expect(
      error.accessibilityLabel
        == "You're offline. We couldn't load your payment methods without a connection. "
        + "Connect to the internet, then try again.")
  }

  @Test("a journey reads its reference last, and no button")
  func journey() async {
    let state = await loaded {
      throw RequestFailure(
        .userLocked, context: ErrorContext(operation: "GET /wallet", traceID: "trace-7"))
    }

    guard case .journey(let decision) = state else {
      Issue.record("expected a journey, got \(state)")
      return
    }
    #expect(decision.accessibilityLabel.hasSuffix("Reference: trace-7."))
  }

  @Test("the labels are in the user's language, with its month names")
  func german() async throws {
    let state = await loaded("de_DE") { PaymentMethodList(methods: [.card(visa)]) }

    guard case .loaded(let methods) = state else { throw Failure.notLoaded }
    #expect(
      methods.cards.first?.accessibilityLabel
        == "Visa mit den Endziffern 4242, gültig bis August 2028")
  }

  private enum Failure: Error {
    case notLoaded
  }
}
