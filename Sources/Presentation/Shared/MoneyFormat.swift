import Foundation

extension Decimal {
  /// "€125.50": an amount in its currency, for the given locale.
  func formattedAmount(currency: String, locale: Locale) -> String {
    formatted(.currency(code: currency).locale(locale))
  }
}
