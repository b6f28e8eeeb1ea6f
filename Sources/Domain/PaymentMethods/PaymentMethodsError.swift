/// The payment-methods use case's business errors: the two ways it can end without a list.
public enum PaymentMethodsError: Error, Sendable {
  /// Every source answered, and none had a method the user can see: the empty state.
  case noPaymentMethodsFound
  /// Nothing can be shown and at least one source failed, so "you have no payment methods"
  /// would be a lie. Carries every failure, in source order.
  case couldNotLoad([SourceFailure])
}
