import Domain
import Foundation
import Presentation
import TestSupport
import Testing

private func failure(
  _ kind: RequestFailure.Kind, source: PaymentSource = .cards, traceID: String = "trace-9"
) -> SourceFailure {
  SourceFailure(
    source: source,
    reason: .requestFailed(
      RequestFailure(kind, context: ErrorContext(operation: "GET /cards", traceID: traceID))))
}

/// The state a payment-methods screen ends in when its load throws `error`.
@MainActor
private func screen(
  after error: any Error, handlers: JourneyHandlers = .standard, logger: LogSpy = LogSpy()
) async -> PaymentMethodsViewModel.State {
  let viewModel = PaymentMethodsViewModel(
    loadMethods: { throw error }, journeyHandlers: handlers, logger: logger)
  await viewModel.load().value
  return viewModel.state
}

@Suite("App-level handler chain", .timeLimit(.minutes(1)))
struct JourneyHandlersTests {
  @Test(
    "the standard chain presents every journey as that journey",
    arguments: [
      (Journey.signIn, Journey.signIn),
      (.verifyAccount, .verifyAccount),
      (.contactSupport, .contactSupport),
      (.updateApp, .updateApp),
    ])
  func journeys(journey: Journey, action: Journey) throws {
    let decision = try #require(
      JourneyHandlers.standard.present(
        journey, recovery: .retryNow, words: .presentation(Locale(identifier: "en_US"))))

    #expect(decision.journey == action)
  }

  @Test("a chain without a handler for a journey leaves the error to the screen")
  @MainActor
  func emptyChain() async {
    let state = await screen(
      after: PaymentMethodsError.needsJourney(failure(.sessionEnded), alsoFailed: []),
      handlers: JourneyHandlers([]))

    guard case .failed = state else {
      Issue.record("expected the screen's own error, got \(state)")
      return
    }
  }

  @Test("a journey carries the recovery of the failure that started it")
  @MainActor
  func journeyRecovery() async {
    let state = await screen(
      after: PaymentMethodsError.needsJourney(failure(.userNotVerified), alsoFailed: []))

    guard case .journey(let decision) = state else {
      Issue.record("expected a journey, got \(state)")
      return
    }
    #expect(decision.recovery == .retryWhenUserActs(.verifyAccount))
  }
}

@Suite("What a screen's own errors look like", .timeLimit(.minutes(1)))
struct ErrorPresentationTests {
  @MainActor
  private func presented(_ error: any Error, logger: LogSpy = LogSpy()) async
    -> PresentationError?
  {
    guard case .failed(let presented) = await screen(after: error, logger: logger) else {
      return nil
    }
    return presented
  }

