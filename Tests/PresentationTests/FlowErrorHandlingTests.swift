import Domain
import Foundation
import Presentation
import TestSupport
import Testing

private func failure(_ kind: RequestFailure.Kind, traceID: String = "trace-9") -> SourceFailure {
  SourceFailure(
    source: .cards,
    reason: .requestFailed(
      RequestFailure(kind, context: ErrorContext(operation: "GET /cards", traceID: traceID))))
}

@Suite("App-level handler chain")
struct FlowErrorHandlersTests {
  @Test(
    "sends each flow-changing error on its journey",
    arguments: [
      (RequestFailure.Kind.sessionExpired, FlowDecision.Action.signIn),
      (.userNotVerified, .verifyAccount),
      (.userLocked, .contactSupport),
      (.clientOutdated, .updateApp),
    ])
  func journeys(kind: RequestFailure.Kind, action: FlowDecision.Action) throws {
    let decision = try #require(
      FlowErrorHandlers.standard.decision(for: PaymentMethodsError.flowInterrupted(failure(kind))))

    #expect(decision.action == action)
  }

  @Test("leaves a screen's own errors to the screen")
  func screenErrorsPassThrough() {
    #expect(FlowErrorHandlers.standard.decision(for: failure(.offline)) == nil)
    #expect(FlowErrorHandlers.standard.decision(for: failure(.malformedResponse)) == nil)
    #expect(FlowErrorHandlers.standard.decision(for: URLError(.unknown)) == nil)
  }

  @Test("a locked account gets the trace id support needs; the others do not show one")
  func traceIDOnlyForSupport() throws {
    let locked = try #require(FlowErrorHandlers.standard.decision(for: failure(.userLocked)))
    let notVerified = try #require(
      FlowErrorHandlers.standard.decision(for: failure(.userNotVerified)))

    #expect(locked.traceID == "trace-9")
    #expect(notVerified.traceID == nil)
    #expect(notVerified.button == "Check my status again")
  }

  @Test("a chain without a handler for an error leaves it to the screen")
  func emptyChain() {
    #expect(FlowErrorHandlers([]).decision(for: failure(.sessionExpired)) == nil)
  }
}

@Suite("What a screen's own errors look like")
struct ErrorPresentationTests {
  @MainActor
  private func presented(_ error: any Error) async -> PresentationError? {
    let viewModel = PaymentMethodsViewModel(loadMethods: { throw error }, logger: LogSpy())
    await viewModel.load().value
    guard case .failed(let presented) = viewModel.state else { return nil }
    return presented
  }

  @MainActor
  @Test("offline asks to reconnect, and is worth retrying")
  func offline() async throws {
    let error = try #require(await presented(PaymentMethodsError.couldNotLoad([failure(.offline)])))

    #expect(error.title == "You're offline")
    #expect(error.category == .retryable)
    #expect(error.recovery == .retryWhenUserActs(.reconnect))
    #expect(error.traceID == nil)
  }

  @MainActor
  @Test("a service that failed through every retry is down")
  func serviceDown() async throws {
    let error = try #require(
      await presented(
        PaymentMethodsError.couldNotLoad([
          failure(.serviceUnavailable), failure(.serviceUnavailable),
        ])))

    #expect(error.category == .serviceUnavailable)
  }

  @MainActor
  @Test("a rate limit asks the user to wait")
  func rateLimited() async throws {
    let error = try #require(
      await presented(PaymentMethodsError.couldNotLoad([failure(.rateLimited)])))

    #expect(error.title == "Too many requests")
    #expect(error.category == .retryable)
  }

  @MainActor
  @Test("a malformed answer is a bug: the user gets the trace id to quote")
  func malformed() async throws {
    let error = try #require(
      await presented(PaymentMethodsError.couldNotLoad([failure(.malformedResponse)])))

    #expect(error.category == .unexpected)
    #expect(error.traceID == "trace-9")
  }
}

@MainActor
@Suite("Check my status again")
struct CheckStatusAgainTests {
  @Test("a flow-changing error shows the journey, on either screen")
  func journeyOnBothScreens() async {
    let error = PaymentMethodsError.flowInterrupted(failure(.userNotVerified))
    let paymentMethods = PaymentMethodsViewModel(loadMethods: { throw error }, logger: LogSpy())
    let wallet = WalletViewModel(
      loadStatus: { throw WalletError.couldNotLoad(failure(.userNotVerified)) }, logger: LogSpy()
    )

    await paymentMethods.load().value
    await wallet.load().value

    guard case .actionRequired(let first) = paymentMethods.state,
      case .actionRequired(let second) = wallet.state
    else {
      Issue.record("expected journeys, got \(paymentMethods.state) and \(wallet.state)")
      return
    }
    #expect(first.action == .verifyAccount)
    #expect(second.action == .verifyAccount)
  }

  @Test("re-reads the user's status before anything else, then loads once verified")
  func statusFirst() async {
    let calls = CallLog()
    let viewModel = PaymentMethodsViewModel(
      loadMethods: {
        calls.append("load")
        return [.applePay(ApplePay(status: .available))]
      },
      checkUserStatus: {
        calls.append("status")
        return .verified
      },
      logger: LogSpy())

    await viewModel.checkStatusAgain().value

    #expect(calls.entries == ["status", "load"])
    guard case .loaded = viewModel.state else {
      Issue.record("expected loaded, got \(viewModel.state)")
      return
    }
  }

  @Test(
    "a user still in the wrong state stays on the journey, without loading the screen",
    arguments: [
      (UserStatus.notVerified, FlowDecision.Action.verifyAccount), (.locked, .contactSupport),
    ])
  func stillBlocked(status: UserStatus, action: FlowDecision.Action) async {
    let calls = CallLog()
    let viewModel = PaymentMethodsViewModel(
      loadMethods: {
        calls.append("load")
        return []
      },
      checkUserStatus: { status },
      logger: LogSpy())

    await viewModel.checkStatusAgain().value

    #expect(calls.entries.isEmpty)
    guard case .actionRequired(let decision) = viewModel.state else {
      Issue.record("expected a journey, got \(viewModel.state)")
      return
    }
    #expect(decision.action == action)
  }

  @Test("the wallet screen checks the status first too")
  func walletScreen() async {
    let viewModel = WalletViewModel(
      loadStatus: { .banned }, checkUserStatus: { .notVerified }, logger: LogSpy())

    await viewModel.checkStatusAgain().value

    guard case .actionRequired(let decision) = viewModel.state else {
      Issue.record("expected a journey, got \(viewModel.state)")
      return
    }
    #expect(decision.action == .verifyAccount)
  }
}

/// Records calls from any task, in order.
final class CallLog: @unchecked Sendable {
  // Safe: `calls` is only touched while holding `lock`.
  private let lock = NSLock()
  private var calls: [String] = []

  func append(_ call: String) { lock.withLock { calls.append(call) } }
  var entries: [String] { lock.withLock { calls } }
}

@Suite("Trace ids on screen")
struct TraceIDVisibilityTests {
  @Test(
    "a journey shows the trace id exactly when its error is not recoverable",
    arguments: [
      (RequestFailure.Kind.sessionExpired, false), (.userNotVerified, false), (.userLocked, true),
      (.clientOutdated, true),
    ])
  func journeys(kind: RequestFailure.Kind, shown: Bool) throws {
    let decision = try #require(FlowErrorHandlers.standard.decision(for: failure(kind)))

    #expect((decision.traceID != nil) == shown)
  }
}
