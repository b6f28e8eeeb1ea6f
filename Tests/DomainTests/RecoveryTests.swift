import Domain
import TestSupport
import Testing

@Suite("Recovery: every error has exactly one", .timeLimit(.minutes(1)))
struct RecoveryTests {
  static let requestFailureRecoveries: [(RequestFailure.Kind, Recovery)] = [
    (.offline, .retryWhenUserActs(.reconnect)),
    (.timedOut, .retryNow),
    (.connectionLost, .retryNow),
    (.serverUnreachable, .retryNow),
    (.insecureConnection, .retryWhenUserActs(.reconnect)),
    (.cancelledBelow, .retryNow),
    (.rateLimited, .retryNow),
    (.serviceUnavailable, .retryNow),
    (.sessionEnded, .signInAgain),
    (.userNotVerified, .retryWhenUserActs(.verifyAccount)),
    (.userLocked, .notRecoverable(.contactSupport)),
    (.appOutdated, .notRecoverable(.unsupported)),
    (.malformedResponse, .notRecoverable(.inspectCause)),
    (.responseTooLarge, .notRecoverable(.inspectCause)),
    (.unexpectedAnswer, .notRecoverable(.inspectCause)),
    (.notOffered, .notRecoverable(.unsupported)),
  ]

  @Test("each kind of request failure has its recovery", arguments: requestFailureRecoveries)
  func requestFailures(kind: RequestFailure.Kind, recovery: Recovery) {
    #expect(Fixtures.request(kind).recovery == recovery)
  }

  @Test("the table above covers every kind of request failure, each once")
  func everyKind() {
    let kinds = Self.requestFailureRecoveries.map(\.0)

    #expect(Set(kinds) == Set(RequestFailure.Kind.allCases))
    #expect(kinds.count == RequestFailure.Kind.allCases.count)
  }

  /// Written again from the comments in `RequestFailure.swift`, not read from its table.
  @Test(
    "each kind of request failure says if it arrives, if it may pass again, where it sends",
    arguments: RequestFailure.Kind.allCases)
  func requestFailureFacts(kind: RequestFailure.Kind) {
    let neverArrives: Set<RequestFailure.Kind> = [
      .offline, .serverUnreachable, .insecureConnection,
    ]
    let mayPass: Set<RequestFailure.Kind> = [
      .timedOut, .connectionLost, .serverUnreachable, .rateLimited, .serviceUnavailable,
    ]
    let journeys: [RequestFailure.Kind: Journey] = [
      .sessionEnded: .signIn, .userNotVerified: .verifyAccount, .userLocked: .contactSupport,
      .appOutdated: .updateApp,
    ]

    #expect(kind.neverReachesTheBackend == neverArrives.contains(kind))
    #expect(kind.mayPassIfSentAgain == mayPass.contains(kind))
    #expect(kind.journey == journeys[kind])
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
  }

  @Test("an error nobody declared a recovery for is not recoverable: inspect its cause")
  func unknownErrors() {
    #expect(Recovery(of: SurpriseError(detail: "x")) == .notRecoverable(.inspectCause))
    #expect(
      SourceFailure(source: .cards, reason: .unknown(SurpriseError(detail: "x"))).recovery
        == .notRecoverable(.inspectCause))
  }

  @Test("a CancellationError nobody asked for is worth retrying, as is its source's failure")
  func strayCancellation() {
    #expect(Recovery(of: CancellationError()) == .retryNow)
    #expect(SourceFailure(source: .cards, reason: .cancelledBelow).recovery == .retryNow)
    #expect(
      SourceFailure(source: .cards, reason: .cancelledBelow).description.contains("cancelled"))
  }

  @Test("a source past its deadline is worth retrying")
  func deadline() {
    #expect(
      SourceFailure(source: .wallet, reason: .deadlineExceeded(.seconds(3))).recovery == .retryNow)
  }

  @Test("a load that failed gives the advice of the failure that decides its screen")
  func aggregateRecovery() {
    let unknown = SourceFailure(source: .wallet, reason: .unknown(SurpriseError(detail: "x")))
    let offline = SourceFailure(source: .cards, reason: .requestFailed(Fixtures.request(.offline)))

    #expect(
      PaymentMethodsError.couldNotLoad(offline, alsoFailed: [unknown]).recovery
        == .retryWhenUserActs(.reconnect))
    #expect(
      PaymentMethodsError.couldNotLoad(unknown, alsoFailed: [offline]).recovery
        == .notRecoverable(.inspectCause))
  }

  @Test("only errors that are not recoverable show the user their trace id")
  func traceIDVisibility() {
    #expect(Recovery.notRecoverable(.inspectCause).showsTraceID)
    #expect(!Recovery.retryNow.showsTraceID)
    #expect(!Recovery.signInAgain.showsTraceID)
  }
}

