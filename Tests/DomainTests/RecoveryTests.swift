import Domain
import TestSupport
import Testing

@Suite("Recovery: every error has exactly one")
struct RecoveryTests {
  @Test(
    "each kind of request failure has its recovery",
    arguments: [
      (RequestFailure.Kind.offline, Recovery.retryWhenUserActs(.reconnect)),
      (.timedOut, .retryNow),
      (.connectionLost, .retryNow),
      (.interrupted, .retryNow),
      (.rateLimited, .retryNow),
      (.serviceUnavailable, .retryNow),
      (.sessionExpired, .signInAgain),
      (.userNotVerified, .retryWhenUserActs(.verifyAccount)),
      (.userLocked, .notRecoverable(.contactSupport)),
      (.clientOutdated, .notRecoverable(.clientNotSupported)),
      (.malformedResponse, .notRecoverable(.inspectCause)),
      (.unexpectedAnswer, .notRecoverable(.inspectCause)),
    ])
  func requestFailures(kind: RequestFailure.Kind, recovery: Recovery) {
    #expect(Fixtures.request(kind).recovery == recovery)
  }

  @Test("the table above covers every kind of request failure")
  func everyKind() {
    #expect(RequestFailure.Kind.allCases.count == 12)
  }

  @Test("the wallet's own answers have their recoveries")
  func walletAnswers() {
    #expect(
      WalletRepositoryError.noWalletFound(Fixtures.context()).recovery
        == .retryWhenUserActs(.addPaymentMethod))
    #expect(
      WalletRepositoryError.banned(Fixtures.context()).recovery == .notRecoverable(.contactSupport))
    #expect(
      WalletRepositoryError.inReview(.pending, Fixtures.context()).recovery
        == .retryWhenUserActs(.waitForReview))
    #expect(Fixtures.wallet(.userLocked).recovery == .notRecoverable(.contactSupport))
  }

  @Test("an error nobody declared a recovery for is not recoverable: inspect its cause")
  func unknownErrors() {
    #expect(Recovery(of: SurpriseError(detail: "x")) == .notRecoverable(.inspectCause))
    #expect(
      SourceFailure(source: .cards, reason: .unknown(SurpriseError(detail: "x"))).recovery
        == .notRecoverable(.inspectCause))
  }

  @Test("a source past its deadline is worth retrying")
  func deadline() {
    #expect(
      SourceFailure(source: .wallet, reason: .deadlineExceeded(.seconds(3))).recovery == .retryNow)
  }

  @Test("could-not-load advises a retry when any failure may pass")
  func aggregateRecovery() {
    let failures = [
      SourceFailure(source: .wallet, reason: .unknown(SurpriseError(detail: "x"))),
      SourceFailure(source: .cards, reason: .requestFailed(Fixtures.request(.offline))),
    ]

    #expect(PaymentMethodsError.couldNotLoad(failures).recovery == .retryWhenUserActs(.reconnect))
    #expect(
      PaymentMethodsError.couldNotLoad(Array(failures.prefix(1))).recovery
        == .notRecoverable(.inspectCause))
  }

  @Test(
    "exactly the session, user-state and outdated-client recoveries change the flow",
    arguments: [
      (Recovery.signInAgain, true),
      (.retryWhenUserActs(.verifyAccount), true),
      (.notRecoverable(.contactSupport), true),
      (.notRecoverable(.clientNotSupported), true),
      (.retryNow, false),
      (.retryWhenUserActs(.reconnect), false),
      (.retryWhenUserActs(.addPaymentMethod), false),
      (.notRecoverable(.inspectCause), false),
      (.notRecoverable(.fixConfiguration), false),
    ])
  func changesFlow(recovery: Recovery, changes: Bool) {
    #expect(recovery.changesFlow == changes)
  }

  @Test("only errors that are not recoverable show the user their trace id")
  func traceIDVisibility() {
    #expect(Recovery.notRecoverable(.inspectCause).showsTraceID)
    #expect(!Recovery.retryNow.showsTraceID)
    #expect(!Recovery.signInAgain.showsTraceID)
  }
}

@Suite("Error chains")
struct ErrorChainTests {
  @Test("walks from the business error down to the transport error, link by link")
  func chain() {
    let transport = SurpriseError(detail: "socket closed")
    var context = Fixtures.context("GET /cards", traceID: "abc123")
    context.underlying = transport
    let failure = SourceFailure(
      source: .cards, reason: .requestFailed(RequestFailure(.connectionLost, context: context)))
    let error = PaymentMethodsError.couldNotLoad([failure])

    #expect(
      ErrorChain(error).description
        == "PaymentMethodsError.couldNotLoad(cards: connectionLost) ← SourceFailure(cards: connectionLost)"
        + " ← RequestFailure.connectionLost(GET /cards traceId=abc123)"
        + " ← DomainTests.SurpriseError(detail: \"socket closed\")")
    #expect(ErrorChain(error).traceID == "abc123")
  }

  @Test("an error without a request behind it has no trace id")
  func noTraceID() {
    #expect(ErrorChain(PaymentMethodsError.noPaymentMethodsFound).traceID == nil)
  }

  @Test("the context lists what the backend said, and nothing it did not")
  func contextDescription() {
    let context = ErrorContext(
      operation: "GET /wallet", traceID: "t1", status: 503, serverCode: "maintenance",
      serverMessage: "back soon", attempts: 3, retryAfter: .seconds(1))

    #expect(
      context.description
        == "GET /wallet status=503 code=maintenance message=\"back soon\" attempts=3 retryAfter=1000 ms traceId=t1"
    )
    #expect(ErrorContext(operation: "GET /cards").description == "GET /cards")
  }
}

@Suite("Payment methods use case: errors that change the flow")
struct PaymentMethodsUseCaseFlowTests {
  @Test(
    "are never skipped, even when other methods loaded",
    arguments: [
      RequestFailure.Kind.sessionExpired, .userNotVerified, .userLocked, .clientOutdated,
    ])
  func surfaced(kind: RequestFailure.Kind) async throws {
    let useCase = makeUseCase(cards: .throwing(Fixtures.cards(kind)))

    do {
      let methods = try await useCase.execute()
      Issue.record("expected flowInterrupted, got \(methods)")
    } catch PaymentMethodsError.flowInterrupted(let failure) {
      #expect(failure.source == .cards)
      #expect(failure.recovery.changesFlow)
    }
  }

  @Test("the other failures of that load are logged, not dropped")
  func othersLogged() async throws {
    let logger = LogSpy()
    let useCase = makeUseCase(
      wallet: .throwing(Fixtures.wallet(.userLocked)), cards: .throwing(Fixtures.cards(.offline)),
      logger: logger)

    _ = try? await useCase.execute()

    #expect(logger.entries(source: "cards").map(\.level) == [.warning])
    #expect(logger.entries(source: "wallet").isEmpty)
  }
}
