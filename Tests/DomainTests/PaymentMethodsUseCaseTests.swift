import Domain
import TestSupport
import Testing

@Suite("Payment methods use case: what is shown", .timeLimit(.minutes(1)))
struct PaymentMethodsUseCaseShowingTests {
  @Test("lists the wallet, the cards and Apple Pay when every source answers")
  func listsEverySource() async throws {
    let useCase = makeUseCase(cards: .returning([Fixtures.visa, Fixtures.expiredMastercard]))

    let methods = try await useCase.execute().methods

    #expect(
      methods == [
        .wallet(Fixtures.wallet), .card(Fixtures.visa), .card(Fixtures.expiredMastercard),
        .applePay(Fixtures.applePay),
      ])
  }

  @Test("keeps the order wallet, cards, Apple Pay whatever order the sources finish in")
  func keepsAFixedOrder() async throws {
    let cardsDone = Gate()
    let applePayDone = Gate()
    let useCase = makeUseCase(
      wallet: WalletRepositoryStub {
        await applePayDone.pass()
        return Fixtures.wallet
      },
      cards: CardsRepositoryStub {
        await cardsDone.open()
        return [Fixtures.visa]
      },
      applePay: ApplePayServiceStub {
        await cardsDone.pass()
        await applePayDone.open()
        return Fixtures.applePay
      })

    let methods = try await useCase.execute().methods

    #expect(methods.map(\.id) == ["wallet", "card-1", "apple-pay"])
  }

  @Test("calls the three sources concurrently", .timeLimit(.minutes(1)))
  func callsSourcesConcurrently() async throws {
    // Each source waits until all three have started: run one after another, the first
    // would wait for ever (the stopped clock never lets a deadline end the wait).
    let barrier = StartBarrier(parties: 3)
    let useCase = makeUseCase(
      wallet: WalletRepositoryStub {
        await barrier.arriveAndWait()
        return Fixtures.wallet
      },
      cards: CardsRepositoryStub {
        await barrier.arriveAndWait()
        return [Fixtures.visa]
      },
      applePay: ApplePayServiceStub {
        await barrier.arriveAndWait()
        return Fixtures.applePay
      })

    let methods = try await useCase.execute().methods

    #expect(methods.count == 3)
  }

  @Test("shows Apple Pay that still needs setup")
  func showsApplePayNeedingSetup() async throws {
    let needsSetup = ApplePay(status: .needsSetup)
    let useCase = makeUseCase(applePay: .returning(needsSetup))

    let methods = try await useCase.execute().methods

    #expect(methods.last == .applePay(needsSetup))
  }

  @Test("shows an expired card, leaving it to the screen to make it unselectable")
  func keepsExpiredCards() async throws {
    let useCase = makeUseCase(cards: .returning([Fixtures.expiredMastercard]))

    let methods = try await useCase.execute().methods

    #expect(methods.contains(.card(Fixtures.expiredMastercard)))
  }
}

