/// A wall-clock date and time, in the Gregorian calendar.
public struct LocalTime: Hashable, Sendable {
    public let year: Int
    /// 1 = January.
    public let month: Int
    public let day: Int
    /// 1 = Monday … 7 = Sunday (ISO 8601).
    public let weekday: Int
    public let hour: Int
    public let minute: Int
    public let second: Int

    /// The date without the time.
    public var date: CalendarDay { CalendarDay(year: year, month: month, day: day) }

    public init(year: Int, month: Int, day: Int, weekday: Int, hour: Int, minute: Int, second: Int) {
        (self.year, self.month, self.day, self.weekday) = (year, month, day, weekday)
        (self.hour, self.minute, self.second) = (hour, minute, second)
    }

    /// `2026-03-05 14:03:07`: how a report lists an answer's time.
    public var dateAndTime: String {
        "\(Self.digits(year, 4))-\(Self.digits(month, 2))-\(Self.digits(day, 2)) "
            + "\(Self.digits(hour, 2)):\(Self.digits(minute, 2)):\(Self.digits(second, 2))"
    }

    /// `14:03`.
    public var hourAndMinute: String { "\(Self.digits(hour, 2)):\(Self.digits(minute, 2))" }

    private static func digits(_ value: Int, _ count: Int) -> String {
        let text = String(value.magnitude)
        return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, count - text.count)) + text
    }
}
