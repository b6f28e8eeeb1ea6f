import Foundation

/// Reads a `Retry-After` header: a number of seconds ("120") or an HTTP date
/// ("Wed, 21 Oct 2026 07:28:00 GMT"), which is measured from `now`. A date in the past
/// means "now"; anything unreadable means the header is ignored.
enum RetryAfter {
  static func parse(_ value: String, now: Date) -> Duration? {
    let text = value.trimmingCharacters(in: .whitespaces)
    if let seconds = Int(text) {
      return seconds >= 0 ? .seconds(seconds) : nil
    }
    guard let date = httpDateFormatter().date(from: text) else { return nil }
    let seconds = max(0, date.timeIntervalSince(now))
    return .milliseconds(Int((seconds * 1000).rounded()))
  }

  /// A new formatter per call: the header is rare, and a shared DateFormatter is not Sendable.
  private static func httpDateFormatter() -> DateFormatter {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
    return formatter
  }
}
