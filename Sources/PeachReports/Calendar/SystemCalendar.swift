#if canImport(Glibc)
import Glibc
#endif
import Foundation
import PeachDomain

/// The system's local calendar, read through the C library: the time zone of `TZ`, else
/// `/etc/localtime` (the zone Foundation's `TimeZone.current` names), weeks from Monday.
///
/// Instead of Foundation's `Calendar`, whose first use loads ICU's zone and locale data: several
/// megabytes of a dashboard that should fit in 30.
public struct SystemCalendar: TrainingCalendar {
    private let clock: LocalClock

    public init() {
        self.init(clock: .system)
    }

    init(clock: LocalClock) {
        self.clock = clock
    }

    public func interval(of size: CalendarPeriod, containing time: Date) -> DateInterval {
        let local = clock.local(Self.wholeSeconds(time))
        let first: CalendarDay, next: CalendarDay
        switch size {
        case .day:
            (first, next) = (local.date, local.date.adding(days: 1))
        case .week:
            first = local.date.adding(days: 1 - local.weekday)
            next = first.adding(days: 7)
        case .month:
            first = CalendarDay(year: local.year, month: local.month, day: 1)
            next = first.nextMonth
        }
        let start = firstMoment(of: first)
        let end = firstMoment(of: next)
        return DateInterval(start: Date(timeIntervalSince1970: Double(start)), end: Date(timeIntervalSince1970: Double(end)))
    }

    public func localTime(of time: Date) -> LocalTime {
        clock.local(Self.wholeSeconds(time))
    }

    /// Seconds since 1970, within the years 1 to 9999: a history another program wrote may hold
    /// any number (1e300, NaN), which must read as a date far off rather than stop the reader.
    static func wholeSeconds(_ time: Date) -> Int {
        let seconds = time.timeIntervalSince1970
        guard !seconds.isNaN else { return 0 }
        return Int(min(max(seconds, -62_135_596_800), 253_402_300_799).rounded(.down))
    }

    /// The first second of `day`: where the local date turns to it. Usually midnight, which
    /// `mktime` finds; where a clock change skips midnight (or repeats it) the turn is searched,
    /// from midnight in UTC when `mktime` fails (no zone is more than 14 hours off it). The search
    /// assumes the date never goes back; it did where clocks fell back from 00:01 to 23:01 (St.
    /// John's, 1987–2010), so there an answer in the day's first minute falls in the day before's
    /// bucket.
    private func firstMoment(of day: CalendarDay) -> Int {
        let guess = clock.midnight(day) ?? day.daysSince1970 * 86_400
        if clock.day(guess) >= day, clock.day(guess - 1) < day { return guess }
        // The turn lies within a day and a half of the guess (no zone moves its clock by more).
        var (before, after) = (guess - 129_600, guess + 129_600)
        while after - before > 1 {
            let middle = before + (after - before) / 2
            if clock.day(middle) >= day { after = middle } else { before = middle }
        }
        return after
    }
}
