import Domain

/// What the device says about paying with Apple Pay: a stand-in for PassKit's
/// `PKPaymentAuthorizationController.canMakePayments()` and `canMakePayments(usingNetworks:)`.
public protocol ApplePayDevice: Sendable {
  func paymentSupport(forNetworks networks: [String]) async throws -> ApplePayDeviceSupport
}

public struct ApplePayDeviceSupport: Sendable, Equatable {
  /// The device can pay with Apple Pay at all.
  public var canMakePayments: Bool
  /// Wallet holds a card on one of the networks asked about.
  public var hasCardForNetworks: Bool

  public init(canMakePayments: Bool, hasCardForNetworks: Bool) {
    self.canMakePayments = canMakePayments
    self.hasCardForNetworks = hasCardForNetworks
  }
}

/// Apple Pay, as this device supports it. Maps the device's answers to `ApplePay` and
/// `ApplePayServiceError`.
public struct DeviceApplePayService: ApplePayService {
  public static let supportedNetworks = ["visa", "masterCard", "amex"]

  private let device: any ApplePayDevice

  public init(device: any ApplePayDevice) {
    self.device = device
  }

  public func fetchApplePay() async throws -> ApplePay {
    let support = try await device.paymentSupport(forNetworks: Self.supportedNetworks)
    guard support.canMakePayments else { throw ApplePayServiceError.serviceNotAvailable }
    return ApplePay(status: support.hasCardForNetworks ? .available : .needsSetup)
  }
}
