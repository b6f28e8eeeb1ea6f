import Foundation
import Presentation
import Testing

@testable import CLI
@testable import DataLayer
@testable import DemoBackend
@testable import Domain

/// The error flow across every module at once: what only a test that sees them all can prove.
@MainActor
@Suite("Error flow across the layers", .timeLimit(.minutes(1)))
struct ErrorFlowTests {
  /// One instance of every error case the project can produce, from every module, with
  /// the journey an app must send the user on (nil: the screen handles it itself). The
  /// expectation is written from the rule, not from the code: only the four request
  /// failures that interrupt the flow, and the errors that carry one of them on as a flow
  /// stopSignal, send anyone anywhere.
  static var everyError: [(any Error, Journey?)] {
    let context = ErrorContext(operation: "GET /cards", traceID: "t-1")
    let journeys: [RequestFailure.Kind: Journey] = [
      .sessionEnded: .signIn, .userNotVerified: .verifyAccount, .userLocked: .contactSupport,
      .appOutdated: .updateApp,
    ]
    var errors: [(any Error, Journey?)] = []
    for kind in RequestFailure.Kind.allCases {
      let request = RequestFailure(kind, context: context)
      let failure = SourceFailure(source: .cards, reason: .requestFailed(request))
      let journey = journeys[kind]
      errors += [
        (request, journey), (failure, journey),
        (PaymentMethodsError.couldNotLoad(failure, alsoFailed: []), nil),
        (WalletError.couldNotLoad(failure), nil),
      ]
      if journey != nil {
        errors += [
          (PaymentMethodsError.needsJourney(failure, alsoFailed: []), journey),
          (WalletError.needsJourney(failure), journey),
        ]
      }
    }
    let otherReasons: [SourceFailure.Reason] = [
      .deadlineExceeded(.seconds(3)), .cancelledBelow, .unknown(ScenarioFault(source: "x")),
    ]
    for reason in otherReasons {
      errors.append((SourceFailure(source: .wallet, reason: reason), nil))
    }
    errors += [
      (WalletRepositoryError.noWalletFound(context), nil),
      (WalletRepositoryError.banned(context), nil),
      (WalletRepositoryError.inReview(.pending, context), nil),
      (ApplePayServiceError.serviceNotAvailable, nil),
      (PaymentMethodsError.noPaymentMethodsFound, nil),
      (DeadlineExceeded(deadline: .seconds(3)), nil),
      (UnclassifiedRequestError(context: context), nil),
      (ScenarioFault(source: "x"), nil),
      (SignInRefused(context: context), .signIn),
      (CancellationError(), nil),
      (URLError(.notConnectedToInternet), nil),
    ]
    errors += TransportError.allCases.map { ($0, nil) }
    return errors
  }

  @Test("every error case goes through the handler chain; exactly the flow-changing ones route")
  func onlyFlowChangingErrorsRoute() async throws {
    var actions: Set<Journey> = []
    for (error, journey) in Self.everyError {
      let viewModel = PaymentMethodsViewModel(loadMethods: { throw error }, logger: SilentLog())
      await viewModel.load().value

      let action: Journey? =
        if case .journey(let decision) = viewModel.state { decision.journey } else { nil }
      #expect(action == journey, "\(ErrorChain(error))")
      if let action { actions.insert(action) }
    }
    #expect(actions == [.signIn, .verifyAccount, .contactSupport, .updateApp])
  }

  @Test(
    "every failed request's trace id reaches the developer log",
    arguments: BuiltInScenariosNames.all)
  func everyFailedRequestIsLogged(name: String) async throws {
    let scenario = try #require(BuiltInScenarios.named(name))
    for screen in ["payment-methods", "wallet"] {
      let run = await runCLI(["--scenario", name, "--screen", screen, "--verbose"])

      for id in run.traceIDs where Self.failed(id, in: scenario) {
        // Above debug: the request timeline names every request, failed or not.
        let decisions = linesAboveDebug(run.errors).joined(separator: "\n")
        #expect(decisions.contains("=\(id)"), "\(screen): \(id) is not in the log")
      }
    }
  }

  @Test(
    "a Retry-After of 2^70 seconds is beyond the budget: no wait, no crash",
    arguments: [
      "9223372036854775807", "1180591620717411303424",
    ])
  func hugeRetryAfter(seconds: String) async throws {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("retry-after-\(UUID().uuidString).json")
    let json =
      #"{"cards": {"responses": [{"status": 429, "retryAfter": \#(seconds)}]}, "#
      + #""wallet": {"outcome": "notFound"}, "applePay": {"outcome": "notAvailable"}}"#
    try Foundation.Data(json.utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }

    let run = await runCLI(["--scenario-file", url.path, "--verbose"])

    #expect(run.exitCode == .temporaryFailure)
    #expect(run.output.contains("Too many requests"))
    #expect(!run.errors.contains("retrying"))
  }

  private static func nth<Answer>(_ number: Int, of answers: [Answer]) -> Answer? {
    answers.indices.last.map { answers[min(number - 1, $0)] }
  }

  /// Whether the request with this trace id failed, read from the scenario's script: the
  /// n-th request to an endpoint gets its n-th answer, the last repeating.
  private static func failed(_ id: String, in scenario: Scenario) -> Bool {
    let parts = id.split(separator: "-")
    guard parts.count == 2, let number = Int(parts[1]), number >= 1 else { return false }
    let script: SourceScript
    switch parts[0] {
    case "wallet": script = scenario.wallet
    case "cards": script = scenario.cards
    case "refresh": return Self.nth(number, of: scenario.refresh) != .succeeds
    default: return false
    }
    guard let last = script.answers.indices.last else { return false }
    switch script.answers[min(number - 1, last)] {
    case .transport, .fault, .savedButAnswerLost, .socket:
      return true
    case .respondSlowly:
      // Cut by the deadline, not failed: it never gets an answer to fail with.
      return false
    case .respond(let status, _, let body):
      if (200..<300).contains(status) {
        return (try? JSONSerialization.jsonObject(with: Foundation.Data(body.utf8))) == nil
      }
      // The wallet's own answers are answers, not failed requests.
      let walletAnswers = ["wallet_not_found", "wallet_banned", "wallet_in_review"]
      return !(parts[0] == "wallet" && walletAnswers.contains { body.contains($0) })
    }
  }
}
