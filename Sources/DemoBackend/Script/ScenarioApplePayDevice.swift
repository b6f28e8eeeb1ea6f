import DataLayer
import Domain

/// The stub device: answers the Apple Pay checks the way the scenario says.
public struct ScenarioApplePayDevice: ApplePayDevice {
  private let outcome: Scripted<ApplePayOutcome>
  private let clock: any Clock<Duration>

  public init(scenario: Scenario, clock: any Clock<Duration> = ContinuousClock()) {
    self.init(outcome: scenario.applePay, clock: clock)
  }

  public init(outcome: Scripted<ApplePayOutcome>, clock: any Clock<Duration> = ContinuousClock()) {
    self.outcome = outcome
    self.clock = clock
  }

  public func paymentSupport(forNetworks networks: [String]) async throws -> ApplePayDeviceSupport {
    if outcome.latency > .zero { try await clock.sleep(for: outcome.latency) }
    switch outcome.outcome {
    case .available: return ApplePayDeviceSupport(canMakePayments: true, hasCardForNetworks: true)
    case .needsSetup: return ApplePayDeviceSupport(canMakePayments: true, hasCardForNetworks: false)
    case .notAvailable:
      return ApplePayDeviceSupport(canMakePayments: false, hasCardForNetworks: false)
    case .unexpected: throw ScenarioFault(source: "Apple Pay device check")
    case .interrupted: throw CancellationError()
    }
  }
}

/// The failure a scenario's `unexpected` outcome produces: an error type that no layer
/// maps, standing in for the surprises of real systems.
public struct ScenarioFault: Error, Equatable, Sendable, CustomStringConvertible {
  public let source: String

  public var description: String { "ScenarioFault(\(source) failed in a way nobody planned for)" }
}
