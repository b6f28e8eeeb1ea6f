/// Apple Pay as a way to pay: present on this device, and either ready or waiting for setup.
public struct ApplePay: Sendable, Equatable {
  public enum Status: String, Sendable, Equatable {
    case available
    /// The device supports Apple Pay but has no card in Wallet the merchant accepts.
    case needsSetup
  }

  public var status: Status

  public init(status: Status) {
    self.status = status
  }
}