@Suite("Payment methods use case: what is skipped and logged", .timeLimit(.minutes(1)))
struct PaymentMethodsUseCaseSkippingTests {
  @Test("a missing wallet is left out and logged at debug")
  func skipsMissingWallet() async throws {
    let logger = LogSpy()
    let useCase = makeUseCase(
      wallet: .throwing(WalletRepositoryError.noWalletFound(Fixtures.context())), logger: logger)

    let methods = try await useCase.execute().methods

    #expect(!methods.contains { $0.id == "wallet" })
    #expect(logger.entries(source: "wallet").map(\.level) == [.debug])
    #expect(
      logger.entries(source: "wallet").first?.metadata["error"]?.contains("noWalletFound") == true)
    #expect(logger.entries(source: "wallet").first?.metadata["traceId"] == "trace-1")
  }

  @Test(
    "a wallet that cannot pay is left out and logged at info",
    arguments: [
      WalletRepositoryError.banned(Fixtures.context()), .inReview(.pending, Fixtures.context()),
      .inReview(.beingProcessed, Fixtures.context()),
    ])
  func skipsWalletThatCannotPay(error: WalletRepositoryError) async throws {
    let logger = LogSpy()
    let useCase = makeUseCase(wallet: .throwing(error), logger: logger)

    let methods = try await useCase.execute().methods

    #expect(!methods.contains { $0.id == "wallet" })
    #expect(logger.entries(source: "wallet").map(\.level) == [.info])
    #expect(logger.entries(source: "wallet").first?.metadata["error"] == error.summary)
  }

  @Test("a wallet with no funds is left out and logged at info")
  func skipsEmptyWallet() async throws {
    let logger = LogSpy()
    let useCase = makeUseCase(wallet: .returning(Fixtures.emptyWallet), logger: logger)

    let methods = try await useCase.execute().methods

    #expect(!methods.contains { $0.id == "wallet" })
    #expect(logger.entries(source: "wallet").map(\.level) == [.info])
  }

  @Test("no saved cards is an answer, logged at debug")
  func skipsEmptyCardList() async throws {
    let logger = LogSpy()
    let useCase = makeUseCase(cards: .returning([]), logger: logger)

    let methods = try await useCase.execute().methods

    #expect(methods.map(\.id) == ["wallet", "apple-pay"])
    #expect(logger.entries(source: "cards").map(\.level) == [.debug])
  }

  @Test("Apple Pay not available on the device is left out and logged at debug")
  func skipsUnavailableApplePay() async throws {
    let logger = LogSpy()
    let useCase = makeUseCase(
      applePay: .throwing(ApplePayServiceError.serviceNotAvailable), logger: logger)

    let methods = try await useCase.execute().methods

    #expect(methods.map(\.id) == ["wallet", "card-1"])
    #expect(logger.entries(source: "applePay").map(\.level) == [.debug])
  }

  @Test("an unreachable wallet is returned as a failure beside the cards, not skipped")
  func returnsUnreachableWallet() async throws {
    let useCase = makeUseCase(wallet: .throwing(Fixtures.wallet(.offline)))

    let list = try await useCase.execute()

    #expect(list.methods.map(\.id) == ["card-1", "apple-pay"])
    #expect(list.failures.map(\.description) == ["wallet: offline"])
    #expect(
      ErrorChain(list.failures[0]).description
        == "SourceFailure(wallet: offline) "
        + "← RequestFailure.offline(GET /wallet traceId=trace-offline)"
    )
  }

  @Test("unreachable cards are returned as a failure beside the wallet and Apple Pay")
  func returnsUnreachableCards() async throws {
    let useCase = makeUseCase(cards: .throwing(Fixtures.cards(.offline)))

    let list = try await useCase.execute()

    #expect(list.methods.map(\.id) == ["wallet", "apple-pay"])
    #expect(list.failures.map(\.description) == ["cards: offline"])
  }

  @Test("failures come back in source order, whatever order they happened in")
  func returnsFailuresInSourceOrder() async throws {
    let cardsFailed = Gate()
    let useCase = makeUseCase(
      wallet: WalletRepositoryStub {
        await cardsFailed.pass()
        throw Fixtures.wallet(.offline)
      },
      cards: CardsRepositoryStub {
        await cardsFailed.open()
        throw Fixtures.cards(.offline)
      })

    let list = try await useCase.execute()

    #expect(list.failures.map(\.source) == [.wallet, .cards])
  }

  @Test("a failed source is not logged by the use case: the screen that shows it logs it")
  func leavesTheLogToTheScreen() async throws {
    let logger = LogSpy()
    let useCase = makeUseCase(cards: .throwing(Fixtures.cards(.offline)), logger: logger)

    _ = try await useCase.execute()

    #expect(logger.entries.isEmpty)
  }

  @Test("an error no layer knows is returned as an unknown failure, with the original error")
  func returnsUnknownErrors() async throws {
    let useCase = makeUseCase(cards: .throwing(SurpriseError(detail: "socket closed")))

    let list = try await useCase.execute()

    #expect(list.methods.map(\.id) == ["wallet", "apple-pay"])
    let failure = try #require(list.failures.first)
    #expect(failure.isUnknown)
    #expect(ErrorChain(failure).description.contains("SurpriseError(detail: \"socket closed\")"))
  }

  @Test("an unknown error from Apple Pay is returned as an unknown failure")
  func returnsUnknownApplePayErrors() async throws {
    let useCase = makeUseCase(applePay: .throwing(SurpriseError(detail: "PassKit")))

    let list = try await useCase.execute()

    #expect(list.methods.map(\.id) == ["wallet", "card-1"])
    #expect(list.failures.map { $0.source } == [.applePay])
    #expect(list.failures.first?.isUnknown == true)
  }

  @Test("absence is not a failure: no wallet, no cards, no Apple Pay return no failures")
  func absenceIsNoFailure() async throws {
    let useCase = makeUseCase(
      wallet: .throwing(WalletRepositoryError.noWalletFound(Fixtures.context())),
      cards: .returning([]), applePay: .throwing(ApplePayServiceError.serviceNotAvailable))

    await #expect(throws: PaymentMethodsError.self) { try await useCase.execute() }
    let withCards = try await makeUseCase(
      wallet: .throwing(WalletRepositoryError.noWalletFound(Fixtures.context())),
      applePay: .throwing(ApplePayServiceError.serviceNotAvailable)
    ).execute()
    #expect(withCards.failures.isEmpty)
  }

  @Test("a successful load logs nothing")
  func logsNothingWhenAllIsWell() async throws {
    let logger = LogSpy()

    _ = try await makeUseCase(logger: logger).execute()

    #expect(logger.entries.isEmpty)
  }
}

