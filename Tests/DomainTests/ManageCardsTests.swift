import Domain
import Foundation
import TestSupport
import Testing

private let january2027 = CardValidation.Month(year: 2027, month: 1)
private let visa = PaymentCard(
  id: "1", brand: "Visa", lastFour: "4242", expiry: CardExpiry(month: 8, year: 2028)!,
  status: .active)
private let expired = PaymentCard(
  id: "2", brand: "Mastercard", lastFour: "4444", expiry: CardExpiry(month: 1, year: 2024)!,
  status: .expired)
private let declined = PaymentCard(
  id: "3", brand: "Visa", lastFour: "1881", expiry: CardExpiry(month: 8, year: 2028)!,
  status: .active, decline: IssuerDecline(reason: .blocked))

/// Answers every write as told, recording each request.
private final class WritesSpy: SavedCardWrites, @unchecked Sendable {
  // Safe: `recorded` is only touched while holding `lock`.
  private let lock = NSLock()
  private var recorded: [String] = []
  private let removal: RemoveCardOutcome
  private let update: UpdateCardOutcome

  init(removal: RemoveCardOutcome = .removed, update: UpdateCardOutcome = .cardGone) {
    self.removal = removal
    self.update = update
  }

  var requests: [String] { lock.withLock { recorded } }

  func remove(cardID: String, idempotencyKey: String) async throws -> RemoveCardOutcome {
    lock.withLock { recorded.append("remove \(cardID) \(idempotencyKey)") }
    return removal
  }

  func makeDefault(_ method: DefaultMethod, idempotencyKey: String) async throws
    -> MakeDefaultOutcome
  {
    lock.withLock { recorded.append("default \(method) \(idempotencyKey)") }
    return .madeDefault(method)
  }

  func updateExpiry(cardID: String, to expiry: CardExpiry, idempotencyKey: String) async throws
    -> UpdateCardOutcome
  {
    lock.withLock { recorded.append("update \(cardID) \(expiry) \(idempotencyKey)") }
    return update
  }
}

@Suite("Manage saved cards: the use cases' rules", .timeLimit(.minutes(1)))
struct ManageCardsTests {
  @Test("a card gone already is the same end as removed, and is logged at info")
  func alreadyRemoved() async throws {
    let logger = LogSpy()
    let useCase = RemoveCardUseCase(
      writes: WritesSpy(removal: .alreadyRemoved), newIdempotencyKey: { "key-1" }, logger: logger)

    let outcome = try await useCase.execute(cardID: "1")

    #expect(outcome == .alreadyRemoved)
    #expect(logger.entries.map(\.level) == [.info])
  }

  @Test("a card removed, or kept as the last way to pay, is logged by nobody here")
  func removedQuietly() async throws {
    let logger = LogSpy()
    for answer in [RemoveCardOutcome.removed, .refusedLastMethod] {
      let useCase = RemoveCardUseCase(
        writes: WritesSpy(removal: answer), newIdempotencyKey: { "key-1" }, logger: logger)
      #expect(try await useCase.execute(cardID: "1") == answer)
    }
    #expect(logger.entries.isEmpty)
  }

  @Test(
    "whether a method may be the default is one rule: Apple Pay never, a card only if it pays",
    arguments: [
      (PaymentMethod.card(visa), NewDefault.allowed(.card(id: "1"))),
      (.wallet(Wallet(balance: 1, currency: "EUR")), .allowed(.wallet)),
      (.wallet(Wallet(balance: 0, currency: "EUR", isDefault: true)), .allowed(.wallet)),
      (.applePay(ApplePay(status: .available)), .refused(.applePayIsNeverDefault)),
      (.applePay(ApplePay(status: .needsSetup)), .refused(.applePayIsNeverDefault)),
      (.card(expired), .refused(.cardCannotPay)),
      (.card(declined), .refused(.cardCannotPay)),
    ])
  func defaultRule(method: PaymentMethod, rule: NewDefault) {
    #expect(method.asNewDefault == rule)
  }

  @Test(
    "a method the rule refuses is refused by the use case, with its reason, and nothing sent",
    arguments: [
      (PaymentMethod.applePay(ApplePay(status: .available)), DefaultRefusal.applePayIsNeverDefault),
      (.card(expired), .cardCannotPay),
      (.card(declined), .cardCannotPay),
    ])
  func refusedBeforeSending(method: PaymentMethod, refusal: DefaultRefusal) async throws {
    let writes = WritesSpy()
    let counter = CallCounter()
    let useCase = MakeDefaultUseCase(
      writes: writes,
      newIdempotencyKey: {
        counter.increment()
        return "key-1"
      })

    let tap = useCase.execute(method)

    #expect(tap.refusal == refusal)
    #expect(try await tap.answer() == nil, "nothing to send")
    #expect(writes.requests.isEmpty)
    #expect(counter.count == 0, "no change made, so no key")
  }

