import Domain
import Foundation
import TestSupport
import Testing

private let january2027 = CardValidation.Month(year: 2027, month: 1)

private func problems(_ field: CardField, _ form: CardForm) -> [CardProblem] {
  CardValidation.problems(of: field, in: form, thisMonth: january2027)
}

private let visa = CardForm(
  number: "4242 4242 4242 4242", expiry: "08/28", securityCode: "123", name: "Ada Lovelace")

@Suite("Add a card: every local check, at its boundaries", .timeLimit(.minutes(1)))
struct CardValidationTests {
  @Test("a good Visa, Mastercard and American Express pass, spaces and dashes ignored")
  func goodCards() throws {
    for (number, code, brand) in [
      ("4242-4242-4242-4242", "123", CardBrand.visa), ("5555 5555 5555 4444", "123", .mastercard),
      ("2223 0031 2200 3222", "123", .mastercard), ("3782 822463 10005", "1234", .americanExpress),
    ] {
      var form = visa
      form.number = number
      form.securityCode = code
      let card = try CardValidation.check(form, thisMonth: january2027).get()
      #expect(card.brand == brand)
      #expect(card.number.allSatisfy { $0.isNumber })
    }
  }

  @Test(
    "the number: 12 to 19 digits, the Luhn check, a supported network, digits only",
    arguments: [
      ("42424242424", CardProblem.numberLength), ("42424242424242424242", .numberLength),
      ("4242424242424241", .numberTypo), ("6011111111111117", .brandNotAccepted),
      ("4242a24242424242", .numberNotDigits), ("", .missing),
    ])
  func number(number: String, problem: CardProblem) {
    var form = visa
    form.number = number

    #expect(problems(.number, form).contains(problem), "\(problems(.number, form))")
  }

  @Test(
    "the Luhn check passes good numbers of every length and catches a changed digit or a swap",
    arguments: [
      "424242424242", "4000056655661", "42424242424242", "378282246310005", "4242424242424242",
      "40000566556655567", "424242424242424242", "4242424242424242428",
    ])
  func luhn(number: String) {
    var form = visa
    form.number = number
    #expect(!problems(.number, form).contains(.numberTypo), "\(number)")

    var digits = Array(number)
    digits[digits.count - 1] = digits.last == "9" ? "0" : "9"
    form.number = String(digits)
    #expect(problems(.number, form).contains(.numberTypo), "\(form.number)")

    digits = Array(number)
    digits.swapAt(1, 2)  // Luhn catches every swap of two different neighbours but 0 and 9.
    if digits != Array(number) {
      form.number = String(digits)
      #expect(problems(.number, form).contains(.numberTypo), "\(form.number)")
    }
  }

  @Test("12 and 19 digits are both fine, when the checksum is")
  func lengthBoundaries() {
    var form = visa
    form.number = "424242424242"  // 12 digits, Luhn-valid
    #expect(problems(.number, form).isEmpty)
    form.number = "4242424242424242428"  // 19 digits, Luhn-valid
    #expect(problems(.number, form).isEmpty)
  }

  @Test(
    "the expiry: MM/YY, a real month, not before this month",
    arguments: [
      ("00/28", CardProblem.expiryMonth), ("13/28", .expiryMonth), ("12/26", .expired),
      ("1/2", .expiryFormat), ("08-28", .expiryFormat), ("128", .expiryFormat),
      ("01/028", .expiryFormat), ("", .missing),
    ])
  func expiry(expiry: String, problem: CardProblem) {
    var form = visa
    form.expiry = expiry

    #expect(problems(.expiry, form) == [problem])
  }

  @Test(
    "the expiry as people type it: MMYY, M/YY, MM/YYYY and MM / YY are MM/YY",
    arguments: ["0128", "1/28", "01/2028", "01 / 28", " 01/28 "])
  func expiryForms(typed: String) {
    var form = visa
    form.expiry = typed

    #expect(problems(.expiry, form).isEmpty)
    #expect(CardValidation.expiry(typed)?.description == "01/28")
  }

  @Test("a number whose network the app does not take says so after four digits, not before")
  func unsupportedBrandWhileTyping() {
    #expect(CardValidation.problemsWhileTyping(number: "601").isEmpty)
    #expect(CardValidation.problemsWhileTyping(number: "6011") == [.brandNotAccepted])
    #expect(CardValidation.problemsWhileTyping(number: "2221").isEmpty)
    #expect(CardValidation.problemsWhileTyping(number: "4242 42").isEmpty)
  }

  @Test("this month's card is still good")
  func thisMonth() {
    var form = visa
    form.expiry = "01/27"

    #expect(problems(.expiry, form).isEmpty)
  }

  @Test("the security code: 3 digits, 4 for American Express")
  func securityCode() {
    var form = visa
    form.securityCode = "1234"
    #expect(problems(.securityCode, form) == [.securityCodeFormat(.visa)])
    form.securityCode = "12"
    #expect(problems(.securityCode, form) == [.securityCodeFormat(.visa)])
    form.number = "378282246310005"
    form.securityCode = "123"
    #expect(problems(.securityCode, form) == [.securityCodeFormat(.americanExpress)])
    form.securityCode = "1234"
    #expect(problems(.securityCode, form).isEmpty)
  }

  @Test("the name: 1 to 26 characters after trimming")
  func name() {
    var form = visa
    form.name = "  " + String(repeating: "A", count: 26) + "  "
    #expect(problems(.name, form).isEmpty)
    form.name = String(repeating: "A", count: 27)
    #expect(problems(.name, form) == [.nameTooLong(limit: 26)])
    form.name = "   "
    #expect(problems(.name, form) == [.missing])
  }

