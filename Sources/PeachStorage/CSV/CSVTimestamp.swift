import Foundation
import PeachDomain

/// ISO 8601 timestamps in UTC at millisecond precision, the way the CSV file carries them.
///
/// **Precision.** The CSV format keeps milliseconds: an instant is rounded to the nearest millisecond
/// when it is written (`2026-03-05T14:03:07.250Z`; a whole second without a fraction,
/// `2026-03-05T14:03:07Z`, as the iOS app writes every timestamp), and an imported timestamp becomes the `Date`
/// `millisecondsSince1970 / 1000` seconds after 1970, built by `date(millisecondsSince1970:)`. Such a date
/// is written back as the same text, so export → import → export is byte-identical; a date with a finer
/// fraction comes back from an import rounded to the millisecond. Timestamps outside the years
/// 0000–9999 are clamped to that range on export (the four-digit years of ISO 8601).
///
/// Reading accepts whole seconds (the iOS app's `2026-03-05T14:03:07Z`) or any number of fraction
/// digits (rounded half up to the millisecond), `.` or `,` before the fraction, and a zone `Z` or an
/// offset `+01:00`, `+0100`, `+01`. A timestamp without a zone is refused: its instant is unknown.
enum CSVTimestamp {
    static let millisecondsPerDay: Int64 = 86_400_000
    /// From 1970-01-01 to 2001-01-01, Foundation's reference date.
    private static let referenceDateOffset: Int64 = 978_307_200_000
    private static let earliest = Int64(CalendarDay(year: 0, month: 1, day: 1).daysSince1970) * millisecondsPerDay
    private static let latest = Int64(CalendarDay(year: 10_000, month: 1, day: 1).daysSince1970) * millisecondsPerDay - 1

    /// The instant rounded to the nearest millisecond, in milliseconds since 1970, clamped to the years 0000–9999.
    static func millisecondsSince1970(_ date: Date) -> Int64 {
        let sinceReference = (date.timeIntervalSinceReferenceDate * 1000).rounded()
        guard sinceReference.isFinite else { return sinceReference > 0 ? latest : earliest }
        let lower = Double(earliest - referenceDateOffset)
        let upper = Double(latest - referenceDateOffset)
        return Int64(min(max(sinceReference, lower), upper)) + referenceDateOffset
    }

    /// The date an imported timestamp stands for; `millisecondsSince1970(date(millisecondsSince1970: m)) == m`.
    static func date(millisecondsSince1970 milliseconds: Int64) -> Date {
        Date(timeIntervalSinceReferenceDate: Double(milliseconds - referenceDateOffset) / 1000)
    }

    /// `date` rounded to the millisecond, as an export and re-import gives it back.
    static func roundedToMilliseconds(_ date: Date) -> Date {
        self.date(millisecondsSince1970: millisecondsSince1970(date))
    }

    /// `2026-03-05T14:03:07.250Z`; `2026-03-05T14:03:07Z` for a whole second.
    static func format(_ date: Date) -> String {
        let milliseconds = millisecondsSince1970(date)
        let days = floorDivide(milliseconds, millisecondsPerDay)
        let ofDay = milliseconds - days * millisecondsPerDay
        let calendarDay = CalendarDay(daysSince1970: Int(days))
        let (year, month, day) = (Int64(calendarDay.year), Int64(calendarDay.month), Int64(calendarDay.day))
        let hour = ofDay / 3_600_000, minute = ofDay / 60_000 % 60, second = ofDay / 1000 % 60
        let text = "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))"
        let fraction = ofDay % 1000
        return fraction == 0 ? text + "Z" : text + ".\(pad(fraction, 3))Z"
    }

    /// The instant `text` names, at millisecond precision; nil when it is not an ISO 8601 date and time with
    /// a zone, or lies outside the years 0000–9999 in UTC.
    static func parse(_ text: String) -> Date? {
        var scanner = Scanner(Array(text.utf8))
        guard let year = scanner.number(digits: 4), scanner.skip("-"),
              let month = scanner.number(digits: 2), scanner.skip("-"),
              let day = scanner.number(digits: 2), scanner.skip("T") || scanner.skip("t"),
              let hour = scanner.number(digits: 2), scanner.skip(":"),
              let minute = scanner.number(digits: 2), scanner.skip(":"),
              let second = scanner.number(digits: 2) else { return nil }
        var fraction: Int64 = 0
        if scanner.skip(".") || scanner.skip(",") {
            let digits = scanner.digits()
            guard !digits.isEmpty else { return nil }
            let padded = digits + [0, 0, 0]
            fraction = padded[0] * 100 + padded[1] * 10 + padded[2] + (padded[3] >= 5 ? 1 : 0)
        }
        var offsetMinutes: Int64
        if scanner.skip("Z") || scanner.skip("z") {
            offsetMinutes = 0
        } else if let sign: Int64 = scanner.skip("+") ? 1 : scanner.skip("-") ? -1 : nil,
                  let offsetHours = scanner.number(digits: 2), offsetHours <= 23 {
            var minutes: Int64 = 0
            if scanner.skip(":") {
                guard let value = scanner.number(digits: 2) else { return nil }
                minutes = value
            } else if let value = scanner.number(digits: 2) {
                minutes = value
            }
            guard minutes <= 59 else { return nil }
            offsetMinutes = sign * (offsetHours * 60 + minutes)
        } else {
            return nil
        }
        let calendarDay = CalendarDay(year: Int(year), month: Int(month), day: Int(day))
        guard scanner.isAtEnd, calendarDay.isValid, hour <= 23, minute <= 59, second <= 59 else { return nil }
        let days = Int64(calendarDay.daysSince1970)
        let milliseconds = days * millisecondsPerDay + ((hour * 60 + minute - offsetMinutes) * 60 + second) * 1000
            + fraction
        guard (earliest...latest).contains(milliseconds) else { return nil }
        return date(millisecondsSince1970: milliseconds)
    }

    private static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
        a >= 0 ? a / b : (a - b + 1) / b
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var isAtEnd: Bool { index == bytes.count }

        mutating func skip(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        /// Exactly `digits` decimal digits as a number.
        mutating func number(digits count: Int) -> Int64? {
            guard index + count <= bytes.count else { return nil }
            var value: Int64 = 0
            for byte in bytes[index..<index + count] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int64(byte - UInt8(ascii: "0"))
            }
            index += count
            return value
        }

        /// The run of decimal digits here, each as a number.
        mutating func digits() -> [Int64] {
            var result: [Int64] = []
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                result.append(Int64(bytes[index] - UInt8(ascii: "0")))
                index += 1
            }
            return result
        }
    }
}
