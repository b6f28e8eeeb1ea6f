import Foundation

/// What the payment-methods load needs to keep and use a local copy: where it is kept,
/// whose it is, how old a part may be and still be shown, and the time now. The rules
/// themselves are `PaymentMethodsUseCase`'s; without a policy the load keeps nothing.
public struct LocalCopyPolicy: Sendable {
  public let store: any LocalCopyStore
  /// The signed-in person the list is theirs: one person never sees another's.
  public let account: String
  public let maximumAge: Duration
  /// The wall clock: when a part was saved, and how old it is.
  public let now: @Sendable () -> Date

  public init(
    store: any LocalCopyStore, account: String, maximumAge: Duration = FreshnessPolicy.maximumAge,
    now: @escaping @Sendable () -> Date
  ) {
    self.store = store
    self.account = account
    self.maximumAge = maximumAge
    self.now = now
  }

  /// Whether a part saved at `loadedAt` may be shown at `now` (`FreshnessPolicy`). A part
  /// from the future means a clock went backwards, so its age is unknown: it is not shown.
  public func isFresh(loadedAt: Date, now: Date) -> Bool {
    FreshnessPolicy.age(of: loadedAt, now: now, maximumAge: maximumAge) == .fresh
  }
}
