/// One way the user can pay on the payment-method selection screen.
public enum PaymentMethod: Sendable, Equatable, Identifiable {
  case wallet(Wallet)
  case card(PaymentCard)
  case applePay(ApplePay)

  /// Stable across loads, so a selection survives a reload.
  public var id: String {
    switch self {
    case .wallet: "wallet"
    case .card(let card): "card-\(card.id)"
    case .applePay: "apple-pay"
    }
  }
}
