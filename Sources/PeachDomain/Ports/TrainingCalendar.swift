import Foundation

/// The calendar a history is read in: the local days, weeks and months the progress timeline
/// groups answers into, and the local time a page shows for an answer.
///
/// A port so that the timeline does not need Foundation's `Calendar`, whose time zone and locale
/// data (ICU) cost a small program several megabytes; the programs inject the system's calendar
/// (`SystemCalendar`), tests a fixed one.
public protocol TrainingCalendar: Sendable {
    /// The period of `size` that contains `time`: from its first moment up to the next period's.
    func interval(of size: CalendarPeriod, containing time: Date) -> DateInterval
    /// The wall-clock time at `time`.
    func localTime(of time: Date) -> LocalTime
}

/// The calendar periods of the timeline. Weeks start on Monday (ISO 8601), as they did when the
/// timeline used Foundation's calendar, whose locale on Linux is `en_001`.
public enum CalendarPeriod: Sendable, CaseIterable {
    case day, week, month
}