@Suite("Payment methods use case: when nothing can be shown", .timeLimit(.minutes(1)))
struct PaymentMethodsUseCaseNothingToShowTests {
  @Test("throws noPaymentMethodsFound when every source answers with absence")
  func throwsEmptyWhenEverythingIsAbsent() async throws {
    let useCase = makeUseCase(
      wallet: .throwing(WalletRepositoryError.banned(Fixtures.context())),
      cards: .returning([]),
      applePay: .throwing(ApplePayServiceError.serviceNotAvailable))

    await #expect {
      try await useCase.execute()
    } throws: { error in
      guard case PaymentMethodsError.noPaymentMethodsFound = error else { return false }
      return true
    }
  }

  @Test("throws couldNotLoad, not the empty state, when nothing is shown and a source failed")
  func throwsCouldNotLoadWhenASourceFailed() async throws {
    let useCase = makeUseCase(
      wallet: .throwing(WalletRepositoryError.noWalletFound(Fixtures.context())),
      cards: .throwing(Fixtures.cards(.offline)),
      applePay: .throwing(ApplePayServiceError.serviceNotAvailable))

    let failures = try await couldNotLoadFailures(useCase)

    #expect(failures.map(\.source) == [.cards])
    #expect(failures.map(\.description) == ["cards: offline"])
  }

  @Test("couldNotLoad carries every failure in source order, unknown errors kept whole")
  func carriesEveryFailure() async throws {
    let surprise = SurpriseError(detail: "PassKit")
    let useCase = makeUseCase(
      wallet: .throwing(Fixtures.wallet(.offline)),
      cards: .throwing(Fixtures.cards(.offline)),
      applePay: .throwing(surprise))

    let failures = try await couldNotLoadFailures(useCase)

    #expect(failures.map(\.source) == [.wallet, .cards, .applePay])
    try #require(failures.count == 3)
    guard case .unknown(let underlying) = failures[2].reason else {
      Issue.record("Apple Pay's failure should be unknown, got \(failures[2].reason)")
      return
    }
    #expect(underlying as? SurpriseError == surprise)
  }

  @Test("the failure the user hears about is the first that trying again can help with")
  func decidingFailureIsTheFirstRetryable() async throws {
    let useCase = makeUseCase(
      wallet: .throwing(SurpriseError(detail: "SDK")),
      cards: .throwing(Fixtures.cards(.offline)),
      applePay: .throwing(ApplePayServiceError.serviceNotAvailable))

    let failures = try await couldNotLoadFailures(useCase)

    #expect(failures.map(\.source) == [.cards, .wallet])
  }

  @Test("without a failure trying again helps with, the first failure decides")
  func decidingFailureFallsBackToTheFirst() async throws {
    let useCase = makeUseCase(
      wallet: .throwing(SurpriseError(detail: "SDK")),
      cards: .throwing(Fixtures.cards(.malformedResponse)),
      applePay: .throwing(ApplePayServiceError.serviceNotAvailable))

    let failures = try await couldNotLoadFailures(useCase)

    #expect(failures.map(\.source) == [.wallet, .cards])
  }

  @Test("failures that are thrown are not also logged as skipped")
  func doesNotLogWhatItThrows() async throws {
    let logger = LogSpy()
    let useCase = makeUseCase(
      wallet: .throwing(Fixtures.wallet(.offline)),
      cards: .throwing(Fixtures.cards(.offline)),
      applePay: .throwing(SurpriseError(detail: "PassKit")),
      logger: logger)

    _ = try? await useCase.execute()

    #expect(logger.entries.isEmpty)
  }
}

