import DemoBackend
import Foundation
import Testing

@testable import CLI

/// What each built-in scenario must show, written out by hand (the README's table says the
/// same in words), checked through the JSON output.
struct ExpectedScreen: Sendable, CustomTestStringConvertible {
  let scenario: String
  let screen: String
  let status: String
  let exitCode: ExitCode
  /// The kinds listed, in order; a trailing "!" marks a method that cannot be selected.
  let methods: [String]
  /// The title of the notice or error panel, if there is one.
  let panelTitle: String?
  /// Where the app-level handlers sent the user, if anywhere.
  let action: String?
  /// The trace id the user is shown, if any.
  let traceID: String?

  var testDescription: String { "\(scenario) on \(screen)" }

  static let paymentMethods: [ExpectedScreen] = [
    .init("all-available", "loaded", ["wallet", "card", "card", "applePay"]),
    .init("no-methods", "empty", [], panel: "No payment methods yet"),
    .init("wallet-missing", "loaded", ["card", "card", "applePay"]),
    .init("wallet-banned", "loaded", ["card", "card", "applePay"]),
    .init("wallet-in-review", "loaded", ["card", "card", "applePay"]),
    .init("wallet-empty-balance", "loaded", ["card", "card", "applePay"]),
    .init("cards-offline", "loaded", ["wallet", "applePay"]),
    .init("cards-expired", "loaded", ["wallet", "card", "card!", "applePay"]),
    .init("apple-pay-unavailable", "loaded", ["wallet", "card", "card"]),
    .init("apple-pay-needs-setup", "loaded", ["wallet", "card", "card", "applePay"]),
    .init("everything-fails", "error", [], panel: "You're offline", exit: .temporaryFailure),
    .init("wallet-slow", "loaded", ["card", "card", "applePay"]),
    .init("unexpected-error", "loaded", ["wallet", "applePay"]),
    .init("token-expired", "loaded", ["wallet", "card", "card", "applePay"]),
    .init("token-rotated", "loaded", ["wallet", "card", "card", "applePay"]),
    .init(
      "session-expired", "error", [], panel: "Please sign in again", exit: .journey,
      action: "signIn"),
    .init("refresh-offline", "error", [], panel: "You're offline", exit: .temporaryFailure),
    .init("rate-limited", "error", [], panel: "Too many requests", exit: .temporaryFailure),
    .init("rate-limited-retry-after", "loaded", ["wallet", "card", "card", "applePay"]),
    .init("server-error-retry-after", "loaded", ["wallet", "card", "card", "applePay"]),
    .init(
      "server-down", "error", [], panel: "Our payment service is down",
      exit: .serviceUnavailable),
    .init("offline", "error", [], panel: "You're offline", exit: .temporaryFailure),
    .init("timeout-then-ok", "loaded", ["wallet", "card", "card", "applePay"]),
    .init(
      "client-outdated", "error", [], panel: "Update the app", exit: .errorState,
      action: "updateApp", traceID: "wallet-1"),
    .init(
      "user-not-verified", "error", [], panel: "Verify your account", exit: .journey,
      action: "verifyAccount"),
    .init(
      "user-locked", "error", [], panel: "Your account is locked", exit: .journey,
      action: "contactSupport", traceID: "wallet-1"),
    .init(
      "malformed-response", "error", [], panel: "Something went wrong", exit: .unexpectedError,
      traceID: "wallet-1"),
    .init("card-rejected", "loaded", ["wallet", "card", "card!", "applePay"]),
    .init("apple-pay-interrupted", "loaded", ["wallet", "card", "card"]),
    .init("connection-closed", "loaded", ["wallet", "card", "card", "applePay"]),
    .init("connection-reset", "loaded", ["wallet", "card", "card", "applePay"]),
    .init("request-stalled", "loaded", ["wallet", "card", "card", "applePay"]),
    .init("slow-body", "loaded", ["card", "card", "applePay"]),
    .init("add-card-ok", "loaded", ["wallet", "card", "card", "applePay"]),
    .init("add-card-invalid", "loaded", ["wallet", "card", "card", "applePay"]),
    .init("add-card-duplicate", "loaded", ["wallet", "card", "card", "applePay"]),
    .init("add-card-declined", "loaded", ["wallet", "card", "card", "applePay"]),
    .init("add-card-insufficient-funds", "loaded", ["wallet", "card", "card", "applePay"]),
    .init("add-card-incorrect-cvc", "loaded", ["wallet", "card", "card", "applePay"]),
    .init("add-card-stolen", "loaded", ["wallet", "card", "card", "applePay"]),
    .init("add-card-processing-error-then-ok", "loaded", ["wallet", "card", "card", "applePay"]),
    .init("add-card-timeout-then-ok", "loaded", ["wallet", "card", "card", "applePay"]),
    .init("add-card-token-expired", "loaded", ["wallet", "card", "card", "applePay"]),
    .init("add-card-session-expired", "loaded", ["wallet", "card", "card", "applePay"]),
    .init("add-card-3ds-approved", "loaded", ["wallet", "card", "card", "applePay"]),
    .init("add-card-3ds-failed", "loaded", ["wallet", "card", "card", "applePay"]),
    .init("add-card-3ds-timeout", "loaded", ["wallet", "card", "card", "applePay"]),
    .init("add-card-3ds-token-expired", "loaded", ["wallet", "card", "card", "applePay"]),
    .init("remove-card-ok", "loaded", ["wallet", "card", "card", "applePay"]),
    .init("remove-card-already-gone", "loaded", ["wallet", "card", "card", "applePay"]),
    .init("remove-card-last", "loaded", ["card"]),
    .init("remove-card-offline-then-ok", "loaded", ["wallet", "card", "card", "applePay"]),
    .init("remove-card-token-expired", "loaded", ["wallet", "card", "card", "applePay"]),
    .init("remove-card-session-expired", "loaded", ["wallet", "card", "card", "applePay"]),
    .init("set-default-ok", "loaded", ["wallet", "card", "card", "applePay"]),
    .init("set-default-gone", "loaded", ["wallet", "card", "card", "applePay"]),
    .init("update-card-ok", "loaded", ["wallet", "card", "card!", "applePay"]),
    .init("update-card-invalid", "loaded", ["wallet", "card", "card!", "applePay"]),
    .init("update-card-declined", "loaded", ["wallet", "card", "card!", "applePay"]),
    .init("update-card-timeout-then-ok", "loaded", ["wallet", "card", "card!", "applePay"]),
    .init("cards-offline-saved", "loaded", ["wallet", "card", "card", "applePay"]),
    .init("everything-offline-saved", "loaded", ["wallet", "card", "card"]),
    .init("offline-saved-expired", "error", [], panel: "You're offline", exit: .temporaryFailure),
    .init(
      "session-expired-clears-saved", "error", [], panel: "Please sign in again", exit: .journey,
      action: "signIn"),
    .init("saved-list-corrupt", "loaded", ["wallet", "applePay"]),
  ]