  @MainActor
  @Test("offline asks to reconnect, and is worth retrying")
  func offline() async throws {
    let error = try #require(
      await presented(PaymentMethodsError.couldNotLoad(failure(.offline), alsoFailed: [])))

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
        PaymentMethodsError.couldNotLoad(
          failure(.serviceUnavailable), alsoFailed: [failure(.serviceUnavailable)])))

    #expect(error.category == .serviceUnavailable)
  }

  @MainActor
  @Test("a rate limit asks the user to wait")
  func rateLimited() async throws {
    let error = try #require(
      await presented(PaymentMethodsError.couldNotLoad(failure(.rateLimited), alsoFailed: [])))

    #expect(error.title == "Too many requests")
    #expect(error.category == .retryable)
  }

  @MainActor
  @Test("a malformed answer is a bug: the user gets the trace id to quote")
  func malformed() async throws {
    let error = try #require(
      await presented(
        PaymentMethodsError.couldNotLoad(failure(.malformedResponse), alsoFailed: [])))

    #expect(error.category == .unexpected)
    #expect(error.traceID == "trace-9")
  }

  @MainActor
  @Test("message, recovery, trace id and logged chain all come from the deciding failure")
  func oneStory() async throws {
    let logger = LogSpy()
    let deciding = failure(.malformedResponse, source: .cards, traceID: "cards-1")
    let other = failure(.offline, source: .wallet, traceID: "wallet-1")

    let error = try #require(
      await presented(
        PaymentMethodsError.couldNotLoad(deciding, alsoFailed: [other]), logger: logger))

    #expect(error.title == "Something went wrong")
    #expect(error.recovery == .notRecoverable(.inspectCause))
    #expect(error.traceID == "cards-1")
    let entry = try #require(logger.entries.first)
    #expect(logger.entries.count == 1)
    #expect(entry.metadata[LogMetadataKey.traceID] == "cards-1")
    #expect(entry.metadata[LogMetadataKey.error]?.contains("SourceFailure(cards:") == true)
    #expect(entry.metadata[LogMetadataKey.error]?.contains("wallet") == false)
    #expect(entry.metadata[LogMetadataKey.recovery] == "notRecoverable(inspectCause)")
  }

  @MainActor
  @Test("the trace id of every other failed request reaches the log too")
  func otherTraceIDsLogged() async throws {
    let logger = LogSpy()
    let error = PaymentMethodsError.couldNotLoad(
      failure(.offline, source: .wallet, traceID: "wallet-1"),
      alsoFailed: [failure(.offline, source: .cards, traceID: "cards-1")])

    _ = await presented(error, logger: logger)

    let entry = try #require(logger.entries.first)
    #expect(entry.metadata[LogMetadataKey.traceID] == "wallet-1")
    #expect(entry.metadata[LogMetadataKey.alsoFailed] == "cards: offline traceId=cards-1")
  }
}

@MainActor
@Suite("Check my status again", .timeLimit(.minutes(1)))
struct CheckStatusAgainTests {
  @Test("an error that sends the user elsewhere shows its journey, on either screen")
  func journeyOnBothScreens() async {
    let error = PaymentMethodsError.needsJourney(failure(.userNotVerified), alsoFailed: [])
    let paymentMethods = PaymentMethodsViewModel(loadMethods: { throw error }, logger: LogSpy())
    let wallet = WalletViewModel(
      loadStatus: { throw WalletError.needsJourney(failure(.userNotVerified)) },
      logger: LogSpy())

    await paymentMethods.load().value
    await wallet.load().value

    guard case .journey(let first) = paymentMethods.state,
      case .journey(let second) = wallet.state
    else {
      Issue.record("expected journeys, got \(paymentMethods.state) and \(wallet.state)")
      return
    }
    #expect(first.journey == .verifyAccount)
    #expect(second.journey == .verifyAccount)
  }