  @Test("a card and the wallet are sent as the default they are")
  func defaults() async throws {
    let writes = WritesSpy()
    let useCase = MakeDefaultUseCase(writes: writes, newIdempotencyKey: { "key-1" })

    _ = try await useCase.execute(.card(visa)).answer()
    _ = try await useCase.execute(.wallet(Wallet(balance: 1, currency: "EUR"))).answer()

    #expect(writes.requests == ["default card(id: \"1\") key-1", "default wallet key-1"])
  }

  @Test("the backend's answer to a new default is the use case's outcome, as it came")
  func defaultAnswerAsItCame() async throws {
    let useCase = MakeDefaultUseCase(writes: WritesSpy(), newIdempotencyKey: { "key-1" })

    let tap = useCase.execute(.card(visa))

    #expect(tap.refusal == nil)
    #expect(try await tap.answer() == .madeDefault(.card(id: "1")))
  }

  @Test(
    "an expiry with problems is refused locally, and nothing is sent",
    arguments: [("", CardProblem.missing), ("13/28", .expiryMonth), ("12/26", .expired)])
  func expiryCheckedLocally(text: String, problem: CardProblem) async throws {
    let writes = WritesSpy()
    let useCase = UpdateCardExpiryUseCase(
      writes: writes, thisMonth: { january2027 }, newIdempotencyKey: { "k" })

    let outcome = try await useCase.execute(cardID: "1", expiry: text)

    #expect(outcome == .invalid([.expiry: [problem]]))
    #expect(writes.requests.isEmpty)
  }

  @Test("each removal and each new default is a change of its own, under a new key")
  func keyPerChange() async throws {
    let writes = WritesSpy()
    let counter = CallCounter()
    let newKey: @Sendable () -> String = {
      counter.increment()
      return "key-\(counter.count)"
    }
    let remove = RemoveCardUseCase(writes: writes, newIdempotencyKey: newKey, logger: LogSpy())
    let makeDefault = MakeDefaultUseCase(writes: writes, newIdempotencyKey: newKey)

    _ = try await remove.execute(cardID: "1")
    _ = try await remove.execute(cardID: "1")
    _ = try await makeDefault.execute(.card(visa)).answer()

    #expect(
      writes.requests == ["remove 1 key-1", "remove 1 key-2", "default card(id: \"1\") key-3"])
  }

  @Test("an expiry as people type it is sent as cards print it, one key per submission")
  func expirySent() async throws {
    let writes = WritesSpy()
    let counter = CallCounter()
    let useCase = UpdateCardExpiryUseCase(
      writes: writes, thisMonth: { january2027 },
      newIdempotencyKey: {
        counter.increment()
        return "key-\(counter.count)"
      })

    _ = try await useCase.execute(cardID: "1", expiry: "1230")
    _ = try await useCase.execute(cardID: "1", expiry: "12/2030")

    #expect(writes.requests == ["update 1 12/30 key-1", "update 1 12/30 key-2"])
  }

  @Test("a write still running at its deadline is cancelled, and fails as past it")
  func deadline() async throws {
    let clock = ManualClock()
    let useCase = RemoveCardUseCase(
      writes: NeverAnswering(), newIdempotencyKey: { "key-1" }, deadline: .seconds(15),
      clock: clock, logger: LogSpy())
    let removal = Task { try await useCase.execute(cardID: "1") }
    await clock.sleepsBegun(1)

    clock.advance(by: .seconds(15))

    await #expect(throws: DeadlineExceeded.self) { _ = try await removal.value }
  }
}

/// Writes that never answer until cancelled.
private struct NeverAnswering: SavedCardWrites {
  func remove(cardID: String, idempotencyKey: String) async throws -> RemoveCardOutcome {
    try await suspendUntilCancelled()
    throw CancellationError()
  }

  func makeDefault(_ method: DefaultMethod, idempotencyKey: String) async throws
    -> MakeDefaultOutcome
  {
    try await suspendUntilCancelled()
    throw CancellationError()
  }

  func updateExpiry(cardID: String, to expiry: CardExpiry, idempotencyKey: String) async throws
    -> UpdateCardOutcome
  {
    try await suspendUntilCancelled()
    throw CancellationError()
  }
}
