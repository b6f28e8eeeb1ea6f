import Foundation

/// How long what the app keeps on the device may be used: a local copy, shown while its
/// source cannot load, and a pending change, sent again. One pure rule for both, with one
/// maximum age and one edge (after essential-feed's `FeedCachePolicy`).
public enum FreshnessPolicy {
  /// A day: how long the backend keeps an idempotency key, so how long a change may wait,
  /// and how long a local copy is worth showing.
  public static let maximumAge = Duration.seconds(24 * 60 * 60)

  /// How a date stands against the clock.
  public enum Age: Sendable, Equatable {
    case fresh
    /// `maximumAge` old, or older.
    case tooOld
    /// Dated further ahead than the tolerance: a clock went backwards, and its age cannot
    /// be known.
    case fromTheFuture
  }

  /// How `date` stands at `now`: fresh while younger than `maximumAge`, and dated at most
  /// `tolerance` ahead.
  public static func age(of date: Date, now: Date, tolerance: Duration = .zero) -> Age {
    let age = now.timeIntervalSince(date)
    if age < -seconds(tolerance) { return .fromTheFuture }
    // Not `age >= limit`: an age that is not a number is not young either.
    return age < seconds(maximumAge) ? .fresh : .tooOld
  }

  private static func seconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) + Double(attoseconds) / 1e18
  }
}