  @Test("re-reads the user's status before anything else, then loads once verified")
  func statusFirst() async {
    let calls = CallLog()
    let viewModel = PaymentMethodsViewModel(
      loadMethods: {
        calls.append("load")
        return PaymentMethodList(methods: [.applePay(ApplePay(status: .available))])
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
      (UserStatus.notVerified, Journey.verifyAccount), (.locked, .contactSupport),
    ])
  func stillBlocked(status: UserStatus, action: Journey) async {
    let calls = CallLog()
    let viewModel = PaymentMethodsViewModel(
      loadMethods: {
        calls.append("load")
        return PaymentMethodList(methods: [])
      },
      checkUserStatus: { status },
      logger: LogSpy())

    await viewModel.checkStatusAgain().value

    #expect(calls.entries.isEmpty)
    guard case .journey(let decision) = viewModel.state else {
      Issue.record("expected a journey, got \(viewModel.state)")
      return
    }
    #expect(decision.journey == action)
  }

  @Test(
    "a status check that finds the user still blocked says what it found",
    arguments: [
      (UserStatus.notVerified, "Checked just now: your account isn't verified yet."),
      (.locked, "Checked just now: your account is locked."),
    ])
  func stillBlockedSaysSo(status: UserStatus, message: String) async {
    let viewModel = PaymentMethodsViewModel(
      loadMethods: { PaymentMethodList(methods: []) }, checkUserStatus: { status }, logger: LogSpy()
    )

    await viewModel.checkStatusAgain().value

    guard case .journey(let decision) = viewModel.state else {
      Issue.record("expected a journey, got \(viewModel.state)")
      return
    }
    #expect(decision.message == message)
  }

  @Test("a journey that a load ran into has nothing to say about a check yet")
  func loadedJourneyHasNoMessage() async {
    let viewModel = PaymentMethodsViewModel(
      loadMethods: {
        throw PaymentMethodsError.needsJourney(failure(.userNotVerified), alsoFailed: [])
      },
      logger: LogSpy())

    await viewModel.load().value

    guard case .journey(let decision) = viewModel.state else {
      Issue.record("expected a journey, got \(viewModel.state)")
      return
    }
    #expect(decision.journey == .verifyAccount)
    #expect(decision.message == nil)
  }

  @Test("the status check goes through the app's own handler chain")
  func statusUsesTheChain() async {
    let viewModel = PaymentMethodsViewModel(
      loadMethods: { PaymentMethodList(methods: []) }, checkUserStatus: { .notVerified },
      journeyHandlers: JourneyHandlers([]),
      logger: LogSpy())

    await viewModel.checkStatusAgain().value

    // No handler claims an unverified account, so nothing stands in the way: it loads.
    guard case .loaded = viewModel.state else {
      Issue.record("expected the screen to load, got \(viewModel.state)")
      return
    }
  }

  @Test("the wallet screen checks the status first too")
  func walletScreen() async {
    let viewModel = WalletViewModel(
      loadStatus: { .banned }, checkUserStatus: { .notVerified }, logger: LogSpy())

    await viewModel.checkStatusAgain().value

    guard case .journey(let decision) = viewModel.state else {
      Issue.record("expected a journey, got \(viewModel.state)")
      return
    }
    #expect(decision.journey == .verifyAccount)
    #expect(decision.message == "Checked just now: your account isn't verified yet.")
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

@Suite("Trace ids on screen", .timeLimit(.minutes(1)))
struct TraceIDVisibilityTests {
  @MainActor
  @Test(
    "a journey shows the trace id exactly when its error is not recoverable",
    arguments: [
      (RequestFailure.Kind.sessionEnded, false), (.userNotVerified, false), (.userLocked, true),
      (.appOutdated, true),
    ])
  func journeys(kind: RequestFailure.Kind, shown: Bool) async {
    let state = await screen(
      after: PaymentMethodsError.needsJourney(failure(kind), alsoFailed: []))

    guard case .journey(let decision) = state else {
      Issue.record("expected a journey, got \(state)")
      return
    }
    #expect((decision.traceID != nil) == shown)
    #expect(decision.traceID == nil || decision.traceID == "trace-9")
  }
}

@MainActor
@Suite("Sign in", .timeLimit(.minutes(1)))
struct SignInViewModelTests {
  @Test("starts a new session first, then loads through the same path as the first load")
  func signInThenLoad() async {
    let calls = CallLog()
    let viewModel = PaymentMethodsViewModel(
      loadMethods: {
        calls.append("load")
        return PaymentMethodList(methods: [.applePay(ApplePay(status: .available))])
      },
      signIn: { calls.append("sign in") },
      logger: LogSpy())

    await viewModel.signIn().value

    #expect(calls.entries == ["sign in", "load"])
    guard case .loaded = viewModel.state else {
      Issue.record("expected loaded, got \(viewModel.state)")
      return
    }
  }

  @Test("a sign-in that fails is shown like any error, without loading")
  func signInFails() async {
    let calls = CallLog()
    let failure = SourceFailure(
      source: .wallet,
      reason: .requestFailed(
        RequestFailure(.offline, context: ErrorContext(operation: "POST /session"))))
    let viewModel = WalletViewModel(
      loadStatus: {
        calls.append("load")
        return .banned
      },
      signIn: { throw failure },
      logger: LogSpy())

    await viewModel.signIn().value

    #expect(calls.entries.isEmpty)
    guard case .failed(let error) = viewModel.state else {
      Issue.record("expected the error, got \(viewModel.state)")
      return
    }
    #expect(error.title == "You're offline")
  }

  @Test("a refused sign-in stays on the journey, and says the sign-in was refused")
  func refusedSignInSaysSo() async {
    let calls = CallLog()
    let viewModel = PaymentMethodsViewModel(
      loadMethods: {
        calls.append("load")
        return PaymentMethodList(methods: [])
      },
      signIn: { throw RefusedSignIn() },
      logger: LogSpy())

    await viewModel.signIn().value

    #expect(calls.entries.isEmpty)
    guard case .journey(let decision) = viewModel.state else {
      Issue.record("expected a journey, got \(viewModel.state)")
      return
    }
    #expect(decision.journey == .signIn)
    #expect(decision.message == "Tried just now: the sign-in was refused.")
  }

  @Test("a refused sign-in on the wallet screen says so too, in the user's language")
  func refusedSignInOnTheWalletScreen() async {
    let viewModel = WalletViewModel(
      loadStatus: { .banned }, signIn: { throw RefusedSignIn() }, logger: LogSpy(),
      locale: Locale(identifier: "de_DE"))

    await viewModel.signIn().value

    guard case .journey(let decision) = viewModel.state else {
      Issue.record("expected a journey, got \(viewModel.state)")
      return
    }
    #expect(decision.message == "Gerade versucht: Die Anmeldung wurde abgelehnt.")
  }

  @Test("a refused Sign in and save keeps the form and its journey, and says it was refused")
  func refusedSignInOnTheCardForm() async {
    let saves = CallCounter()
    let form = AddCardViewModel(
      addCard: { _, _ in
        saves.increment()
        throw RequestFailure(.sessionEnded, context: ErrorContext(operation: "POST /cards"))
      },
      bankApproval: .unused, thisMonth: { CardValidation.Month(year: 2027, month: 1) },
      signIn: { throw RefusedSignIn() }, logger: LogSpy(), locale: Locale(identifier: "en_US"))
    form.edit(.number, to: "4242 4242 4242 4242")
    form.edit(.name, to: "Ada Lovelace")
    await form.submit().value

    await form.signInAndSubmit().value

    guard case .journey(let decision)? = form.failure else {
      Issue.record("expected the sign-in journey, got \(String(describing: form.failure))")
      return
    }
    #expect(decision.journey == .signIn)
    #expect(decision.message == "Tried just now: the sign-in was refused.")
    #expect(saves.count == 1, "not sent again without a session")
    #expect(form.phase == .editing)
    #expect(form.form.name == "Ada Lovelace")
  }

  @Test("a refused Sign in and save on the new-expiry form says it was refused too")
  func refusedSignInOnTheExpiryForm() async {
    let card = PaymentCard(
      id: "7", brand: "Mastercard", lastFour: "4444", expiry: CardExpiry(month: 1, year: 2026)!,
      status: .expired)
    let form = UpdateCardViewModel(
      card: card,
      update: { _, _ in
        throw RequestFailure(.sessionEnded, context: ErrorContext(operation: "PATCH /cards/{id}"))
      },
      thisMonth: { CardValidation.Month(year: 2027, month: 1) },
      signIn: { throw RefusedSignIn() }, logger: LogSpy(), locale: Locale(identifier: "de_DE"))
    form.edit(to: "01/30")
    await form.submit().value

    await form.signInAndSubmit().value

    guard case .journey(let decision)? = form.failure else {
      Issue.record("expected the sign-in journey, got \(String(describing: form.failure))")
      return
    }
    #expect(decision.message == "Gerade versucht: Die Anmeldung wurde abgelehnt.")
    #expect(form.expiry == "01/30")
  }
}

/// The backend turned a sign-in's credentials down, as the Data layer's `SignInRefused`
/// says it: sign in again, on the sign-in journey.
private struct RefusedSignIn: ClassifiedError {
  var recovery: Recovery { .signInAgain }
  var journey: Journey? { .signIn }
  var failedRequest: FailedRequest? { FailedRequest(kind: nil, traceID: "session-1") }
  var underlyingError: (any Error)? { nil }
  var summary: String { "RefusedSignIn" }
}