  static let wallet: [ExpectedScreen] = [
    .init("all-available", "loaded", ["wallet"], screen: "wallet"),
    .init("no-methods", "empty", [], panel: "Create your wallet", screen: "wallet"),
    .init("wallet-missing", "empty", [], panel: "Create your wallet", screen: "wallet"),
    .init("wallet-banned", "loaded", [], panel: "Your wallet is suspended", screen: "wallet"),
    .init(
      "wallet-in-review", "loaded", [], panel: "Your wallet is being reviewed", screen: "wallet"),
    .init("wallet-empty-balance", "loaded", ["wallet!"], screen: "wallet"),
    .init("cards-offline", "loaded", ["wallet"], screen: "wallet"),
    .init("cards-expired", "loaded", ["wallet"], screen: "wallet"),
    .init("apple-pay-unavailable", "loaded", ["wallet"], screen: "wallet"),
    .init("apple-pay-needs-setup", "loaded", ["wallet"], screen: "wallet"),
    .init(
      "everything-fails", "error", [], panel: "You're offline", exit: .temporaryFailure,
      screen: "wallet"),
    .init(
      "wallet-slow", "error", [], panel: "Couldn't load your wallet", exit: .temporaryFailure,
      screen: "wallet"),
    .init("unexpected-error", "loaded", ["wallet"], screen: "wallet"),
    .init("token-expired", "loaded", ["wallet"], screen: "wallet"),
    .init("token-rotated", "loaded", ["wallet"], screen: "wallet"),
    .init(
      "session-expired", "error", [], panel: "Please sign in again", exit: .journey,
      action: "signIn", screen: "wallet"),
    .init(
      "refresh-offline", "error", [], panel: "You're offline", exit: .temporaryFailure,
      screen: "wallet"),
    .init(
      "rate-limited", "error", [], panel: "Too many requests", exit: .temporaryFailure,
      screen: "wallet"),
    .init("rate-limited-retry-after", "loaded", ["wallet"], screen: "wallet"),
    .init("server-error-retry-after", "loaded", ["wallet"], screen: "wallet"),
    .init(
      "server-down", "error", [], panel: "Our payment service is down",
      exit: .serviceUnavailable, screen: "wallet"),
    .init(
      "offline", "error", [], panel: "You're offline", exit: .temporaryFailure, screen: "wallet"),
    .init("timeout-then-ok", "loaded", ["wallet"], screen: "wallet"),
    .init(
      "client-outdated", "error", [], panel: "Update the app", exit: .errorState,
      action: "updateApp", traceID: "wallet-1", screen: "wallet"),
    .init(
      "user-not-verified", "error", [], panel: "Verify your account", exit: .journey,
      action: "verifyAccount", screen: "wallet"),
    .init(
      "user-locked", "error", [], panel: "Your account is locked", exit: .journey,
      action: "contactSupport", traceID: "wallet-1", screen: "wallet"),
    .init(
      "malformed-response", "error", [], panel: "Something went wrong", exit: .unexpectedError,
      traceID: "wallet-1", screen: "wallet"),
    .init("card-rejected", "loaded", ["wallet"], screen: "wallet"),
    .init("apple-pay-interrupted", "loaded", ["wallet"], screen: "wallet"),
    .init("connection-closed", "loaded", ["wallet"], screen: "wallet"),
    .init("connection-reset", "loaded", ["wallet"], screen: "wallet"),
    .init("request-stalled", "loaded", ["wallet"], screen: "wallet"),
    .init(
      "slow-body", "error", [], panel: "Couldn't load your wallet", exit: .temporaryFailure,
      screen: "wallet"),
    .init("add-card-ok", "loaded", ["wallet"], screen: "wallet"),
    .init("add-card-invalid", "loaded", ["wallet"], screen: "wallet"),
    .init("add-card-duplicate", "loaded", ["wallet"], screen: "wallet"),
    .init("add-card-declined", "loaded", ["wallet"], screen: "wallet"),
    .init("add-card-insufficient-funds", "loaded", ["wallet"], screen: "wallet"),
    .init("add-card-incorrect-cvc", "loaded", ["wallet"], screen: "wallet"),
    .init("add-card-stolen", "loaded", ["wallet"], screen: "wallet"),
    .init("add-card-processing-error-then-ok", "loaded", ["wallet"], screen: "wallet"),
    .init("add-card-timeout-then-ok", "loaded", ["wallet"], screen: "wallet"),
    .init("add-card-token-expired", "loaded", ["wallet"], screen: "wallet"),
    .init("add-card-session-expired", "loaded", ["wallet"], screen: "wallet"),
    .init("add-card-3ds-approved", "loaded", ["wallet"], screen: "wallet"),
    .init("add-card-3ds-failed", "loaded", ["wallet"], screen: "wallet"),
    .init("add-card-3ds-timeout", "loaded", ["wallet"], screen: "wallet"),
    .init("add-card-3ds-token-expired", "loaded", ["wallet"], screen: "wallet"),
    .init("remove-card-ok", "loaded", ["wallet"], screen: "wallet"),
    .init("remove-card-already-gone", "loaded", ["wallet"], screen: "wallet"),
    .init("remove-card-last", "empty", [], panel: "Create your wallet", screen: "wallet"),
    .init("remove-card-offline-then-ok", "loaded", ["wallet"], screen: "wallet"),
    .init("remove-card-token-expired", "loaded", ["wallet"], screen: "wallet"),
    .init("remove-card-session-expired", "loaded", ["wallet"], screen: "wallet"),
    .init("set-default-ok", "loaded", ["wallet"], screen: "wallet"),
    .init("set-default-gone", "loaded", ["wallet"], screen: "wallet"),
    .init("update-card-ok", "loaded", ["wallet"], screen: "wallet"),
    .init("update-card-invalid", "loaded", ["wallet"], screen: "wallet"),
    .init("update-card-declined", "loaded", ["wallet"], screen: "wallet"),
    .init("update-card-timeout-then-ok", "loaded", ["wallet"], screen: "wallet"),
    .init("cards-offline-saved", "loaded", ["wallet"], screen: "wallet"),
    .init(
      "everything-offline-saved", "error", [], panel: "You're offline", exit: .temporaryFailure,
      screen: "wallet"),
    .init(
      "offline-saved-expired", "error", [], panel: "You're offline", exit: .temporaryFailure,
      screen: "wallet"),
    .init(
      "session-expired-clears-saved", "error", [], panel: "Please sign in again",
      exit: .journey, action: "signIn", screen: "wallet"),
    .init("saved-list-corrupt", "loaded", ["wallet"], screen: "wallet"),
  ]

