import Domain
import TestSupport
import Testing

@Suite("Wallet use case: the wallet errors are the screen", .timeLimit(.minutes(1)))
struct WalletUseCaseTests {
  private func makeUseCase(
    _ repository: WalletRepositoryStub, clock: any Clock<Duration> = StoppedClock()
  ) -> WalletUseCase {
    WalletUseCase(repository: repository, clock: clock)
  }

  @Test("a wallet is active, even one with no funds")
  func activeWallet() async throws {
    #expect(
      try await makeUseCase(.returning(Fixtures.wallet)).execute() == .active(Fixtures.wallet))
    #expect(
      try await makeUseCase(.returning(Fixtures.emptyWallet)).execute()
        == .active(Fixtures.emptyWallet))
  }

  @Test("no wallet is a status to show, not an error")
  func missingWallet() async throws {
    let status = try await makeUseCase(
      .throwing(WalletRepositoryError.noWalletFound(Fixtures.context()))
    ).execute()

    #expect(status == .missing)
  }

  @Test("a banned wallet is a status to show, not an error")
  func bannedWallet() async throws {
    let status = try await makeUseCase(.throwing(WalletRepositoryError.banned(Fixtures.context())))
      .execute()

    #expect(status == .banned)
  }

  @Test("a wallet in review keeps its review state", arguments: WalletReviewState.allCases)
  func walletInReview(state: WalletReviewState) async throws {
    let status = try await makeUseCase(
      .throwing(WalletRepositoryError.inReview(state, Fixtures.context()))
    ).execute()

    #expect(status == .inReview(state))
  }

  @Test("an unreachable wallet is an error that says so")
  func unreachableWallet() async throws {
    let failure = try await failure(of: makeUseCase(.throwing(Fixtures.wallet(.offline))))

    #expect(failure.description == "wallet: offline")
  }

  @Test("a wallet past the deadline is an error that says so")
  func slowWallet() async throws {
    let never = WalletRepositoryStub {
      try await suspendUntilCancelled()
      return Fixtures.wallet
    }

    let failure = try await failure(of: makeUseCase(never, clock: ImmediateClock()))

    #expect(failure.description == "wallet: no answer within 3000 ms")
  }

  @Test("an unknown error is an error that keeps the original")
  func unknownError() async throws {
    let failure = try await failure(of: makeUseCase(.throwing(SurpriseError(detail: "boom"))))

    #expect(failure.isUnknown)
    #expect(failure.description.contains("SurpriseError(detail: \"boom\")"))
  }

  @Test(
    "a failure that sends the user elsewhere is thrown as needing a journey",
    arguments: [RequestFailure.Kind.sessionEnded, .userNotVerified, .userLocked, .appOutdated])
  func needsJourney(kind: RequestFailure.Kind) async throws {
    do {
      let status = try await makeUseCase(.throwing(Fixtures.wallet(kind))).execute()
      Issue.record("expected needsJourney, got \(status)")
    } catch WalletError.needsJourney(let failure) {
      #expect(failure.journey != nil)
      #expect(WalletError.needsJourney(failure).journey == failure.journey)
    }
  }

  @Test("a wallet that could not load sends nobody on a journey, whatever its recovery")
  func couldNotLoadDoesNotRoute() async throws {
    let failure = try await failure(of: makeUseCase(.throwing(Fixtures.wallet(.malformedResponse))))

    #expect(WalletError.couldNotLoad(failure).journey == nil)
  }

  private func failure(of useCase: WalletUseCase) async throws -> SourceFailure {
    do {
      let status = try await useCase.execute()
      Issue.record("expected couldNotLoad, got \(status)")
    } catch WalletError.couldNotLoad(let failure) {
      return failure
    }
    throw CancellationError()
  }
}
