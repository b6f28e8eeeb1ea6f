import Domain
import Foundation

/// The stub backend and device: plays one `Scenario`, answering each request the way a
/// real backend would (status and JSON body, or a failed transport) after the scripted
/// latency, measured on an injected clock.
public struct ScenarioBackend: PaymentsBackend, ApplePayDevice {
  private let scenario: Scenario
  private let clock: any Clock<Duration>

  public init(scenario: Scenario, clock: any Clock<Duration> = ContinuousClock()) {
    self.scenario = scenario
    self.clock = clock
  }

  public func send(_ endpoint: BackendEndpoint) async throws -> BackendResponse {
    switch endpoint {
    case .wallet:
      try await wait(scenario.wallet.latency)
      return try walletResponse(scenario.wallet.outcome)
    case .cards:
      try await wait(scenario.cards.latency)
      return try cardsResponse(scenario.cards.outcome)
    }
  }

  public func paymentSupport(forNetworks networks: [String]) async throws -> ApplePayDeviceSupport {
    try await wait(scenario.applePay.latency)
    switch scenario.applePay.outcome {
    case .available: return ApplePayDeviceSupport(canMakePayments: true, hasCardForNetworks: true)
    case .needsSetup: return ApplePayDeviceSupport(canMakePayments: true, hasCardForNetworks: false)
    case .notAvailable:
      return ApplePayDeviceSupport(canMakePayments: false, hasCardForNetworks: false)
    case .unexpected: throw ScenarioFault(source: "Apple Pay device check")
    }
  }

  // MARK: - Answers

  private func walletResponse(_ outcome: WalletOutcome) throws -> BackendResponse {
    switch outcome {
    case .ok(let wallet):
      return try .json(200, WalletPayload(balance: wallet.balance, currency: wallet.currency))
    case .notFound:
      return try .json(404, ErrorPayload(code: ServerCode.walletNotFound))
    case .banned:
      return try .json(403, ErrorPayload(code: ServerCode.walletBanned))
    case .inReview(let state):
      return try .json(409, ErrorPayload(code: ServerCode.walletInReview, detail: state.rawValue))
    case .offline:
      throw TransportError.offline
    case .unexpected:
      throw ScenarioFault(source: BackendEndpoint.wallet.rawValue)
    }
  }

  private func cardsResponse(_ outcome: CardsOutcome) throws -> BackendResponse {
    switch outcome {
    case .ok(let cards):
      let payload = CardsPayload(
        cards: cards.enumerated().map { index, card in
          CardsPayload.Card(
            id: "\(index + 1)", brand: card.brand, last4: card.lastFour,
            expiry: card.expiry, status: card.status.rawValue)
        })
      return try .json(200, payload)
    case .offline:
      throw TransportError.offline
    case .unexpected:
      throw ScenarioFault(source: BackendEndpoint.cards.rawValue)
    }
  }

  private func wait(_ latency: Duration) async throws {
    guard latency > .zero else { return }
    try await clock.sleep(for: latency)
  }
}

/// The failure a scenario's `unexpected` outcome produces: an error type that no layer
/// maps, standing in for the surprises of real systems.
public struct ScenarioFault: Error, Equatable, Sendable, CustomStringConvertible {
  public let source: String

  public var description: String { "ScenarioFault(\(source) failed in a way nobody planned for)" }
}

extension BackendResponse {
  fileprivate static func json(_ status: Int, _ payload: some Encodable) throws -> BackendResponse {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return BackendResponse(status: status, body: try encoder.encode(payload))
  }
}
