import Foundation
import PeachDomain

/// One data row being read for `CSVRowDecoder`; each accessor returns nil after noting why.
struct CSVRowReader {
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
    func invalid() -> CSVRowDecoder.Decoded {
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

    /// What a pitch row has besides its kind's two values, read (and its problems noted) in the
    /// order problems are reported: the timestamp, the notes, the interval, the tuning system.
    mutating func pitch() -> (timestamp: Date, referenceNote: MIDINote, targetNote: MIDINote, tuningSystem: TuningSystem)? {
        let timestamp = self.timestamp()
        let referenceNote = note(.referenceNote, named: .referenceNoteName)
        let targetNote = note(.targetNote, named: .targetNoteName)
        let interval = self.interval(from: referenceNote, to: targetNote)
        let tuningSystem = self.tuningSystem()
        guard let timestamp, let referenceNote, let targetNote, interval != nil, let tuningSystem else { return nil }
        return (timestamp, referenceNote, targetNote, tuningSystem)
    }
}
