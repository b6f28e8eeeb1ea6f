import DataLayer
import DemoBackend
import Domain
import Foundation
import Presentation
import TestSupport

@testable import CLI

/// Screens as the interactive mode sees them, made in-process: a scenario played through
/// the real composition on `ScenarioTimeClock`, and the view model's state flattened.
@MainActor
enum InteractiveFixtures {
  /// The snapshot of `screen` once its first load under `scenario` has published, in the
  /// words of `locale`.
  static func snapshot(
    _ scenario: String, screen: CommandLineOptions.Screen = .paymentMethods,
    locale: Locale = UserLocale.fallback
  ) async -> ScreenSnapshot {
    let composition = composition(scenario, locale: locale)
    switch screen {
    case .paymentMethods:
      let viewModel = composition.paymentMethodsViewModel()
      await viewModel.load().value
      return ScreenSnapshot(viewModel.state)
    case .wallet:
      let viewModel = composition.walletViewModel()
      await viewModel.load().value
      return ScreenSnapshot(viewModel.state)
    }
  }

  /// - Parameter approvalClock: what the wait for a bank's approval is measured on; by
  ///   default the requests' clock, on which it never runs out.
  static func composition(
    _ scenario: String, approvalClock: (any Clock<Duration>)? = nil,
    locale: Locale = UserLocale.fallback
  ) -> AppComposition {
    let traceIDs = SequentialTraceIDs()
    return AppComposition(
      backend: .scenario(BuiltInScenarios.named(scenario) ?? Scenario(name: "none", summary: "")),
      deadline: PaymentMethodsUseCase.defaultDeadline,
      environment: BackendClient.Environment(
        clock: ScenarioTimeClock(deadline: PaymentMethodsUseCase.defaultDeadline),
        jitter: { $0 / 2 }, traceID: { traceIDs.next($0.rawValue) },
        now: { Date(timeIntervalSince1970: 1_800_000_000) }),
      logger: SilentLog(), locale: locale, approvalClock: approvalClock)
  }

  /// The loading state, which no load leaves behind.
  static let loading = ScreenSnapshot(PaymentMethodsViewModel.State.loading)
}
