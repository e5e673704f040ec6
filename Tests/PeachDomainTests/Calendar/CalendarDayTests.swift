import Foundation
import PeachTestSupport
import Testing
@testable import PeachDomain

@Suite("Calendar day")
struct CalendarDayTests {
    @Test("the day arithmetic agrees with Foundation's Gregorian calendar from 1600 to 9900 (Foundation turns Julian before 1582)")
    func agreesWithFoundation() {
        let calendar = gregorianCalendar(in: TimeZone(identifier: "UTC")!)
        var generator = SeededRandomGenerator(seed: 8)
        for _ in 0..<2000 {
            let days = Int.random(in: -135_000...2_900_000, using: &generator)
            let date = Date(timeIntervalSince1970: TimeInterval(days) * 86_400)
            let parts = calendar.dateComponents([.year, .month, .day], from: date)
            let day = CalendarDay(daysSince1970: days)
            #expect(day == CalendarDay(year: parts.year!, month: parts.month!, day: parts.day!))
            #expect(day.daysSince1970 == days)
            #expect(day.isValid)
            #expect(day.adding(days: 40).daysSince1970 == days + 40)
            let next = day.nextMonth
            #expect(next.day == 1 && next > day && next.adding(days: -1).month == day.month)
        }
    }

    @Test("days that do not exist are not valid", arguments: [(2026, 2, 29), (2100, 2, 29), (2026, 4, 31), (2026, 13, 1), (2026, 1, 0)])
    func invalid(_ date: (Int, Int, Int)) {
        #expect(!CalendarDay(year: date.0, month: date.1, day: date.2).isValid)
    }

    @Test("leap days are valid", arguments: [2000, 2024, 1600])
    func leapDay(_ year: Int) {
        #expect(CalendarDay(year: year, month: 2, day: 29).isValid)
    }

    @Test("a local time writes its date and time with padded fields")
    func dateAndTime() {
        let time = LocalTime(year: 2026, month: 3, day: 5, weekday: 4, hour: 7, minute: 3, second: 9)
        #expect(time.dateAndTime == "2026-03-05 07:03:09")
        #expect(time.hourAndMinute == "07:03")
        #expect(time.date == CalendarDay(year: 2026, month: 3, day: 5))
    }
}
