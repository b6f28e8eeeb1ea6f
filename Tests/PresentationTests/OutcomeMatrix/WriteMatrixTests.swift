import Domain
import Foundation
import Presentation
import TestSupport
import Testing

private let visa = PaymentCard(
  id: "1", brand: "Visa", lastFour: "4242", expiry: CardExpiry(month: 8, year: 2028)!,
  status: .active)
private let expired = PaymentCard(
  id: "2", brand: "Mastercard", lastFour: "4444", expiry: CardExpiry(month: 1, year: 2024)!,
  status: .expired)

private let renewed = PaymentCard(
  id: "2", brand: "Mastercard", lastFour: "4444", expiry: CardExpiry(month: 1, year: 2030)!,
  status: .active)

/// The changes to a saved card, each against every answer its endpoint can give: through the
/// real use case and view model, compared with what the policy says (`PolicyOracle`'s
/// decision table, and "the list changes only once the backend has agreed").
@MainActor
@Suite("Outcome matrix: every change to a card against every answer", .timeLimit(.minutes(1)))
struct WriteMatrixTests {
  enum Change: String, CaseIterable, Sendable {
    case remove, makeDefault, updateExpiry
  }

  /// What the endpoint does: agrees, answers no on purpose, fails, or never answers.
  enum Answer: Sendable, CustomStringConvertible {
    case agrees
    case refuses
    case fails(RequestFailure.Kind)
    case pastDeadline
    case unknown

    static let all: [Self] =
      [.agrees, .refuses] + RequestFailure.Kind.allCases.map(Self.fails) + [
        .pastDeadline, .unknown,
      ]

    var description: String {
      switch self {
      case .agrees: "agrees"
      case .refuses: "refuses"
      case .fails(let kind): "fails(\(kind.rawValue))"
      case .pastDeadline: "pastDeadline"
      case .unknown: "unknown"
      }
    }
  }

  /// What a person sees once the change has ended, reduced to what the policy decides.
  enum Seen: Equatable {
    /// The list shows the change.
    case changed
    /// The list is as the backend has it, and says why the change did not happen.
    case kept
    case failed(PresentationError.Category, Recovery)
    case journey(Journey)
  }

  @Test(
    "each change ends as the policy says, and the list changes only when the backend agreed",
    arguments: Change.allCases)
  func matrix(change: Change) async {
    for answer in Answer.all {
      let expected = Self.oracle(answer)
      let (seen, listed) = await run(change, answer)

      #expect(seen == expected, "\(change) when the backend \(answer)")
      // The removed card is off the list exactly when the backend agreed to remove it.
      let removed = change == .remove && expected == .changed
      #expect(listed.contains("card-1") == !removed, "\(change) when the backend \(answer)")
    }
  }

  /// The policy, from the decision table: a journey for the four interruptions, the error's
  /// presentation with its recovery for the other failures, the list changed or kept for
  /// the answers given on purpose.
  static func oracle(_ answer: Answer) -> Seen {
    let failure: PolicyOracle.Failure
    switch answer {
    case .agrees: return .changed
    case .refuses: return .kept
    case .fails(let kind): failure = PolicyOracle.Failure(source: .cards, what: .request(kind))
    case .pastDeadline: failure = PolicyOracle.Failure(source: .cards, what: .pastDeadline)
    case .unknown: failure = PolicyOracle.Failure(source: .cards, what: .unknown)
    }
    if let journey = failure.journey { return .journey(journey) }
    guard case .failed(_, let category, let recovery, _) = failure.screen(subject: "") else {
      return .kept
    }
    return .failed(category, recovery)
  }