  @Test("several fields failing are reported together")
  func severalAtOnce() {
    let form = CardForm(number: "1234", expiry: "13/28", securityCode: "x", name: "")

    guard case .failure(let problems) = CardValidation.check(form, thisMonth: january2027) else {
      Issue.record("expected problems")
      return
    }
    #expect(Set(problems.errors.keys) == Set(CardField.allCases))
  }

  @Test("a form and a checked card never show the number or the code")
  func redacted() throws {
    let card = try CardValidation.check(visa, thisMonth: january2027).get()

    for text in [
      String(describing: visa), String(reflecting: visa), "\(card)", String(reflecting: card),
    ] {
      #expect(!text.contains("4242424242424242") && !text.contains("4242 4242 4242 4242"))
      #expect(!text.contains("123"))
    }
    #expect("\(card)" == "Visa •••• 4242")
  }
}

@Suite("Add a card: the use case", .timeLimit(.minutes(1)))
struct AddCardUseCaseTests {
  @Test("a form with problems is answered locally: nothing is sent")
  func nothingSentWhenInvalid() async throws {
    let saving = CardSavingSpy(answer: .saved(visaCard))
    let useCase = AddCardUseCase(
      saving: saving, thisMonth: { january2027 }, newIdempotencyKey: { "k" })

    let outcome = try await useCase.execute(
      CardForm(number: "1", expiry: "", securityCode: "", name: ""))

    guard case .invalid(let errors) = outcome else {
      Issue.record("expected invalid, got \(outcome)")
      return
    }
    #expect(errors.count == 4)
    #expect(saving.keys.isEmpty)
  }

  @Test("each submission gets a new idempotency key")
  func newKeyPerSubmission() async throws {
    let saving = CardSavingSpy(answer: .saved(visaCard))
    let counter = CallCounter()
    let useCase = AddCardUseCase(
      saving: saving, thisMonth: { january2027 },
      newIdempotencyKey: {
        counter.increment()
        return "key-\(counter.count)"
      })

    _ = try await useCase.execute(visa)
    _ = try await useCase.execute(visa)

    #expect(saving.keys == ["key-1", "key-2"])
  }

  @Test(
    "the backend's answers pass through as values",
    arguments: [
      AddCardOutcome.saved(visaCard), .alreadySaved(visaCard),
      .declined(CardDecline(code: "do_not_honor", adviceCode: nil)),
      .invalid([.number: [.described("Refused")]]),
    ])
  func answers(answer: AddCardOutcome) async throws {
    let useCase = AddCardUseCase(
      saving: CardSavingSpy(answer: answer), thisMonth: { january2027 },
      newIdempotencyKey: { "k" })

    let outcome = try await useCase.execute(visa)

    #expect(outcome == answer)
  }
}

@Suite("Add a card: the submission's deadline", .timeLimit(.minutes(1)))
struct AddCardDeadlineTests {
  @Test("a save still running at the deadline is cancelled, and the submission fails as past it")
  func pastTheDeadline() async throws {
    let clock = ManualClock()
    let saving = SuspendedSaving()
    let useCase = AddCardUseCase(
      saving: saving, thisMonth: { january2027 }, newIdempotencyKey: { "k" },
      deadline: .seconds(15), clock: clock)
    let submission = Task { try await useCase.execute(visa) }
    await clock.sleepsBegun(1)

    clock.advance(by: .seconds(15))

    let error = await #expect(throws: DeadlineExceeded.self) { _ = try await submission.value }
    #expect(error?.deadline == .seconds(15))
    #expect(error?.recovery == .retryNow)
    #expect(await saving.wasCancelled())
  }

  @Test("a save that ends before the deadline keeps its answer, and the timer is stopped")
  func beforeTheDeadline() async throws {
    let clock = ManualClock()
    let useCase = AddCardUseCase(
      saving: CardSavingSpy(answer: .saved(visaCard)), thisMonth: { january2027 },
      newIdempotencyKey: { "k" }, deadline: .seconds(15), clock: clock)

    let outcome = try await useCase.execute(visa)

    #expect(outcome == .saved(visaCard))
    #expect(clock.waitingSleeps == 0)
  }
}

/// A save that never answers, and says whether it was cancelled.
private actor SuspendedSaving: CardSaving {
  private var cancelled = false

  func save(_ card: NewCard, idempotencyKey: String) async throws -> AddCardOutcome {
    do {
      try await suspendUntilCancelled()
    } catch {
      cancelled = true
    }
    throw CancellationError()
  }

  func wasCancelled() -> Bool { cancelled }
}

private let visaCard = PaymentCard(
  id: "9", brand: "Visa", lastFour: "4242", expiry: CardExpiry(month: 8, year: 2028)!,
  status: .active)

/// Answers every save the same, recording each submission's key.
private final class CardSavingSpy: CardSaving, @unchecked Sendable {
  // Safe: `recorded` is only touched while holding `lock`.
  private let lock = NSLock()
  private var recorded: [String] = []
  private let answer: AddCardOutcome

  init(answer: AddCardOutcome) {
    self.answer = answer
  }

  var keys: [String] { lock.withLock { recorded } }

  func save(_ card: NewCard, idempotencyKey: String) async throws -> AddCardOutcome {
    lock.withLock { recorded.append(idempotencyKey) }
    return answer
  }
}
