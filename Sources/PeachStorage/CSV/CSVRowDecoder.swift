import Foundation
import PeachDomain

/// Turns one data row into a record, or into every reason it cannot be one.
///
/// A pitch row needs its timestamp, notes, interval, tuning system and the two values of its kind
/// (`centOffset` and `isCorrect`, or `initialCentOffset` and `userCentError`). The note names and the
/// interval repeat what the note numbers say, and must agree with them. A Compare Timing row needs its
/// timestamp, `tempoBPM`, `offsetMs` and `isCorrect`; a Fill the Gap row its timestamp, `tempoBPM` and
/// `meanOffsetMs` (`userOffsetMs` in format 2's `rhythmMatching` rows), and its four means per gap
/// position are read where they are not empty. Columns of the other kinds are not read.
///
/// Values must also be plausible for an answer Peach or the iOS app could have recorded: cents finite
/// and within ±1200, milliseconds finite and within ±1000, a tempo a whole number of beats per minute
/// the iOS app offers (`TempoBPM.range`), the time between 2000 and one day after `now`.
struct CSVRowDecoder: Sendable {
    static let centLimit = 1200.0
    /// No offset of a rhythm answer comes near it: the iOS app's are at most a sixteenth note.
    static let millisecondLimit = 1000.0

    enum Decoded: Hashable, Sendable {
        case answer(Answer)
        /// Every reason the row is not a record.
        case invalid([CSVReason])
    }

    let layout: CSVLayout
    /// Timestamps more than a day after this are refused.
    var now = Date()

    func decode(_ fields: [String]) -> Decoded {
        guard fields.count == layout.fieldCount else {
            return .invalid([.fieldCount(expected: layout.fieldCount, found: fields.count)])
        }
        var row = Row(fields: fields, layout: layout, latest: now.addingTimeInterval(86_400))
        guard let type = row.required(.trainingType) else { return .invalid(row.problems) }
        switch type {
        case CSVTrainingType.comparison, CSVTrainingType.formerComparison: return comparison(&row)
        case CSVTrainingType.pitchMatching: return pitchMatching(&row)
        case CSVTrainingType.timing: return timing(&row)
        case CSVTrainingType.gapFill: return gapFill(&row, meanColumn: .meanOffsetMs)
        case CSVTrainingType.formerGapFill where layout.has(.userOffsetMs): return gapFill(&row, meanColumn: .userOffsetMs)
        default: return .invalid([.unknownTrainingType(quoted(type))])
        }
    }

    private func comparison(_ row: inout Row) -> Decoded {
        let timestamp = row.timestamp()
        let referenceNote = row.note(.referenceNote, named: .referenceNoteName)
        let targetNote = row.note(.targetNote, named: .targetNoteName)
        let interval = row.interval(from: referenceNote, to: targetNote)
        let tuningSystem = row.tuningSystem()
        let centOffset = row.cents(.centOffset)
        let isCorrect = row.boolean(.isCorrect)
        guard let timestamp, let referenceNote, let targetNote, interval != nil, let tuningSystem, let centOffset,
              let isCorrect, row.problems.isEmpty,
              let record = CompareAnswer(referenceNote: referenceNote, targetNote: targetNote,
                                         centOffset: Cents(centOffset), isCorrect: isCorrect,
                                         tuningSystem: tuningSystem, timestamp: timestamp)
        else { return row.invalid() }
        return .answer(.compare(record))
    }

    private func pitchMatching(_ row: inout Row) -> Decoded {
        let timestamp = row.timestamp()
        let referenceNote = row.note(.referenceNote, named: .referenceNoteName)
        let targetNote = row.note(.targetNote, named: .targetNoteName)
        let interval = row.interval(from: referenceNote, to: targetNote)
        let tuningSystem = row.tuningSystem()
        let initialCentOffset = row.cents(.initialCentOffset)
        let userCentError = row.cents(.userCentError)
        guard let timestamp, let referenceNote, let targetNote, interval != nil, let tuningSystem,
              let initialCentOffset, let userCentError, row.problems.isEmpty,
              let record = MatchAnswer(referenceNote: referenceNote, targetNote: targetNote,
                                       initialCentOffset: Cents(initialCentOffset),
                                       userCentError: Cents(userCentError),
                                       tuningSystem: tuningSystem, timestamp: timestamp)
        else { return row.invalid() }
        return .answer(.match(record))
    }

    private func timing(_ row: inout Row) -> Decoded {
        let timestamp = row.timestamp()
        let tempo = row.tempo()
        let offsetMs = row.milliseconds(.offsetMs)
        let isCorrect = row.boolean(.isCorrect)
        guard let timestamp, let tempo, let offsetMs, let isCorrect, row.problems.isEmpty else { return row.invalid() }
        return .answer(.timing(TimingAnswer(tempo: tempo, offsetMs: offsetMs, isCorrect: isCorrect, timestamp: timestamp)))
    }

    private func gapFill(_ row: inout Row, meanColumn: CSVColumn) -> Decoded {
        let timestamp = row.timestamp()
        let tempo = row.tempo()
        let meanOffsetMs = row.milliseconds(meanColumn)
        let byPosition: [Double?] = CSVColumn.gapPositionColumns.map { row.optionalMilliseconds($0) }
        guard let timestamp, let tempo, let meanOffsetMs, row.problems.isEmpty,
              let record = GapFillAnswer(tempo: tempo, meanOffsetMs: meanOffsetMs, meanOffsetMsByPosition: byPosition,
                                         timestamp: timestamp)
        else { return row.invalid() }
        return .answer(.gapFill(record))
    }

