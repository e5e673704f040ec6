import Foundation
import PeachDomain
import PeachTestSupport
import Testing
@testable import PeachReports

/// The timeline's calendar without Foundation's: the C library's local time, checked against
/// Foundation's Gregorian calendar (weeks from Monday) as the oracle.
@Suite("system calendar")
struct SystemCalendarTests {
    static let periods = CalendarPeriod.allCases

    static func expectAgreement(_ calendar: SystemCalendar, _ oracle: Calendar, at time: Date, _ label: String) {
        for period in periods {
            #expect(calendar.interval(of: period, containing: time) == oracle.interval(of: period, containing: time),
                    "\(period) around \(time) \(label)")
        }
        #expect(calendar.localTime(of: time) == oracle.localTime(of: time), "\(time) \(label)")
    }

    /// `count` whole-second times from 1970 to 2100, the same for a seed.
    static func randomTimes(_ count: Int, seed: UInt64) -> [Date] {
        var generator = SeededRandomGenerator(seed: seed)
        return (0..<count).map { _ in
            Date(timeIntervalSince1970: Double.random(in: 0...4_102_444_800, using: &generator).rounded(.down))
        }
    }

    /// The calendar with `zone`'s rules through Foundation (see `clock`), midnights resolved exactly.
    static func calendar(in zone: String) throws -> SystemCalendar {
        SystemCalendar(clock: clock(try #require(TimeZone(identifier: zone)), resolution: 0))
    }

    @Test("days, weeks, months and wall-clock times are Foundation's in this machine's zone")
    func agreesInTheLocalZone() {
        let oracle = gregorianCalendar(in: TimeZone.current)
        for time in Self.randomTimes(3000, seed: 11) {
            Self.expectAgreement(SystemCalendar(), oracle, at: time, TimeZone.current.identifier)
        }
    }

    /// A zone's rules through Foundation, as `localtime_r` and `mktime` would give them, with a
    /// `mktime` that resolves a midnight that never was (or was twice) `resolution` seconds off.
    static func clock(_ zone: TimeZone, resolution: Int) -> LocalClock {
        let oracle = gregorianCalendar(in: zone)
        return LocalClock(
            local: { oracle.localTime(of: Date(timeIntervalSince1970: Double($0))) },
            midnight: { day in
                let components = DateComponents(year: day.year, month: day.month, day: day.day, hour: 0)
                guard let date = oracle.date(from: components) else { return nil }
                let seconds = Int(date.timeIntervalSince1970)
                let shown = oracle.localTime(of: date)
                return shown.hour == 0 && shown.minute == 0 ? seconds : seconds + resolution
            })
    }

    /// Zones whose clocks change at midnight (the day starts at 01:00, or 23:00 comes twice) or
    /// by half an hour.
    @Test("a day starts where its date begins when a clock change skips or repeats midnight", arguments: [
        ("America/Sao_Paulo", "2018-11-04T12:00:00Z"), ("America/Sao_Paulo", "2019-02-17T12:00:00Z"),
        ("America/Santiago", "2022-09-11T12:00:00Z"), ("America/Santiago", "2023-04-02T12:00:00Z"),
        ("America/Havana", "2023-03-12T12:00:00Z"), ("Asia/Beirut", "2023-03-26T12:00:00Z"),
        ("Australia/Lord_Howe", "2023-10-01T12:00:00Z"),
        ("Asia/Kathmandu", "1986-01-01T12:00:00Z"),
    ])
    func clockChanges(_ zone: String, _ around: String) throws {
        let timeZone = try #require(TimeZone(identifier: zone))
        let oracle = gregorianCalendar(in: timeZone)
        let middle = try #require(ISO8601DateFormatter().date(from: around))
        for resolution in [-3600, 0, 3600] {
            let calendar = SystemCalendar(clock: Self.clock(timeZone, resolution: resolution))
            for quarterHour in -4 * 24 * 4...4 * 24 * 4 {
                Self.expectAgreement(calendar, oracle, at: middle.addingTimeInterval(Double(quarterHour) * 900), zone)
            }
        }
    }

    @Test("without mktime's answer the day is found from midnight in UTC", arguments: ["Pacific/Kiritimati", "Pacific/Pago_Pago", "Asia/Kathmandu"])
    func withoutMidnight(_ zone: String) throws {
        let timeZone = try #require(TimeZone(identifier: zone))
        let oracle = gregorianCalendar(in: timeZone)
        let foundation = Self.clock(timeZone, resolution: 0)
        let calendar = SystemCalendar(clock: LocalClock(local: foundation.local, midnight: { _ in nil }))
        for time in Self.randomTimes(300, seed: 17) {
            Self.expectAgreement(calendar, oracle, at: time, zone)
        }
    }

    @Test("weeks start on Monday and months on the first")
    func weekAndMonth() throws {
        let calendar = try Self.calendar(in: "Europe/Berlin")
        let time = try #require(ISO8601DateFormatter().date(from: "2026-11-25T12:00:00Z"))
        let week = calendar.interval(of: .week, containing: time)
        #expect(calendar.localTime(of: week.start) == LocalTime(year: 2026, month: 11, day: 23, weekday: 1, hour: 0, minute: 0, second: 0))
        #expect(week.duration == 7 * 86400)
        let month = calendar.interval(of: .month, containing: time)
        #expect(calendar.localTime(of: month.start).date == CalendarDay(year: 2026, month: 11, day: 1))
        #expect(calendar.localTime(of: month.end).date == CalendarDay(year: 2026, month: 12, day: 1))
    }

    /// Samoa skipped 30 December 2011. Foundation's week then runs to Tuesday 3 January (seven days
    /// counted from the Monday); the calendar's runs to Monday 2 January, six days later.
    @Test("a week without a day ends on the next Monday")
    func skippedDay() throws {
        let calendar = try Self.calendar(in: "Pacific/Apia")
        let saturday = try #require(ISO8601DateFormatter().date(from: "2011-12-31T12:00:00+14:00"))
        let week = calendar.interval(of: .week, containing: saturday)
        #expect(calendar.localTime(of: week.start) == LocalTime(year: 2011, month: 12, day: 26, weekday: 1, hour: 0, minute: 0, second: 0))
        #expect(calendar.localTime(of: week.end) == LocalTime(year: 2012, month: 1, day: 2, weekday: 1, hour: 0, minute: 0, second: 0))
        #expect(week.duration == 6 * 86400)
        // A day before Saturday noon is Thursday noon: the clock jumped 24 hours.
        let thursday = calendar.interval(of: .day, containing: saturday.addingTimeInterval(-86400))
        #expect(calendar.localTime(of: thursday.end).date == CalendarDay(year: 2011, month: 12, day: 31))
    }

    /// A history another program wrote may hold any time; reading it must not stop the reader.
    @Test("a time far outside the calendar (1e300, −1e300, NaN, ±infinity) reads as the years 1 to 9999, never traps",
          arguments: [1e300, -1e300, .nan, .infinity, -.infinity, 1e15])
    func timesFarOff(seconds: Double) {
        let time = Date(timeIntervalSince1970: seconds)
        let calendar = SystemCalendar()
        let local = calendar.localTime(of: time)
        for period in Self.periods {
            let interval = calendar.interval(of: period, containing: time)
            #expect(interval.duration > 0, "\(period) around \(seconds)")
        }
        let year = local.date.year
        #expect(seconds.isNaN ? year == 1970 || year == 1969 : (seconds > 0 ? year >= 9999 : year <= 1), "year \(year) for \(seconds)")
    }
}
