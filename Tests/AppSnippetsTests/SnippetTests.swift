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

@MainActor
@Suite("docs/IOS.md: the local copy, wired as an app wires it", .timeLimit(.minutes(1)))
struct LocalCopySnippetTests {
  @Test("offline, the person's cards are shown from their local copy, and nobody else's")
  func offlineShowsTheirCopy() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("local-copy-snippet-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let expiry = try #require(CardExpiry(month: 8, year: 2099))
    let visa = PaymentCard(
      id: "card-1", brand: "Visa", lastFour: "4242", expiry: expiry, status: .active)
    let copy = LocalCopy(cards: .init([visa], loadedAt: Date().addingTimeInterval(-3_600)))
    try await FileLocalCopyStore(directory: folder).save(copy, person: "ada")
    let dependencies = AppDependencies(
      baseURL: try #require(URL(string: "http://127.0.0.1:1")),
      tokens: (Secret("access"), Secret("refresh")), device: ReadyDevice(), logger: LogSpy(),
      locale: Locale(identifier: "en_US"))

    let ada = dependencies.paymentMethodsViewModel(of: "ada", keepingIn: folder, signIn: {})
    let bob = dependencies.paymentMethodsViewModel(of: "bob", keepingIn: folder, signIn: {})
    await ada.load().value
    await bob.load().value

    guard case .loaded(let adas) = ada.state, case .loaded(let bobs) = bob.state else {
      Issue.record("expected lists, got \(ada.state) and \(bob.state)")
      return
    }
    #expect(adas.cards.map(\.isFromLocalCopy) == [true])
    #expect(bobs.cards.isEmpty)
  }
}

@Suite("docs/IOS.md: the person kept with the session in the Keychain", .timeLimit(.minutes(1)))
struct KeychainKnownSessionsTests {
  /// A Keychain item in memory.
  private final class MemoryKeychain: SessionKeychain, @unchecked Sendable {
    // Safe: `stored` is only touched while holding `lock`.
    private let lock = NSLock()
    private var stored: StoredSession?

    init(_ stored: StoredSession?) { self.stored = stored }
    func read() -> StoredSession? { lock.withLock { stored } }
    func write(_ session: StoredSession) { lock.withLock { stored = session } }
  }

  private let keychain = MemoryKeychain(
    StoredSession(accessToken: "access", refreshToken: "refresh", person: nil))

  @Test("a person the backend named is kept in the session's item, and found again")
  func keptWithTheSession() {
    let known = KeychainKnownSessions(keychain: keychain)

    known.record("u-ada", accessToken: Secret("access"), refreshToken: Secret("refresh"))

    #expect(keychain.read()?.person == "u-ada")
    #expect(known.person(accessToken: Secret("access"), refreshToken: Secret("refresh")) == "u-ada")
  }

  @Test("tokens the item does not hold name nobody, and are never recorded")
  func otherTokensNameNobody() {
    let known = KeychainKnownSessions(keychain: keychain)

    known.record("u-bob", accessToken: Secret("access"), refreshToken: Secret("other"))

    #expect(keychain.read()?.person == nil)
    #expect(known.person(accessToken: Secret("access"), refreshToken: Secret("other")) == nil)
  }
}
