/// A date on the wall calendar, in the proleptic Gregorian calendar (every year by today's rules,
/// also before 1582); ordered by time. The day arithmetic is Howard Hinnant's civil-days algorithm.
public struct CalendarDay: Comparable, Hashable, Sendable {
    public let year: Int
    /// 1 = January.
    public let month: Int
    public let day: Int

    public init(year: Int, month: Int, day: Int) {
        (self.year, self.month, self.day) = (year, month, day)
    }

    /// The date `daysSince1970` days after 1970-01-01 (before it when negative).
    public init(daysSince1970 days: Int) {
        let shifted = days + 719_468
        let era = Self.floorDivide(shifted, 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// Days from 1970-01-01 to this date.
    public var daysSince1970: Int {
        let marchYear = month <= 2 ? year - 1 : year
        let era = Self.floorDivide(marchYear, 400)
        let yearOfEra = marchYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `days` later (earlier when negative).
    public func adding(days: Int) -> CalendarDay {
        CalendarDay(daysSince1970: daysSince1970 + days)
    }

    /// The first of the next month.
    public var nextMonth: CalendarDay {
        month == 12 ? CalendarDay(year: year + 1, month: 1, day: 1) : CalendarDay(year: year, month: month + 1, day: 1)
    }

    /// Whether the day exists: 1…28/29/30/31 by month and leap year.
    public var isValid: Bool {
        guard (1...12).contains(month), day >= 1 else { return false }
        switch month {
        case 2: return day <= ((year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28)
        case 4, 6, 9, 11: return day <= 30
        default: return day <= 31
        }
    }

    public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    static func floorDivide(_ value: Int, _ divisor: Int) -> Int {
        value >= 0 ? value / divisor : (value - divisor + 1) / divisor
    }
}
