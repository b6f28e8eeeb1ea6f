import Domain
import Foundation
import TestSupport
import Testing

private let approvedCard = PaymentCard(
  id: "100", brand: "Visa", lastFour: "4242", expiry: CardExpiry(month: 12, year: 2030)!,
  status: .active)

@Suite("Waiting for the bank: 3-D Secure's polling", .timeLimit(.minutes(1)))
struct BankApprovalTests {
  private func useCase(
    _ setups: ScriptedSetups, clock: any Clock<Duration>, budget: Duration = .seconds(120),
    jitter: @escaping @Sendable (Duration) -> Duration = { $0 }, logger: LogSpy = LogSpy()
  ) -> WaitForBankApprovalUseCase {
    WaitForBankApprovalUseCase(
      setups: setups, budget: budget, clock: clock, jitter: jitter, logger: logger)
  }

  @Test("asks until the bank answers, and returns the card it approved")
  func approved() async throws {
    let setups = ScriptedSetups([
      .success(.waiting), .success(.waiting), .success(.succeeded(approvedCard)),
    ])
    let clock = AdvancingClock()

    let outcome = try await useCase(setups, clock: clock).execute(setupID: "seti_1")

    #expect(outcome == .approved(approvedCard))
    #expect(setups.timesAsked == 3)
    #expect(clock.sleeps == [.seconds(1), .seconds(2)])
  }

  @Test("the waits back off up to 8 s, and never come under 500 ms whatever the jitter picks")
  func backoff() async throws {
    let answers =
      Array(repeating: Result<CardSetupStatus, any Error>.success(.waiting), count: 6)
      + [.success(.canceled)]
    let full = AdvancingClock()
    let none = AdvancingClock()

    _ = try await useCase(ScriptedSetups(answers), clock: full).execute(setupID: "s")
    _ = try await useCase(ScriptedSetups(answers), clock: none, jitter: { _ in .zero })
      .execute(setupID: "s")

    #expect(full.sleeps == [1, 2, 4, 8, 8, 8].map(Duration.seconds))
    #expect(none.sleeps == Array(repeating: .milliseconds(500), count: 6))
  }

  @Test("the jitter is asked for a wait between zero and the backoff's step")
  func jitterBounds() async throws {
    let asked = LockedDurations()
    let setups = ScriptedSetups([.success(.waiting), .success(.waiting), .success(.canceled)])

    _ = try await useCase(
      setups, clock: AdvancingClock(),
      jitter: { step in
        asked.append(step)
        return step / 2
      }
    ).execute(setupID: "s")

    #expect(asked.all == [.seconds(1), .seconds(2)])
  }

  @Test("the last wait ends with the budget: the bank is asked then, and timed out after it")
  func budget() async throws {
    let setups = ScriptedSetups([.success(.waiting)])
    let clock = AdvancingClock()

    let outcome = try await useCase(setups, clock: clock, budget: .seconds(10))
      .execute(setupID: "s")

    // 1 + 2 + 4 s waited; the next wait, 8 s, is cut to the 3 s left.
    #expect(outcome == .timedOut)
    #expect(clock.sleeps == [1, 2, 4, 3].map(Duration.seconds))
    #expect(setups.timesAsked == 5)
  }

  @Test("with less of the budget left than the shortest wait, the wait ends without asking")
  func budgetSpent() async throws {
    let setups = ScriptedSetups([.success(.waiting)])
    let clock = AdvancingClock()

    let outcome = try await useCase(setups, clock: clock, budget: .milliseconds(7_300))
      .execute(setupID: "s")

    #expect(outcome == .timedOut)
    #expect(clock.sleeps == [1, 2, 4].map(Duration.seconds))
    #expect(setups.timesAsked == 4)
  }

  @Test("an app suspended past the budget while it waited asks once more, and finds the approval")
  func suspendedPastTheBudget() async throws {
    let setups = ScriptedSetups([.success(.waiting), .success(.succeeded(approvedCard))])

    // The user was in their banking app for five minutes during the first wait.
    let outcome = try await useCase(setups, clock: AdvancingClock(oversleep: .seconds(300)))
      .execute(setupID: "s")

    #expect(outcome == .approved(approvedCard))
    #expect(setups.timesAsked == 2)
  }

  @Test("a refusal and a cancellation by the backend are answers, with the bank's reason")
  func answers() async throws {
    let refused = try await useCase(
      ScriptedSetups([.success(.declined(reason: "not_authenticated"))]), clock: AdvancingClock()
    ).execute(setupID: "s")
    let canceled = try await useCase(
      ScriptedSetups([.success(.canceled)]), clock: AdvancingClock()
    ).execute(setupID: "s")

    #expect(refused == .declined(reason: "not_authenticated"))
    #expect(canceled == .canceled)
  }

  @Test("a request that fails while asking ends the wait with that failure")
  func failure() async {
    let failure = RequestFailure(.serviceUnavailable, context: ErrorContext(operation: "GET"))
    let setups = ScriptedSetups([.success(.waiting), .failure(failure)])

    await #expect(throws: RequestFailure.self) {
      _ = try await useCase(setups, clock: AdvancingClock()).execute(setupID: "s")
    }
    #expect(setups.cancels.isEmpty)
  }

  @Test("a user who stops waiting cancels the setup on the backend, and nothing more is asked")
  func stopWaiting() async throws {
    let setups = ScriptedSetups([.success(.waiting)])
    let clock = ManualClock()
    let waiting = Task { try await useCase(setups, clock: clock).execute(setupID: "seti_9") }
    await clock.sleepsBegun(1)

    waiting.cancel()
    let result = await waiting.result

    #expect(throws: CancellationError.self) { try result.get() }
    #expect(setups.cancels == ["seti_9"])
    #expect(setups.timesAsked == 1)
  }

  @Test("a cancel the backend does not take is logged, and the wait still ends cancelled")
  func cancelFails() async throws {
    let setups = ScriptedSetups([.success(.waiting)], cancelFails: true)
    let clock = ManualClock()
    let logger = LogSpy()
    let waiting = Task {
      try await useCase(setups, clock: clock, logger: logger).execute(setupID: "seti_9")
    }
    await clock.sleepsBegun(1)

    waiting.cancel()
    let result = await waiting.result

    #expect(throws: CancellationError.self) { try result.get() }
    #expect(logger.entries.map(\.level) == [.warning])
    #expect(logger.entries.first?.metadata["setupId"] == "seti_9")
  }
}

/// Durations recorded from any thread.
private final class LockedDurations: @unchecked Sendable {
  // Safe: `values` is only touched while holding `lock`.
  private let lock = NSLock()
  private var values: [Duration] = []

  func append(_ value: Duration) { lock.withLock { values.append(value) } }
  var all: [Duration] { lock.withLock { values } }
}