    /// One row being read; each accessor returns nil after noting why.
    private struct Row {
        let fields: [String]
        let layout: CSVLayout
        let latest: Date
        var problems: [CSVReason] = []

        init(fields: [String], layout: CSVLayout, latest: Date) {
            self.fields = fields
            self.layout = layout
            self.latest = latest
        }

        /// The row's problems; never an empty list, though every way to fail names its own problem first.
        func invalid() -> Decoded {
            .invalid(problems.isEmpty ? [.invalidRow] : problems)
        }

        mutating func required(_ column: CSVColumn) -> String? {
            guard let value = layout.value(column, in: fields), !value.isEmpty else {
                problems.append(.missing(column.rawValue))
                return nil
            }
            return value
        }

        mutating func timestamp() -> Date? {
            guard let text = required(.timestamp) else { return nil }
            guard let date = CSVTimestamp.parse(text) else {
                problems.append(.timestampFormat(quoted(text)))
                return nil
            }
            guard date >= AnswerTime.earliest else {
                problems.append(.timestampTooEarly(quoted(text)))
                return nil
            }
            guard date <= latest else {
                problems.append(.timestampInFuture(quoted(text), latest: CSVTimestamp.format(latest)))
                return nil
            }
            return date
        }

        mutating func note(_ column: CSVColumn, named nameColumn: CSVColumn) -> MIDINote? {
            guard let text = required(column) else { return nil }
            guard text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
                  let number = Int(text), let note = MIDINote(validating: number) else {
                problems.append(.notANote(column: column.rawValue, value: quoted(text)))
                return nil
            }
            if let name = layout.value(nameColumn, in: fields), !name.isEmpty, name != note.name {
                problems.append(.noteNameMismatch(nameColumn: nameColumn.rawValue, name: quoted(name), column: column.rawValue,
                                                  note: Int(note.rawValue), noteName: note.name))
            }
            return note
        }

        /// The interval the notes make, when the interval column names the same one.
        mutating func interval(from reference: MIDINote?, to target: MIDINote?) -> DirectedInterval? {
            guard let text = required(.interval) else { return nil }
            guard let written = Interval(abbreviation: text) else {
                problems.append(.unknownInterval(quoted(text), allowed: Interval.allCases.map(\.abbreviation)))
                return nil
            }
            guard let reference, let target else { return nil }
            guard let actual = DirectedInterval.between(reference, target) else {
                problems.append(.notesTooFarApart(reference: Int(reference.rawValue), target: Int(target.rawValue)))
                return nil
            }
            guard actual.interval == written else {
                problems.append(.intervalMismatch(quoted(text), reference: Int(reference.rawValue), target: Int(target.rawValue),
                                                  actual: actual.interval.abbreviation))
                return nil
            }
            return actual
        }

        mutating func tuningSystem() -> TuningSystem? {
            guard let text = required(.tuningSystem) else { return nil }
            guard let system = TuningSystem(rawValue: text) else {
                problems.append(.unknownTuningSystem(quoted(text), allowed: TuningSystem.allCases.map(\.rawValue)))
                return nil
            }
            return system
        }

        mutating func number(_ column: CSVColumn) -> Double? {
            guard let text = required(column) else { return nil }
            switch CSVDecimal.parse(text) {
            case .value(let value):
                return value
            case .notFinite:
                problems.append(.notFinite(column: column.rawValue, value: quoted(text)))
            case .notANumber:
                problems.append(.notANumber(column: column.rawValue, value: quoted(text)))
            }
            return nil
        }

        /// A number of cents an answer can have: finite, within ±1200.
        mutating func cents(_ column: CSVColumn) -> Double? {
            guard let value = number(column) else { return nil }
            guard abs(value) <= CSVRowDecoder.centLimit else {
                problems.append(.centsOutOfRange(column: column.rawValue, value: value))
                return nil
            }
            return value
        }

        /// Milliseconds of a rhythm answer: finite, within ±1000.
        mutating func milliseconds(_ column: CSVColumn) -> Double? {
            guard let value = number(column) else { return nil }
            guard abs(value) <= CSVRowDecoder.millisecondLimit else {
                problems.append(.millisecondsOutOfRange(column: column.rawValue, value: value))
                return nil
            }
            return value
        }

        /// The same where the cell is not empty; nil, and no problem, for an empty cell or a column
        /// the file does not have.
        mutating func optionalMilliseconds(_ column: CSVColumn) -> Double? {
            guard let text = layout.value(column, in: fields), !text.isEmpty else { return nil }
            return milliseconds(column)
        }

        /// A tempo as the iOS app writes it: a whole number of beats per minute (`120`) within `TempoBPM.range`.
        mutating func tempo() -> TempoBPM? {
            guard let text = required(.tempoBPM) else { return nil }
            guard text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }), text.utf8.count <= 9,
                  let number = Int(text), let tempo = TempoBPM(validating: number) else {
                problems.append(.notATempo(column: CSVColumn.tempoBPM.rawValue, value: quoted(text)))
                return nil
            }
            return tempo
        }

        /// `true` or `false`; any letter case, because spreadsheets write `TRUE`.
        mutating func boolean(_ column: CSVColumn) -> Bool? {
            guard let text = required(column) else { return nil }
            switch text.lowercased() {
            case "true": return true
            case "false": return false
            default:
                problems.append(.notABoolean(column: column.rawValue, value: quoted(text)))
                return nil
            }
        }
    }
}