  /// Runs one change against one answer: what is seen, and the rows listed afterwards.
  private func run(_ change: Change, _ answer: Answer) async -> (Seen, [String]) {
    let writes = AnsweringWrites(answer: answer, updated: renewed)
    let clock: any Clock<Duration> = {
      if case .pastDeadline = answer { return ImmediateClock() }
      return StoppedClock()
    }()
    let logger = LogSpy()
    let list = PaymentMethodsViewModel(
      loadMethods: { PaymentMethodList(methods: [.card(visa), .card(expired)]) },
      removeCard: {
        try await RemoveCardUseCase(
          writes: writes, newIdempotencyKey: { "key-1" }, clock: clock, logger: logger
        ).execute(
          cardID: $0)
      },
      makeDefault: {
        MakeDefaultUseCase(writes: writes, newIdempotencyKey: { "key-1" }, clock: clock)
          .execute($0)
      },
      logger: logger, locale: Locale(identifier: "en_US"))
    await list.load().value

    switch change {
    case .remove:
      await list.remove("card-1")?.value
      return (Self.seen(list), Self.listed(list))
    case .makeDefault:
      await list.makeDefault("card-1")?.value
      return (Self.seen(list), Self.listed(list))
    case .updateExpiry:
      let useCase = UpdateCardExpiryUseCase(
        writes: writes, thisMonth: { CardValidation.Month(year: 2026, month: 11) },
        newIdempotencyKey: { "key" }, clock: clock)
      let form = UpdateCardViewModel(
        card: expired, useCase: useCase,
        thisMonth: { CardValidation.Month(year: 2026, month: 11) }, logger: logger,
        locale: Locale(identifier: "en_US"))
      form.edit(to: "01/30")
      await form.submit().value
      let seen: Seen
      switch (form.phase, form.failure) {
      case (.updated(let card), _):
        list.showUpdated(card)
        seen = Self.listed(list).contains("card-2") ? .changed : .kept
      case (_, .declined?), (.invalid, _), (.cardGone, _): seen = .kept
      case (_, .failed(let presented)?): seen = .failed(presented.category, presented.recovery)
      case (_, .journey(let decision)?): seen = .journey(decision.journey)
      case (.editing, nil), (.submitting, nil): seen = .kept
      }
      return (seen, Self.listed(list))
    }
  }

  private static func seen(_ list: PaymentMethodsViewModel) -> Seen {
    switch list.state {
    case .journey(let decision): return .journey(decision.journey)
    case .loaded(let methods):
      if let failed = methods.failedWrite {
        return .failed(failed.error.category, failed.error.recovery)
      }
      switch methods.lastChange {
      case .removed?, .madeDefault?, .updated?: return .changed
      default: return .kept
      }
    default: return .kept
    }
  }

  private static func listed(_ list: PaymentMethodsViewModel) -> [String] {
    guard case .loaded(let methods) = list.state else { return ["card-1", "card-2"] }
    return methods.rows.map(\.id)
  }
}

/// The writes answering as told: agreeing, refusing on purpose, failing, or never answering.
private struct AnsweringWrites: SavedCardWrites {
  let answer: WriteMatrixTests.Answer
  let updated: PaymentCard

  private func respond<T: Sendable>(agreed: T, refused: T) async throws -> T {
    switch answer {
    case .agrees: return agreed
    case .refuses: return refused
    case .fails(let kind):
      throw RequestFailure(kind, context: ErrorContext(operation: "write", traceID: "write-1"))
    case .pastDeadline:
      try await suspendUntilCancelled()
      return agreed
    case .unknown: throw MatrixSurprise()
    }
  }

  func remove(cardID: String, idempotencyKey: String) async throws -> RemoveCardOutcome {
    try await respond(agreed: .removed, refused: .refusedLastMethod)
  }

  func makeDefault(_ method: DefaultMethod, idempotencyKey: String) async throws
    -> MakeDefaultOutcome
  {
    try await respond(agreed: .madeDefault(method), refused: .methodGone)
  }

  func updateExpiry(cardID: String, to expiry: CardExpiry, idempotencyKey: String) async throws
    -> UpdateCardOutcome
  {
    try await respond(
      agreed: .updated(updated), refused: .declined(CardDecline(code: nil, adviceCode: nil)))
  }
}
