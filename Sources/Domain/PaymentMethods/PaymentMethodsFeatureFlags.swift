/// Remote switches for the optional sources. A source that is switched off is not called.
public struct PaymentMethodsFeatureFlags: Sendable, Equatable {
  public var isWalletEnabled: Bool
  public var isApplePayEnabled: Bool

  public init(isWalletEnabled: Bool = true, isApplePayEnabled: Bool = true) {
    self.isWalletEnabled = isWalletEnabled
    self.isApplePayEnabled = isApplePayEnabled
  }

  public static let allEnabled = PaymentMethodsFeatureFlags()
}
