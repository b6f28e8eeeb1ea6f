import Domain
import Foundation

extension Phrasebook.Source {
  /// The Presentation layer's words: the tables of its resource bundle.
  public static var presentation: Self { .bundle(.module) }
}

extension Phrasebook {
  /// The Presentation layer's words, in the language of `locale` (English when there is no
  /// table for it).
  public static func presentation(_ locale: Locale, from source: Source = .presentation)
    -> Phrasebook
  {
    Phrasebook(locale: locale, source: source)
  }

  /// A notice or an error as one sentence for a screen reader: title, message and hint,
  /// then the reference to quote, where there is one. A button is not part of it: it is an
  /// element of its own, which VoiceOver reads with its trait ("Try again, button"), and the
  /// terminal's line mode names its key.
  func spoken(title: String, message: String, hint: String, traceID: String?) -> String {
    let label = self["a11y.notice", title, message, hint]
    guard let traceID else { return label }
    return self["a11y.reference", label, traceID]
  }

  func spoken(_ decision: PresentedJourney) -> String {
    spoken(
      title: decision.notice.title, message: decision.notice.message,
      hint: decision.notice.hint, traceID: decision.traceID)
  }

  /// What is wrong with a field, in words.
  func sentence(for problem: CardProblem, in field: CardField) -> String {
    switch (problem, field) {
    case (.missing, .number): self["card.number.missing"]
    case (.missing, .expiry): self["card.expiry.missing"]
    case (.missing, .securityCode): self["card.cvc.missing"]
    case (.missing, .name): self["card.name.missing"]
    case (.numberNotDigits, _): self["card.number.notDigits"]
    case (.numberLength, _): self["card.number.length"]
    case (.numberTypo, _): self["card.number.typo"]
    case (.brandNotAccepted, _): self["card.number.brand"]
    case (.expiryFormat, _): self["card.expiry.format"]
    case (.expiryMonth, _): self["card.expiry.month"]
    case (.expired, _): self["card.expiry.past"]
    case (.securityCodeFormat(.americanExpress), _): self["card.cvc.format.amex"]
    case (.securityCodeFormat, _): self["card.cvc.format"]
    case (.nameTooLong(let limit), _): self["card.name.tooLong", String(limit)]
    case (.described(let said), let field): refusal(said, of: field)
    }
  }
}
