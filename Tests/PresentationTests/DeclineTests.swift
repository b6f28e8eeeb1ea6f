import Domain
import Foundation
import Presentation
import TestSupport
import Testing

/// The decline table, written again from docs/ERRORS.md and the wire contract's words,
/// apart from the code: for each reason, the words a person sees; for each advice, or
/// for none, the next step and the field to check.
private enum DeclineOracle {
  /// The reason shown, its title and its message.
  static func shown(_ code: String) -> (reason: String, title: String, message: String) {
    switch code {
    case "insufficient_funds":
      (
        "insufficient_funds", "Not enough funds",
        "Your bank says this card doesn't have enough funds."
      )
    case "expired_card":
      ("expired_card", "This card has expired", "Your bank says this card is past its expiry date.")
    case "incorrect_cvc":
      ("incorrect_cvc", "Security code not accepted", "Your bank didn't accept the security code.")
    case "incorrect_number":
      (
        "incorrect_number", "Card number not accepted",
        "Your bank didn't recognise this card number."
      )
    case "processing_error":
      (
        "processing_error", "Your bank couldn't check this card",
        "Something went wrong at your bank while it checked the card."
      )
    case "card_not_supported":
      (
        "card_not_supported", "Card not supported",
        "Your bank doesn't allow this card to be used here."
      )
    case "do_not_honor":
      (
        "do_not_honor", "Declined by your bank",
        "Your bank declined this card without giving a reason."
      )
    // generic_decline, the four sensitive reasons, and any code a client does not know.
    default: ("generic_decline", "Declined by your bank", "Your bank declined this card.")
    }
  }

  /// The field a reason is about.
  static func field(_ code: String) -> CardField? {
    ["incorrect_cvc": .securityCode, "incorrect_number": .number, "expired_card": .expiry][code]
  }

  /// The next step and its hint.
  static func next(_ code: String, advice: String?) -> (CardDecline.NextStep, String) {
    switch advice {
    case "try_again_later": return (.tryAgainLater, "Try again later.")
    case "do_not_try_again": return (.cannotBeSaved, "This card can't be saved. Use another card.")
    case "confirm_card_data": return check(field(code) ?? .number)
    default: break
    }
    if let field = field(code) { return check(field) }
    if code == "processing_error" { return (.tryAgainNow, "Try again.") }
    return (.useAnotherCard, "Use another card, or ask your bank why.")
  }

  private static func check(_ field: CardField) -> (CardDecline.NextStep, String) {
    let hint =
      switch field {
      case .number: "Check the card number."
      case .expiry: "Check the expiry date printed on the card."
      case .securityCode: "Check the security code on the back of the card."
      case .name: "Check the name as printed on the card."
      }
    return (.check(field), hint)
  }
}

@MainActor
@Suite("Declines: each reason and advice, as a person sees them", .timeLimit(.minutes(1)))
struct DeclineTests {
  nonisolated static let codes =
    CardDecline.Reason.allCases.map(\.rawValue) + ["a_code_nobody_knows"]
  nonisolated static let advice: [String?] =
    CardDecline.Advice.allCases.map(\.rawValue) + [nil, "new_advice"]

  @Test("every reason and advice leads to its words, its next step and its field", arguments: codes)
  func table(code: String) async {
    for advice in Self.advice {
      let label = "\(code), advice \(advice ?? "none")"
      let form = AddCardViewModel(
        addCard: { _, _ in .declined(CardDecline(code: code, adviceCode: advice)) },
        bankApproval: .unused, thisMonth: { CardValidation.Month(year: 2026, month: 11) },
        logger: LogSpy(),
        locale: Locale(identifier: "en_US"))

      await form.submit().value

      guard case .declined(let decline)? = form.failure else {
        Issue.record("\(label): expected a decline, got \(String(describing: form.failure))")
        continue
      }
      let shown = DeclineOracle.shown(code)
      let (step, hint) = DeclineOracle.next(code, advice: advice)
      #expect(decline.reason.rawValue == shown.reason, "\(label)")
      #expect(decline.notice.title == shown.title, "\(label)")
      #expect(decline.notice.message == shown.message, "\(label)")
      #expect(decline.nextStep == step, "\(label)")
      #expect(decline.notice.hint == hint, "\(label)")
      if case .check(let field) = step {
        #expect(decline.field == field, "\(label)")
      } else {
        #expect(decline.field == nil, "\(label)")
      }
    }
  }

  @Test("an unknown code is a generic decline, and keeps its code for the developer log")
  func unknownCode() {
    let decline = CardDecline(code: "card_velocity_exceeded", adviceCode: nil)

    #expect(decline.reason == .genericDecline)
    #expect(decline.code == "card_velocity_exceeded")
  }

  @Test("the sensitive four are known as such, and no other reason is")
  func sensitive() {
    #expect(
      Set(CardDecline.Reason.allCases.filter(\.isSensitive).map(\.rawValue))
        == ["fraudulent", "lost_card", "stolen_card", "merchant_blacklist"])
  }
}
