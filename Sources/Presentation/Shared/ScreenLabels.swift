import Domain
import Foundation

/// The words a view draws around the states, in the user's language: the screens' titles,
/// the form's labels, the buttons and the progress lines. The states carry what depends
/// on the outcome; these never do.
public struct ScreenLabels: Sendable {
  /// The locale the labels were made for, for whatever else the view formats.
  public let locale: Locale
  private let words: Phrasebook

  public init(locale: Locale, words source: Phrasebook.Source = .presentation) {
    self.locale = locale
    words = .presentation(locale, from: source)
  }

  /// The language the labels are in: "en", "de".
  public var languageCode: String { words.languageCode }

  public var paymentMethodsTitle: String { words["screen.paymentMethods.title"] }
  public var walletTitle: String { words["screen.wallet.title"] }
  public var addCardTitle: String { words["screen.addCard.title"] }
  /// The new-expiry form's title: "New expiry for Mastercard •••• 4444".
  public func updateCardTitle(_ cardTitle: String) -> String {
    words["screen.updateCard.title", cardTitle]
  }
  /// While a screen loads.
  public var loading: String { words["screen.loading"] }
  /// While a list that is shown loads again.
  public var refreshing: String { words["screen.refreshing"] }
  /// While the form is sent.
  public var saving: String { words["screen.saving"] }
  /// The mark on the user's default way to pay.
  public var defaultMark: String { words["row.default"] }

  /// What a row says while a change to it is on its way.
  public func progress(_ write: PaymentMethodRow.Write) -> String {
    switch write {
    case .removing: words["row.removing"]
    case .makingDefault: words["row.makingDefault"]
    case .waitingToMakeDefault: words["row.waitingToMakeDefault"]
    }
  }

  /// What a screen reader reads after a row's label while a change to it is on its way: the
  /// same words, going on after a comma in lower case ("…, selected, removing…").
  public func spokenProgress(_ write: PaymentMethodRow.Write) -> String {
    switch write {
    case .removing: words["a11y.row.removing"]
    case .makingDefault: words["a11y.row.makingDefault"]
    case .waitingToMakeDefault: words["a11y.row.waitingToMakeDefault"]
    }
  }

  /// How long a wait has lasted, of the longest it lasts: "0:12 of 2:00".
  public func timeWaited(_ waited: Duration, of budget: Duration) -> String {
    words["wait.timeOf", timeWaited(waited), timeWaited(budget)]
  }

  /// How long a wait has lasted: "0:03", whole minutes and seconds, as a clock shows them
  /// in the user's locale.
  public func timeWaited(_ waited: Duration) -> String {
    let seconds = Duration.seconds(max(0, waited.components.seconds))
    return seconds.formatted(.time(pattern: .minuteSecond).locale(locale))
  }

  /// The button of an error that trying again can help.
  public var tryAgain: String { words["button.tryAgain"] }
  /// The form's button when saving found the session over.
  public var signInAndSave: String { words["button.signInAndSave"] }
  /// Above the form's problems, when a submission stopped on them.
  public var checkDetails: String { words["addCard.checkDetails"] }

  /// A card just saved: "Saved: Visa •••• 4242".
  public func saved(_ title: String, alreadySaved: Bool) -> String {
    alreadySaved ? words["addCard.alreadySaved", title] : words["addCard.saved", title]
  }

  /// The heading of a source's section of the list.
  public func heading(_ source: PaymentSource) -> String {
    switch source {
    case .wallet: words["section.wallet"]
    case .cards: words["section.cards"]
    case .applePay: words["section.applePay"]
    }
  }

  /// `error` with another hint, and read aloud with it: for a view that says the way on in
  /// its own words, such as a command line, which has no form to keep the user's input in.
  public func error(_ error: PresentationError, withHint hint: String) -> PresentationError {
    PresentationError(
      title: error.title, message: error.message, hint: hint, category: error.category,
      recovery: error.recovery, traceID: error.traceID, words: words)
  }

  /// A field's label on the form.
  public func label(_ field: CardField) -> String {
    switch field {
    case .number: words["field.number"]
    case .expiry: words["field.expiry"]
    case .securityCode: words["field.cvc"]
    case .name: words["field.name"]
    }
  }
}
