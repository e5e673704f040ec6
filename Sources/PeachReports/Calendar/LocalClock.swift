#if canImport(Glibc)
import Glibc
#endif
import PeachDomain

/// Seconds since 1970 to wall-clock time and back: the C library's `localtime_r` and `mktime` for
/// the system, another zone's rules in a test.
struct LocalClock: Sendable {
    /// The wall-clock time at `seconds` since 1970.
    let local: @Sendable (Int) -> LocalTime
    /// The moment the wall clock shows 00:00:00 on `day`, or a moment near it where it never does.
    let midnight: @Sendable (CalendarDay) -> Int?

    func day(_ seconds: Int) -> CalendarDay {
        local(seconds).date
    }

    static let system = LocalClock(
        local: { seconds in
            var time = time_t(seconds)
            var parts = tm()
            localtime_r(&time, &parts)
            return LocalTime(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday),
                             weekday: parts.tm_wday == 0 ? 7 : Int(parts.tm_wday),
                             hour: Int(parts.tm_hour), minute: Int(parts.tm_min), second: Int(parts.tm_sec))
        },
        midnight: { day in
            var parts = tm()
            parts.tm_year = Int32(day.year - 1900)
            parts.tm_mon = Int32(day.month - 1)
            parts.tm_mday = Int32(day.day)
            parts.tm_isdst = -1
            let seconds = mktime(&parts)
            return seconds == -1 ? nil : Int(seconds)
        })
}
