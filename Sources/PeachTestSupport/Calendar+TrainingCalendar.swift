import Foundation
import PeachDomain

/// Foundation's calendar as the timeline's, for tests: a fixed zone and week start, and the oracle
/// the system calendar is checked against.

extension Calendar: TrainingCalendar {
    public func interval(of size: CalendarPeriod, containing time: Date) -> DateInterval {
        let component: Calendar.Component = switch size {
        case .day: .day
        case .week: .weekOfYear
        case .month: .month
        }
        // invariant: the Gregorian calendar has a day, week and month around every date.
        return dateInterval(of: component, for: time)!
    }

    public func localTime(of time: Date) -> LocalTime {
        let parts = dateComponents([.year, .month, .day, .weekday, .hour, .minute, .second], from: time)
        // invariant: every component asked for is given.
        return LocalTime(year: parts.year!, month: parts.month!, day: parts.day!, weekday: (parts.weekday! + 5) % 7 + 1,
                         hour: parts.hour!, minute: parts.minute!, second: parts.second!)
    }
}

/// The Gregorian calendar in `zone` with weeks from Monday, like `SystemCalendar`.
public func gregorianCalendar(in zone: TimeZone) -> Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    calendar.firstWeekday = 2
    return calendar
}
