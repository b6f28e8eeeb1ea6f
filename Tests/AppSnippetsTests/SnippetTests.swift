import DataLayer
import Domain
import Foundation
import Presentation
import TestSupport
import Testing

/// This device can pay with Apple Pay, and has a card for it.
private struct ReadyDevice: ApplePayDevice {
  func paymentSupport(forNetworks networks: [String]) async throws -> ApplePayDeviceSupport {
    ApplePayDeviceSupport(canMakePayments: true, hasCardForNetworks: true)
  }
}

@MainActor
@Suite("docs/IOS.md: the app's code, compiled and run", .timeLimit(.minutes(1)))
struct SnippetTests {
  @Test("the composition root builds a screen that loads through URLSession")
  func composition() async throws {
    // A scheme URLSession does not speak: both requests fail at once, no network needed,
    // and Apple Pay, which is the device's, is listed beside the sources that failed.
    let dependencies = AppDependencies(
      baseURL: try #require(URL(string: "unsupported://payments.example")),
      tokens: (Secret("access"), Secret("refresh")), device: ReadyDevice(), logger: LogSpy(),
      locale: Locale(identifier: "en_US"))
    let viewModel = dependencies.paymentMethodsViewModel(signIn: {})

    await viewModel.load().value

    guard case .loaded(let methods) = viewModel.state else {
      Issue.record("expected a partial list, got \(viewModel.state)")
      return
    }
    #expect(methods.applePay?.accessibilityLabel == "Apple Pay, ready to use")
    #expect(methods.sourceNotices.map(\.source) == [.wallet, .cards])
  }

  @Test(
    "each journey is a route, and no other state is",
    arguments: [
      (Journey.signIn, Route.signIn), (.verifyAccount, .verifyAccount),
      (.contactSupport, .support(reference: "trace-1")), (.updateApp, .updateApp),
    ])
  func routes(action: Journey, route: Route) {
    let decision = PresentedJourney(
      journey: action, recovery: .signInAgain,
      notice: Notice(title: "t", message: "m", hint: "h"), button: "b", traceID: "trace-1")

    #expect(Route(PaymentMethodsViewModel.State.journey(decision)) == route)
    #expect(Route(PaymentMethodsViewModel.State.loading) == nil)
    #expect(Route(PaymentMethodsViewModel.State.empty(decision.notice)) == nil)
  }

  @Test("a screen that goes away cancels its load, which shows nothing; shown again, it loads")
  func lifecycle() async throws {
    let gate = Gate()
    let calls = CallCounter()
    let viewModel = PaymentMethodsViewModel(
      loadMethods: {
        calls.increment()
        if calls.count == 1 { await gate.pass() }
        try Task.checkCancellation()
        return PaymentMethodList(methods: [.applePay(ApplePay(status: .available))])
      }, logger: LogSpy(), locale: Locale(identifier: "en_US"))

    let shown = Task { await viewModel.loadWhileShown() }
    await gate.waitForArrivals(1)
    shown.cancel()
    await gate.open()
    await shown.value
    #expect(viewModel.state == .loading)

    await viewModel.loadWhileShown()

    guard case .loaded(let methods) = viewModel.state else {
      Issue.record("expected the list, got \(viewModel.state)")
      return
    }
    #expect(methods.applePay != nil)
  }
}
