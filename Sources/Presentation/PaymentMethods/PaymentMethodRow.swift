import Domain
import Foundation

/// One row of the payment-methods list, ready to draw: no formatting is left to the view.
public struct PaymentMethodRow: Sendable, Equatable, Identifiable {
  public enum Kind: String, Sendable, Equatable, CaseIterable {
    case wallet
    case card
    case applePay
  }

  public var id: String
  public var kind: Kind
  public var title: String
  public var subtitle: String
  /// False for a method that is shown but cannot pay, such as an expired card.
  public var isSelectable: Bool
  public var isSelected: Bool

  public init(
    id: String, kind: Kind, title: String, subtitle: String, isSelectable: Bool,
    isSelected: Bool = false
  ) {
    self.id = id
    self.kind = kind
    self.title = title
    self.subtitle = subtitle
    self.isSelectable = isSelectable
    self.isSelected = isSelected
  }

  init(_ method: PaymentMethod, locale: Locale) {
    switch method {
    case .wallet(let wallet):
      // What can be spent, so the row never offers a fraction of a cent as "€0.00".
      let balance = wallet.spendableBalance.formattedAmount(
        currency: wallet.currency, locale: locale)
      self.init(
        id: method.id, kind: .wallet, title: "Wallet", subtitle: "Balance \(balance)",
        isSelectable: true)
    case .card(let card):
      let subtitle =
        if let rejection = card.rejection {
          "Declined by the issuer: \(rejection.message ?? rejection.reason.rawValue)"
        } else if card.canPay {
          "Expires \(card.expiry)"
        } else {
          "Expired \(card.expiry) · update it to pay"
        }
      self.init(
        id: method.id, kind: .card, title: "\(card.brand) •••• \(card.lastFour)",
        subtitle: subtitle, isSelectable: card.canPay)
    case .applePay(let applePay):
      let subtitle =
        switch applePay.status {
        case .available: "Ready to use"
        case .needsSetup: "Needs setup · you will be asked to add a card"
        }
      self.init(
        id: method.id, kind: .applePay, title: "Apple Pay", subtitle: subtitle,
        isSelectable: true)
    }
  }
}
