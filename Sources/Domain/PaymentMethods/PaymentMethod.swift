import Foundation

/// One way the user can pay on the payment-method selection screen.
public enum PaymentMethod: Sendable, Equatable, Identifiable {
  case wallet(Wallet)
  case card(PaymentCard)
  case applePay(ApplePay)

  /// Stable across loads, so a selection survives a reload.
  /// The id of the method a card of this id is: "card-1".
  public static func id(ofCard cardID: String) -> String { "card-\(cardID)" }

  public var id: String {
    switch self {
    case .wallet: "wallet"
    case .card(let card): Self.id(ofCard: card.id)
    case .applePay: "apple-pay"
    }
  }

  /// The source the method came from.
  public var source: PaymentSource {
    switch self {
    case .wallet: .wallet
    case .card: .cards
    case .applePay: .applePay
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
  /// The sources shown as copied rows (they failed; their rows are the local copy's), each
  /// as of when its copy was loaded: the screen marks those rows, and dates their notice.
  /// A source absent here is shown as it answered now.
  public var copiedAsOf: [PaymentSource: Date]

  public init(
    methods: [PaymentMethod], failures: [SourceFailure] = [],
    copiedAsOf: [PaymentSource: Date] = [:]
  ) {
    self.methods = methods
    self.failures = failures
    self.copiedAsOf = copiedAsOf
  }
}
