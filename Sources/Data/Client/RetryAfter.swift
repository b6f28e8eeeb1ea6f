import Foundation

/// Reads a `Retry-After` header: a number of seconds ("120") or an HTTP date
/// ("Wed, 21 Oct 2026 07:28:00 GMT"), which is measured from `now`.
///
/// The header comes from outside, so no value can trap: every wait is capped at `longest`,
/// which is far beyond any retry budget. A larger number therefore still means "longer
/// than the budget", never "unreadable" (which would let the client retry sooner).
public enum RetryAfter {
  /// About 31 years: the longest wait represented. Anything longer reads as this.
  public static let longest: Duration = .seconds(longestSeconds)
  private static let longestSeconds: Int64 = 1_000_000_000

  /// The wait the header asks for; nil when the header is neither form. A date in the past
  /// means "now".
  public static func parse(_ value: String, now: Date) -> Duration? {
    let text = value.trimmingCharacters(in: .whitespaces)
    if !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
    {
      // Whole seconds, of any length: more digits than the cap has is simply the cap.
      guard text.utf8.count <= 10, let seconds = Int64(text) else { return longest }
      return .seconds(min(seconds, longestSeconds))
    }
    guard let date = httpDateFormatter().date(from: text) else { return nil }
    let seconds = date.timeIntervalSince(now)
    guard seconds.isFinite else { return nil }
    // Clamped before converting, so the conversion to an integer cannot overflow.
    let clamped = min(max(0, seconds), Double(longestSeconds))
    return .milliseconds(Int64((clamped * 1000).rounded()))
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
