import Foundation

/// ISO 8601 timestamps in UTC at millisecond precision, the way the CSV file carries them.
///
/// **Precision.** The CSV format keeps milliseconds: an instant is rounded to the nearest millisecond
/// when it is written (`2026-03-05T14:03:07.250Z`), and an imported timestamp becomes the `Date`
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
    private static let earliest = daysFromCivil(year: 0, month: 1, day: 1) * millisecondsPerDay
    private static let latest = daysFromCivil(year: 10_000, month: 1, day: 1) * millisecondsPerDay - 1

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

    /// `2026-03-05T14:03:07.250Z`.
    static func format(_ date: Date) -> String {
        let milliseconds = millisecondsSince1970(date)
        let days = floorDivide(milliseconds, millisecondsPerDay)
        let ofDay = milliseconds - days * millisecondsPerDay
        let (year, month, day) = civil(fromDays: days)
        let hour = ofDay / 3_600_000, minute = ofDay / 60_000 % 60, second = ofDay / 1000 % 60
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))"
            + ".\(pad(ofDay % 1000, 3))Z"
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
        guard scanner.isAtEnd, (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
              hour <= 23, minute <= 59, second <= 59 else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let milliseconds = days * millisecondsPerDay + ((hour * 60 + minute - offsetMinutes) * 60 + second) * 1000
            + fraction
        guard (earliest...latest).contains(milliseconds) else { return nil }
        return date(millisecondsSince1970: milliseconds)
    }

    // MARK: - Calendar arithmetic (proleptic Gregorian, H. Hinnant's algorithms)

    static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = floorDivide(y, 400)
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = floorDivide(z, 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
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
