import Domain
import Foundation

/// One row of the payment-methods list, ready to draw: no formatting is left to the view.
public struct PaymentMethodRow: Sendable, Equatable, Identifiable {
  public enum Kind: String, Sendable, Equatable, CaseIterable {
    case wallet
    case card
    case applePay
  }

  /// A change to the row that the backend has not answered yet: the row says so, and takes
  /// no other change meanwhile.
  public enum Write: String, Sendable, Equatable {
    case removing
    case makingDefault
    /// Made the default after an earlier choice of default that has not ended yet: sent
    /// once it has (`SubjectTurns`), so that it is never undone by the earlier one.
    case waitingToMakeDefault
  }

  public var id: String
  public var kind: Kind
  public var title: String
  /// The title as a screen reader reads it: "Visa ending in 4242", not its dots.
  public var spokenTitle: String
  public var subtitle: String
  /// False for a method that is shown but cannot pay, such as an expired card.
  public var isSelectable: Bool
  public var isSelected: Bool
  /// The user's default way to pay, as the backend says.
  public var isDefault: Bool
  /// An expired card, which a new expiry would let pay again.
  public var needsNewExpiry: Bool
  /// A change on its way to the backend, if any.
  public var write: Write?
  /// For a row shown from the local copy, because its source could not load: "Saved · may
  /// be out of date". Nil for a row its source has just loaded.
  public var localCopyHint: String?
  /// The row comes from the local copy and may be out of date; its source's notice says as
  /// of when. It can still be selected, if it can pay.
  public var isFromLocalCopy: Bool { localCopyHint != nil }
  /// The row as a screen reader reads it: "Visa ending in 4242, expires August 2028",
  /// and "…, selected" once it is.
  public var accessibilityLabel: String { isSelected ? spokenSelected : spoken }

  private var spoken: String
  private var spokenSelected: String

  /// - Parameters:
  ///   - spokenTitle: by default, the title.
  ///   - accessibilityLabel: by default, the title and the subtitle.
  ///   - selectedAccessibilityLabel: the label once the row is selected; by default the
  ///     same.
  public init(
    id: String, kind: Kind, title: String, subtitle: String, isSelectable: Bool,
    isSelected: Bool = false, isDefault: Bool = false, needsNewExpiry: Bool = false,
    spokenTitle: String? = nil, accessibilityLabel: String? = nil,
    selectedAccessibilityLabel: String? = nil
  ) {
    self.id = id
    self.kind = kind
    self.title = title
    self.spokenTitle = spokenTitle ?? title
    self.subtitle = subtitle
    self.isSelectable = isSelectable
    self.isSelected = isSelected
    self.isDefault = isDefault
    self.needsNewExpiry = needsNewExpiry
    self.spoken = accessibilityLabel ?? [title, subtitle].joined(separator: ", ")
    self.spokenSelected = selectedAccessibilityLabel ?? spoken
  }

  /// - Parameter isFromLocalCopy: the row is shown from the local copy: it says so, and so does its
  ///   label.
  init(_ method: PaymentMethod, words: Phrasebook, locale: Locale, isFromLocalCopy: Bool = false) {
    let title: String
    var spokenTitle: String?
    let subtitle: String
    let spoken: String
    switch method {
    case .wallet(let wallet):
      // What can be spent, so the row never offers a fraction of a cent as "€0.00".
      let balance = wallet.spendableBalance.formattedAmount(
        currency: wallet.currency, locale: locale)
      title = words["row.wallet.title"]
      subtitle = words["row.wallet.subtitle", balance]
      spoken = words["a11y.row.wallet", balance]
    case .card(let card):
      title = words["row.card.title", card.brand, card.lastFour]
      spokenTitle = words["a11y.title.card", card.brand, card.lastFour]
      let month = words.spelledOut(card.expiry)
      if let decline = card.decline {
        // The app's words for the reason, never the issuer's own (TheirWords.swift): the
        // view model logs those.
        let reason = words.sentence(for: decline.reason)
        subtitle = words["row.card.declined", reason]
        spoken = words["a11y.row.card.declined", card.brand, card.lastFour, reason]
      } else if card.canPay {
        subtitle = words["row.card.expires", card.expiry.description]
        spoken = words["a11y.row.card", card.brand, card.lastFour, month]
      } else {
        subtitle = words["row.card.expired", card.expiry.description]
        spoken = words["a11y.row.card.expired", card.brand, card.lastFour, month]
      }
    case .applePay(let applePay):
      title = words["row.applePay.title"]
      switch applePay.status {
      case .available:
        subtitle = words["row.applePay.ready"]
        spoken = words["a11y.row.applePay.ready"]
      case .needsSetup:
        subtitle = words["row.applePay.needsSetup"]
        spoken = words["a11y.row.applePay.needsSetup"]
      }
    }
    let isDefault = method.isDefault
    var label = isDefault ? words["a11y.row.default", spoken] : spoken
    if isFromLocalCopy { label = words["a11y.row.fromLocalCopy", label] }
    var needsNewExpiry = false
    if case .card(let card) = method { needsNewExpiry = card.takesNewExpiry }
    self.init(
      id: method.id, kind: Kind(method), title: title, subtitle: subtitle,
      isSelectable: method.canPay, isDefault: isDefault, needsNewExpiry: needsNewExpiry,
      spokenTitle: spokenTitle, accessibilityLabel: label,
      selectedAccessibilityLabel: words["a11y.row.selected", label])
    if isFromLocalCopy { localCopyHint = words["row.fromLocalCopy"] }
  }
}

extension PaymentMethodRow.Kind {
  init(_ method: PaymentMethod) {
    switch method {
    case .wallet: self = .wallet
    case .card: self = .card
    case .applePay: self = .applePay
    }
  }
}

extension PaymentMethod {
  /// The user's default way to pay, as the backend says: a card or the wallet, never Apple
  /// Pay, which is the device's.
  var isDefault: Bool {
    switch self {
    case .card(let card): card.isDefault
    case .wallet(let wallet): wallet.isDefault
    case .applePay: false
    }
  }

  /// Whether the row can be selected to pay: every wallet and Apple Pay row shown can; a
  /// card only while active and accepted by its issuer.
  fileprivate var canPay: Bool {
    if case .card(let card) = self { return card.canPay }
    return true
  }
}

extension Phrasebook {
  /// The issuer's reason for refusing a card, in the app's words.
  fileprivate func sentence(for reason: IssuerDecline.Reason) -> String {
    switch reason {
    case .blocked: self["row.card.declined.blocked"]
    case .expired: self["row.card.declined.expired"]
    }
  }
}

extension Phrasebook {
  /// The month and year of an expiry written out for a screen reader: "August 2028". From
  /// the table, like every word, rather than from the calendar's formatter, which would
  /// load the locale's calendar data for one word.
  fileprivate func spelledOut(_ expiry: CardExpiry) -> String {
    let month =
      switch expiry.month {
      case 1: self["month.1"]
      case 2: self["month.2"]
      case 3: self["month.3"]
      case 4: self["month.4"]
      case 5: self["month.5"]
      case 6: self["month.6"]
      case 7: self["month.7"]
      case 8: self["month.8"]
      case 9: self["month.9"]
      case 10: self["month.10"]
      case 11: self["month.11"]
      default: self["month.12"]
      }
    return self["a11y.monthYear", month, String(expiry.year)]
  }
}
