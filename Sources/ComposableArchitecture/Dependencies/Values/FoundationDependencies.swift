import Foundation

private enum CalendarKey: DependencyKey {
  typealias Value = Calendar
  static var liveValue: Calendar { .autoupdatingCurrent }
}

private enum LocaleKey: DependencyKey {
  typealias Value = Locale
  static var liveValue: Locale { .autoupdatingCurrent }
}

private enum TimeZoneKey: DependencyKey {
  typealias Value = TimeZone
  static var liveValue: TimeZone { .autoupdatingCurrent }
}

extension DependencyValues {
  /// The calendar dates are computed in: the user's, live; a test must set one.
  public var calendar: Calendar {
    get { self[CalendarKey.self] }
    set { self[CalendarKey.self] = newValue }
  }

  /// The locale text is formatted in: the user's, live; a test must set one.
  public var locale: Locale {
    get { self[LocaleKey.self] }
    set { self[LocaleKey.self] = newValue }
  }

  /// The time zone dates are shown in: the user's, live; a test must set one.
  public var timeZone: TimeZone {
    get { self[TimeZoneKey.self] }
    set { self[TimeZoneKey.self] = newValue }
  }
}