@Suite("Payment methods use case: a refresh beside a list", .timeLimit(.minutes(1)))
struct PaymentMethodsUseCaseRefreshTests {
  @Test("a refresh where every source failed returns the failures, not an error")
  func everySourceFailedReturnsTheFailures() async throws {
    let useCase = makeUseCase(
      wallet: .throwing(Fixtures.wallet(.offline)),
      cards: .throwing(Fixtures.cards(.serviceUnavailable)),
      applePay: .throwing(SurpriseError(detail: "PassKit")))

    let list = try await useCase.refresh()

    #expect(list.methods.isEmpty)
    #expect(list.failures.map(\.source) == [.wallet, .cards, .applePay])
  }

  @Test("a refresh that finds nothing but absence still throws noPaymentMethodsFound")
  func absenceStillThrowsEmpty() async throws {
    let useCase = makeUseCase(
      wallet: .throwing(WalletRepositoryError.noWalletFound(Fixtures.context())),
      cards: .returning([]),
      applePay: .throwing(ApplePayServiceError.serviceNotAvailable))

    await #expect {
      try await useCase.refresh()
    } throws: { error in
      guard case PaymentMethodsError.noPaymentMethodsFound = error else { return false }
      return true
    }
  }

  @Test("a refresh that meets a journey still throws needsJourney")
  func journeyStillThrows() async throws {
    let useCase = makeUseCase(
      wallet: .throwing(Fixtures.wallet(.offline)),
      cards: .throwing(Fixtures.cards(.sessionEnded)),
      applePay: .returning(Fixtures.applePay))

    await #expect {
      try await useCase.refresh()
    } throws: { error in
      guard case PaymentMethodsError.needsJourney(let failure, _) = error else { return false }
      return failure.source == .cards
    }
  }
}

@Suite("Payment methods use case: deadline, flags and cancellation", .timeLimit(.minutes(1)))
struct PaymentMethodsUseCaseControlTests {
  @Test("a source past the deadline is cancelled and returned as a failure")
  func enforcesTheDeadline() async throws {
    // The wallet never answers; on the immediate clock the deadline passes at once.
    let walletCancelled = CallCounter()
    let useCase = makeUseCase(
      wallet: WalletRepositoryStub {
        do { try await suspendUntilCancelled() } catch { walletCancelled.increment() }
        throw CancellationError()
      },
      clock: ImmediateClock())

    let list = try await useCase.execute()

    #expect(list.methods.map(\.id) == ["card-1", "apple-pay"])
    #expect(walletCancelled.count == 1)
    #expect(list.failures.map(\.description) == ["wallet: no answer within 3000 ms"])
  }

