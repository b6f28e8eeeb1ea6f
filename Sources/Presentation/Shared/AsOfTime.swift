import Foundation

/// When copied rows were loaded, said in the user's locale and time zone: the time of day
/// ("10:42", "10:42 AM"), with the day when it was before today ("Sep 21 at 10:42 AM",
/// "21. Sept., 10:42"); and how long ago ("2 hours ago", "vor 2 Stunden", "yesterday").
struct AsOfTime {
  let locale: Locale
  let calendar: Calendar
  let words: Phrasebook

  init(locale: Locale, timeZone: TimeZone, words: Phrasebook) {
    var calendar = locale.calendar
    calendar.timeZone = timeZone
    calendar.locale = locale
    self.locale = locale
    self.calendar = calendar
    self.words = words
  }

  /// The time of day `date` was loaded, with its day unless that is today.
  func absolute(_ date: Date, now: Date) -> String {
    let format = Date.FormatStyle(locale: locale, calendar: calendar, timeZone: calendar.timeZone)
    return calendar.isDate(date, inSameDayAs: now)
      ? date.formatted(format.hour().minute())
      : date.formatted(format.day().month(.abbreviated).hour().minute())
  }

  /// How long before `now` `date` was loaded; under a minute, "a moment ago", rather than
  /// the seconds counted.
  func relative(_ date: Date, now: Date) -> String {
    let age = now.timeIntervalSince(date)
    if age >= 0, age < 60 { return words["localCopy.justNow"] }
    #if canImport(Darwin)
      guard #available(macOS 15, iOS 18, *) else {
        let formatter = RelativeDateTimeFormatter()
        formatter.locale = locale
        formatter.calendar = calendar
        formatter.dateTimeStyle = .named
        formatter.unitsStyle = .full
        return formatter.localizedString(for: date, relativeTo: now)
      }
    #endif
    return now.formatted(
      Date.AnchoredRelativeFormatStyle(
        anchor: date, presentation: .named, unitsStyle: .wide, locale: locale,
        calendar: calendar))
  }
}
