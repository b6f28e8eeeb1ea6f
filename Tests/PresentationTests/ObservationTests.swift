import Dispatch
import Domain
import Foundation
import Observation
import Presentation
import TestSupport
import Testing

/// Watches a view model's state the way SwiftUI does: reads it inside
/// `withObservationTracking`, is told when it is about to change, and reads it again on
/// the main actor afterwards. Each notice records whether it came on the main actor's
/// queue, the one a SwiftUI view must be updated on.
@MainActor
private final class StateWatcher {
  let changes = CallCounter()
  let changesOffTheMainActor = CallCounter()
  private(set) var seen: [PaymentMethodsViewModel.State] = []
  private let viewModel: PaymentMethodsViewModel
  private let onMainQueue: @Sendable () -> Bool

  init(_ viewModel: PaymentMethodsViewModel) {
    self.viewModel = viewModel
    // The main actor runs on the main dispatch queue; a key set on that queue is seen only
    // by code running on it.
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    onMainQueue = { DispatchQueue.getSpecific(key: key) == true }
    watch()
  }

  private func watch() {
    let (changes, offMain, onMainQueue) = (changes, changesOffTheMainActor, onMainQueue)
    let state = withObservationTracking {
      viewModel.state
    } onChange: { [weak self] in
      changes.increment()
      if !onMainQueue() { offMain.increment() }
      Task { @MainActor in self?.watch() }
    }
    seen.append(state)
  }

  /// Lets the re-reads scheduled by the notices run, until the last one read `state`.
  func settle(on state: PaymentMethodsViewModel.State) async {
    for _ in 0..<1000 where seen.last != state {
      await Task.yield()
    }
  }
}

private let applePay = PaymentMethod.applePay(ApplePay(status: .available))
private let wallet = PaymentMethod.wallet(Wallet(balance: 10, currency: "EUR"))

@MainActor
@Suite("Observation: the view model as SwiftUI observes it", .timeLimit(.minutes(1)))
struct ObservationTests {
  @Test("every change of state is published on the main actor, and the last one is read")
  func publishedOnTheMainActor() async throws {
    let gate = Gate()
    let viewModel = PaymentMethodsViewModel(
      loadMethods: {
        await gate.pass()
        return PaymentMethodList(methods: [applePay])
      }, logger: LogSpy(), locale: Locale(identifier: "en_US"))
    let load = viewModel.load()
    await gate.waitForArrivals(1)
    let watcher = StateWatcher(viewModel)

    await gate.open()
    await load.value
    await watcher.settle(on: viewModel.state)
    viewModel.select("apple-pay")
    await watcher.settle(on: viewModel.state)

    #expect(watcher.changes.count == 2)
    #expect(watcher.changesOffTheMainActor.count == 0)
    guard case .loaded(let methods) = watcher.seen.last else {
      Issue.record("expected the list last, saw \(watcher.seen)")
      return
    }
    #expect(methods.selected?.id == "apple-pay")
  }

  @Test("a load superseded by a newer one never publishes, however late it ends")
  func supersededLoadIsSilent() async throws {
    let gate = Gate()
    let calls = CallCounter()
    let viewModel = PaymentMethodsViewModel(
      loadMethods: {
        calls.increment()
        guard calls.count == 1 else { return PaymentMethodList(methods: [wallet, applePay]) }
        await gate.pass()
        return PaymentMethodList(methods: [applePay])
      }, logger: LogSpy(), locale: Locale(identifier: "en_US"))
    let first = viewModel.load()
    await gate.waitForArrivals(1)
    await viewModel.load().value
    let newest = viewModel.state
    let watcher = StateWatcher(viewModel)

    await gate.open()
    await first.value

    #expect(watcher.changes.count == 0)
    #expect(viewModel.state == newest)
  }
}
