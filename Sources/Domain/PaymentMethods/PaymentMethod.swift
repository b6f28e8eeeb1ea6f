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

/// One load of the payment-methods screen: the methods found, in screen order, and the
/// sources that failed while the others could still be shown. A failed source is not
/// an empty one: "your cards couldn't load" is not "you have no cards".
public struct PaymentMethodList: Sendable {
  public var methods: [PaymentMethod]
  /// In source order; never one with a journey (that is thrown).
  public var failures: [SourceFailure]

  public init(methods: [PaymentMethod], failures: [SourceFailure] = []) {
    self.methods = methods
    self.failures = failures
  }
}