  init(
    _ scenario: String, _ status: String, _ methods: [String], panel: String? = nil,
    exit: ExitCode = .success, action: String? = nil, traceID: String? = nil,
    screen: String = "payment-methods"
  ) {
    self.action = action
    self.traceID = traceID
    self.scenario = scenario
    self.screen = screen
    self.status = status
    self.exitCode = exit
    self.methods = methods
    self.panelTitle = panel
  }
}

@MainActor
@Suite(
  "Scenario outcomes: each built-in scenario shows what the README says", .timeLimit(.minutes(1)))
struct ScenarioOutcomeTests {
  @Test(
    "the JSON state and exit code match the expected screen",
    arguments: ExpectedScreen.paymentMethods + ExpectedScreen.wallet)
  func matches(expected: ExpectedScreen) async throws {
    let run = await runCLI(["--scenario", expected.scenario, "--screen", expected.screen, "--json"])
    let json = try #require(
      JSONSerialization.jsonObject(with: Foundation.Data(run.output.utf8)) as? [String: Any])
    let methods = try #require(json["methods"] as? [[String: Any]])

    #expect(run.exitCode == expected.exitCode)
    #expect(json["screen"] as? String == expected.screen)
    #expect(json["status"] as? String == expected.status)
    #expect(
      methods.map {
        "\($0["kind"] as? String ?? "?")\($0["selectable"] as? Bool == false ? "!" : "")"
      }
        == expected.methods)
    let panel = (json["error"] as? [String: Any]) ?? (json["notice"] as? [String: Any])
    #expect(panel?["title"] as? String == expected.panelTitle)
    #expect((json["action"] as? [String: Any])?["kind"] as? String == expected.action)
    #expect((json["error"] as? [String: Any])?["traceId"] as? String == expected.traceID)
    #expect(run.errors.isEmpty)
  }

  @Test("the JSON always has every key, null where there is nothing")
  func everyKey() async throws {
    let run = await runCLI(["--json"])
    let json = try #require(
      JSONSerialization.jsonObject(with: Foundation.Data(run.output.utf8)) as? [String: Any])

    #expect(
      Set(json.keys) == [
        "screen", "status", "methods", "notice", "notices", "error", "action", "message",
      ])
    #expect(json["error"] is NSNull)
    let method = try #require((json["methods"] as? [[String: Any]])?.first)
    #expect(
      Set(method.keys) == [
        "id", "kind", "title", "subtitle", "selectable", "selected", "isDefault",
        "accessibilityLabel", "fromCache",
      ])
  }

  @Test("every scenario covers both screens in the tables above")
  func tablesCoverEveryScenario() {
    let names = BuiltInScenariosNames.all
    #expect(ExpectedScreen.paymentMethods.map(\.scenario) == names)
    #expect(ExpectedScreen.wallet.map(\.scenario) == names)
  }
}
