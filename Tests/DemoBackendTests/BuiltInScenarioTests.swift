import Domain
import TestSupport
import Testing

@testable import DemoBackend

@Suite("Built-in scenarios", .timeLimit(.minutes(1)))
struct BuiltInScenarioTests {
  @Test("are exactly the required names, in catalogue order")
  func requiredNames() {
    #expect(
      BuiltInScenarios.all.map(\.name) == [
        "all-available", "no-methods", "wallet-missing", "wallet-banned", "wallet-in-review",
        "wallet-empty-balance", "cards-offline", "cards-expired", "apple-pay-unavailable",
        "apple-pay-needs-setup", "everything-fails", "wallet-slow", "unexpected-error",
        "token-expired", "token-rotated", "session-expired", "refresh-offline", "rate-limited",
        "rate-limited-retry-after",
        "server-error-retry-after", "server-down", "offline", "timeout-then-ok", "client-outdated",
        "user-not-verified", "user-locked", "malformed-response", "card-rejected",
        "apple-pay-interrupted", "connection-closed", "connection-reset", "request-stalled",
        "slow-body", "add-card-ok", "add-card-invalid", "add-card-duplicate",
        "add-card-declined", "add-card-insufficient-funds", "add-card-incorrect-cvc",
        "add-card-stolen", "add-card-processing-error-then-ok", "add-card-timeout-then-ok",
        "add-card-token-expired",
        "add-card-session-expired", "add-card-3ds-approved", "add-card-3ds-failed",
        "add-card-3ds-timeout", "add-card-3ds-token-expired",
        "remove-card-ok", "remove-card-already-gone", "remove-card-last",
        "remove-card-offline-then-ok", "remove-card-token-expired", "remove-card-session-expired",
        "set-default-ok", "set-default-gone",
        "update-card-ok", "update-card-invalid", "update-card-declined",
        "update-card-timeout-then-ok", "cards-offline-saved", "everything-offline-saved",
        "offline-saved-expired", "session-expired-clears-saved", "saved-list-corrupt",
      ])
  }

  @Test("the default scenario is all-available")
  func defaultScenario() {
    #expect(BuiltInScenarios.named(BuiltInScenarios.defaultName)?.name == "all-available")
  }

  @Test("an unknown name finds nothing")
  func unknownName() {
    #expect(BuiltInScenarios.named("all-availible") == nil)
  }

  @Test(
    "latencies are tens to hundreds of ms, except the slow wallet past the 3 s deadline",
    arguments: BuiltInScenarios.all.map(\.name))
  func realisticLatencies(name: String) throws {
    let scenario = try #require(BuiltInScenarios.named(name))
    let latencies = [scenario.wallet.latency, scenario.cards.latency, scenario.applePay.latency]
    let slow = latencies.filter { $0 >= PaymentMethodsUseCase.defaultDeadline }

    #expect(latencies.allSatisfy { $0 >= .milliseconds(10) })
    #expect(slow.count == (name == "wallet-slow" ? 1 : 0))
    #expect(latencies.filter { $0 < .seconds(3) }.allSatisfy { $0 <= .milliseconds(500) })
  }
}
