import Presentation

// snippet: route
/// Where a journey takes the user: the navigation decision, made once by the app-level
/// handlers (`PresentedJourney.journey`), becomes a value a `NavigationStack` path holds.
enum Route: Hashable {
  case signIn
  case verifyAccount
  case support(reference: String?)
  case updateApp

  init(_ decision: PresentedJourney) {
    switch decision.journey {
    case .signIn: self = .signIn
    case .verifyAccount: self = .verifyAccount
    case .contactSupport: self = .support(reference: decision.traceID)
    case .updateApp: self = .updateApp
    }
  }

  /// The route a state asks for, if it is a journey; every other state stays on screen.
  init?(_ state: PaymentMethodsViewModel.State) {
    guard case .journey(let decision) = state else { return nil }
    self.init(decision)
  }
}
// end snippet

// snippet: lifecycle
extension PaymentMethodsViewModel {
  /// For SwiftUI's `.task`: loads, and cancels the load when the view goes away. The task
  /// `load()` returns is not a child of the caller's, so the caller's cancellation is
  /// passed on by hand; a load cancelled this way publishes nothing.
  func loadWhileShown() async {
    let load = load()
    await withTaskCancellationHandler {
      await load.value
    } onCancel: {
      load.cancel()
    }
  }
}
// end snippet
