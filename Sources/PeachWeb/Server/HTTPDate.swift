import Foundation
import PeachDomain

/// The `Date` header of a response: `Sun, 06 Nov 1994 08:49:37 GMT` (RFC 9110's IMF-fixdate), in
/// English whatever the pages' language.
/// Written here: Foundation's `Date.HTTPFormatStyle` (SF-0016) is not in Swift 6.3.1's FoundationEssentials on Linux.
enum HTTPDate {
    static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] // not a text: HTTP's day names
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] // not a text: HTTP's month names

    static func now() -> String {
        format(Date())
    }

    static func format(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86400 : (seconds - 86399) / 86400
        let ofDay = seconds - days * 86400
        let day = CalendarDay(daysSince1970: days)
        // 1970-01-01 was a Thursday.
        let weekday = ((days % 7) + 7 + 3) % 7
        return "\(weekdays[weekday]), \(two(day.day)) \(months[day.month - 1]) \(day.year) "
            + "\(two(ofDay / 3600)):\(two(ofDay / 60 % 60)):\(two(ofDay % 60)) GMT"
    }

    private static func two(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
