import Domain
import Foundation
import TestSupport
import Testing

/// A load whose cards are offline, so that the local copy is read.
private func cardsOffline(_ store: LocalCopyStoreSpy, logger: LogSpy = LogSpy())
  -> PaymentMethodsUseCase
{
  makeUseCase(
    cards: .throwing(Fixtures.cards(.offline)), localCopy: store, logger: logger)
}

@Suite("Local copy policy: a store that fails, a load that is cancelled", .timeLimit(.minutes(1)))
struct LocalCopyFaultTests {
  @Test(
    "a local copy that cannot be read counts as missing, logged once at warning with the reason",
    arguments: [
      LocalCopyUnreadable(reason: "format version 7, expected 1") as any Error & Sendable,
      SurpriseError(detail: "disk on fire"),
    ])
  func unreadableIsMissing(error: any Error & Sendable) async throws {
    let logger = LogSpy()
    let store = LocalCopyStoreSpy([Saved.person: Saved.list(.fresh)!], loadError: error)

    let list = try await cardsOffline(store, logger: logger).execute()

    #expect(list.methods == [.wallet(Fixtures.wallet), .applePay(Fixtures.applePay)])
    #expect(list.copiedAsOf.isEmpty)
    #expect(list.failures.map(\.source) == [.cards])
    let warnings = logger.entries.filter { $0.level == .warning }
    #expect(warnings.count == 1)
    let reason = (error as? LocalCopyUnreadable)?.reason ?? "disk on fire"
    #expect(warnings.first?.message.contains(reason) == true)
  }

  @Test("a local copy that cannot be read is replaced by the next one kept")
  func unreadableIsReplaced() async throws {
    let store = LocalCopyStoreSpy(
      [Saved.person: Saved.list(.fresh)!], loadError: LocalCopyUnreadable(reason: "truncated"))

    _ = try await cardsOffline(store).execute()

    #expect(
      await store.list(Saved.person)
        == LocalCopy(wallet: LocalCopy.Part(Fixtures.wallet, loadedAt: Saved.now)))
  }

  @Test("a local copy that cannot be written is logged at warning and changes nothing shown")
  func saveFails() async throws {
    let logger = LogSpy()
    let store = LocalCopyStoreSpy(
      [Saved.person: Saved.list(.fresh)!], saveError: SurpriseError(detail: "disk full"))

    let list = try await cardsOffline(store, logger: logger).execute()

    #expect(
      list.methods == [.wallet(Fixtures.wallet), .card(Saved.card), .applePay(Fixtures.applePay)])
    let warnings = logger.entries.filter { $0.level == .warning }
    #expect(warnings.count == 1)
    #expect(warnings.first?.metadata["error"]?.contains("disk full") == true)
  }

  @Test("a journey whose local copy cannot be deleted is still thrown, with one warning")
  func deleteFails() async throws {
    let logger = LogSpy()
    let store = LocalCopyStoreSpy(
      [Saved.person: Saved.list(.fresh)!], deleteError: SurpriseError(detail: "read-only"))
    let useCase = makeUseCase(
      cards: .throwing(Fixtures.cards(.sessionEnded)), localCopy: store,
      logger: logger)

    await #expect {
      try await useCase.execute()
    } throws: { error in
      guard case PaymentMethodsError.needsJourney = error else { return false }
      return true
    }
    #expect(logger.entries.map(\.level) == [.warning])
  }

  @Test("a load cancelled while its sources run reads and writes nothing")
  func cancelledWhileLoading() async throws {
    let started = Gate()
    let store = Saved.store(.fresh)
    let useCase = makeUseCase(
      cards: CardsRepositoryStub {
        await started.arrive()
        try await suspendUntilCancelled()
        return []
      },
      localCopy: store)

    let load = Task { try await useCase.execute() }
    await started.waitForArrivals(1)
    load.cancel()

    await #expect(throws: CancellationError.self) { try await load.value }
    #expect(await store.calls.isEmpty)
  }

  @Test("a load cancelled while the local copy is read writes nothing and logs nothing")
  func cancelledWhileReading() async throws {
    let reading = Gate()
    let logger = LogSpy()
    let store = LocalCopyStoreSpy([Saved.person: Saved.list(.fresh)!]) {
      await reading.arrive()
      try await suspendUntilCancelled()
    }
    let useCase = cardsOffline(store, logger: logger)

    let load = Task { try await useCase.execute() }
    await reading.waitForArrivals(1)
    load.cancel()

    await #expect(throws: CancellationError.self) { try await load.value }
    #expect(await store.calls == [.load(person: Saved.person)])
    #expect(logger.entries.isEmpty)
  }
}