@Suite("Error chains", .timeLimit(.minutes(1)))
struct ErrorChainTests {
  @Test("walks from the business error down to the transport error, link by link")
  func chain() {
    let transport = SurpriseError(detail: "socket closed")
    var context = Fixtures.context("GET /cards", traceID: "abc123")
    context.underlying = transport
    let failure = SourceFailure(
      source: .cards, reason: .requestFailed(RequestFailure(.connectionLost, context: context)))
    let error = PaymentMethodsError.couldNotLoad(failure, alsoFailed: [])

    #expect(
      ErrorChain(error).description
        == "PaymentMethodsError.couldNotLoad ← SourceFailure(cards: connectionLost)"
        + " ← RequestFailure.connectionLost(GET /cards traceId=abc123)"
        + " ← DomainTests.SurpriseError(detail: \"socket closed\")")
    #expect(ErrorChain(error).traceID == "abc123")
  }

  @Test("a request that failed because its refresh failed carries both trace ids, outer first")
  func refreshTraceIDs() {
    var refreshContext = Fixtures.context("POST /session/refresh", traceID: "refresh-1")
    refreshContext.underlying = SurpriseError(detail: "offline")
    var context = Fixtures.context("GET /cards", traceID: "cards-1")
    context.underlying = RequestFailure(.offline, context: refreshContext)
    let failure = RequestFailure(.offline, context: context)

    #expect(ErrorChain(failure).traceIDs == ["cards-1", "refresh-1"])
    #expect(ErrorChain(failure).traceID == "cards-1")
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
        == "GET /wallet status=503 code=maintenance message=\"back soon\" attempts=3 "
        + "retryAfter=1000 ms traceId=t1"
    )
    #expect(ErrorContext(operation: "GET /cards").description == "GET /cards")
  }
}

@Suite("Payment methods use case: errors that change the flow", .timeLimit(.minutes(1)))
struct PaymentMethodsUseCaseFlowTests {
  @Test(
    "are never skipped, even when other methods loaded",
    arguments: [
      RequestFailure.Kind.sessionEnded, .userNotVerified, .userLocked, .appOutdated,
    ])
  func surfaced(kind: RequestFailure.Kind) async throws {
    let useCase = makeUseCase(cards: .throwing(Fixtures.cards(kind)))

    do {
      let methods = try await useCase.execute().methods
      Issue.record("expected needsJourney, got \(methods)")
    } catch PaymentMethodsError.needsJourney(let failure, _) {
      #expect(failure.source == .cards)
      #expect(failure.journey != nil)
    }
  }

  @Test("end the load at once: the sources still running are cancelled, not awaited")
  func cancelsTheOthers() async throws {
    // The wallet and Apple Pay answer only when cancelled, and the stopped clock never
    // lets the deadline pass: the load can end only by cancelling them.
    let cancelled = CallCounter()
    let useCase = makeUseCase(
      wallet: WalletRepositoryStub {
        do { try await suspendUntilCancelled() } catch { cancelled.increment() }
        throw CancellationError()
      },
      cards: .throwing(Fixtures.cards(.sessionEnded)),
      applePay: ApplePayServiceStub {
        do { try await suspendUntilCancelled() } catch { cancelled.increment() }
        throw CancellationError()
      },
      clock: StoppedClock())

    await #expect {
      try await useCase.execute()
    } throws: { error in
      (error as? PaymentMethodsError)?.journey == .signIn
    }
    #expect(cancelled.count == 2)
  }

  @Test("a load that ends in a journey logs nothing as skipped")
  func logsNoSkips() async throws {
    let logger = LogSpy()
    let useCase = makeUseCase(
      wallet: .throwing(WalletRepositoryError.banned(Fixtures.context())),
      cards: .throwing(Fixtures.cards(.userLocked)),
      applePay: .throwing(ApplePayServiceError.serviceNotAvailable),
      logger: logger)

    _ = try? await useCase.execute()

    #expect(logger.entries.isEmpty)
  }

  @Test("only the interrupting failure routes; a failure that merely could not load does not")
  func couldNotLoadNeverRoutes() async throws {
    let useCase = makeUseCase(
      wallet: .throwing(Fixtures.wallet(.malformedResponse)),
      cards: .throwing(Fixtures.cards(.offline)),
      applePay: .throwing(ApplePayServiceError.serviceNotAvailable))

    await #expect {
      try await useCase.execute()
    } throws: { error in
      guard case PaymentMethodsError.couldNotLoad = error else { return false }
      return (error as? PaymentMethodsError)?.journey == nil
    }
  }
}