  @Test("one timer of 3 seconds, or the configured deadline, serves every source")
  func usesTheConfiguredDeadline() async throws {
    let defaultClock = ImmediateClock()
    let configuredClock = ImmediateClock()
    let never = WalletRepositoryStub {
      try await suspendUntilCancelled()
      return Fixtures.wallet
    }

    _ = try? await makeUseCase(wallet: never, clock: defaultClock).execute()
    _ = try? await makeUseCase(wallet: never, deadline: .milliseconds(250), clock: configuredClock)
      .execute()

    #expect(defaultClock.sleeps == [.seconds(3)])
    #expect(configuredClock.sleeps == [.milliseconds(250)])
  }

  @Test("a source that answers is never failed by the deadline")
  func answersBeatAStoppedClock() async throws {
    let list = try await makeUseCase(clock: StoppedClock()).execute()

    #expect(list.methods.count == 3)
    #expect(list.failures.isEmpty)
  }

  @Test("the wallet flag switched off means the wallet is never called")
  func walletFlagOff() async throws {
    let calls = CallCounter()
    let useCase = makeUseCase(
      wallet: WalletRepositoryStub {
        calls.increment()
        return Fixtures.wallet
      },
      flags: PaymentMethodsFeatureFlags(isWalletEnabled: false))

    let methods = try await useCase.execute().methods

    #expect(calls.count == 0)
    #expect(methods.map(\.id) == ["card-1", "apple-pay"])
  }

  @Test("the Apple Pay flag switched off means Apple Pay is never called")
  func applePayFlagOff() async throws {
    let calls = CallCounter()
    let useCase = makeUseCase(
      applePay: ApplePayServiceStub {
        calls.increment()
        return Fixtures.applePay
      },
      flags: PaymentMethodsFeatureFlags(isApplePayEnabled: false))

    let methods = try await useCase.execute().methods

    #expect(calls.count == 0)
    #expect(methods.map(\.id) == ["wallet", "card-1"])
  }

  @Test("with the flags off and no cards, the screen is empty rather than failed")
  func flagsOffCountAsAbsence() async throws {
    let useCase = makeUseCase(
      cards: .returning([]),
      flags: PaymentMethodsFeatureFlags(isWalletEnabled: false, isApplePayEnabled: false))

    await #expect {
      try await useCase.execute()
    } throws: { error in
      guard case PaymentMethodsError.noPaymentMethodsFound = error else { return false }
      return true
    }
  }

  @Test("a cancelled load throws CancellationError and logs nothing")
  func cancellationIsNotAFailure() async throws {
    let logger = LogSpy()
    let started = StartBarrier(parties: 4)
    let hang: @Sendable () async throws -> Void = {
      await started.arriveAndWait()
      try await suspendUntilCancelled()
    }
    let useCase = makeUseCase(
      wallet: WalletRepositoryStub {
        try await hang()
        return Fixtures.wallet
      },
      cards: CardsRepositoryStub {
        try await hang()
        return []
      },
      applePay: ApplePayServiceStub {
        try await hang()
        return Fixtures.applePay
      },
      logger: logger)

    let load = Task { try await useCase.execute() }
    await started.arriveAndWait()
    load.cancel()

    await #expect(throws: CancellationError.self) { try await load.value }
    #expect(logger.entries.isEmpty)
  }
}

/// Runs the use case expecting `couldNotLoad`, and returns its failures: the one that
/// decides the screen first, then the others.
private func couldNotLoadFailures(_ useCase: PaymentMethodsUseCase) async throws
  -> [SourceFailure]
{
  do {
    let methods = try await useCase.execute().methods
    Issue.record("expected couldNotLoad, got \(methods)")
  } catch PaymentMethodsError.couldNotLoad(let deciding, let others) {
    return [deciding] + others
  }
  return []
}
