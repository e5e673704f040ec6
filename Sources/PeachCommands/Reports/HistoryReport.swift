import Foundation
import PeachReports
import PeachDomain
import PeachStorage
import PeachText

/// What `peach history` prints.
enum HistoryReport {
    static func json(_ records: [Answer]) throws -> String {
        try ReportJSON.text(records.map(Entry.init))
    }

    /// One answer in `peach history --json`, with the CSV's field names and training types; the
    /// fields of the other training types are left out (and a Fill the Gap position without a gap).
    struct Entry: Encodable {
        let trainingType: String
        let timestamp: String
        var referenceNote: Int?
        var targetNote: Int?
        var interval: String?
        var tuningSystem: String?
        var centOffset: Double?
        var isCorrect: Bool?
        var initialCentOffset: Double?
        var userCentError: Double?
        var tempoBPM: Int?
        var offsetMs: Double?
        var meanOffsetMs: Double?
        var meanOffsetMsPosition0: Double?
        var meanOffsetMsPosition1: Double?
        var meanOffsetMsPosition2: Double?
        var meanOffsetMsPosition3: Double?

        init(_ record: Answer) {
            switch record {
            case .compare(let answer):
                self.init(trainingType: HistoryCSV.trainingType(record), timestamp: HistoryCSV.timestamp(answer.timestamp),
                          referenceNote: answer.referenceNote.rawValue, targetNote: answer.targetNote.rawValue,
                          interval: answer.interval.interval.abbreviation, tuningSystem: answer.tuningSystem.rawValue)
                centOffset = answer.centOffset.rawValue
                isCorrect = answer.isCorrect
            case .match(let attempt):
                self.init(trainingType: HistoryCSV.trainingType(record), timestamp: HistoryCSV.timestamp(attempt.timestamp),
                          referenceNote: attempt.referenceNote.rawValue, targetNote: attempt.targetNote.rawValue,
                          interval: attempt.interval.interval.abbreviation, tuningSystem: attempt.tuningSystem.rawValue)
                initialCentOffset = attempt.initialCentOffset.rawValue
                userCentError = attempt.userCentError.rawValue
            case .timing(let answer):
                self.init(trainingType: HistoryCSV.trainingType(record), timestamp: HistoryCSV.timestamp(answer.timestamp))
                tempoBPM = answer.tempo.rawValue
                offsetMs = answer.offsetMs
                isCorrect = answer.isCorrect
            case .gapFill(let answer):
                self.init(trainingType: HistoryCSV.trainingType(record), timestamp: HistoryCSV.timestamp(answer.timestamp))
                tempoBPM = answer.tempo.rawValue
                meanOffsetMs = answer.meanOffsetMs
                let byPosition = answer.meanOffsetMsByPosition
                (meanOffsetMsPosition0, meanOffsetMsPosition1) = (byPosition[0], byPosition[1])
                (meanOffsetMsPosition2, meanOffsetMsPosition3) = (byPosition[2], byPosition[3])
            }
        }

        private init(trainingType: String, timestamp: String) {
            self.trainingType = trainingType
            self.timestamp = timestamp
        }

        private init(trainingType: String, timestamp: String, referenceNote: Int, targetNote: Int, interval: String,
                     tuningSystem: String) {
            self.trainingType = trainingType
            self.timestamp = timestamp
            self.referenceNote = referenceNote
            self.targetNote = targetNote
            self.interval = interval
            self.tuningSystem = tuningSystem
        }
    }

    static func text(_ records: [Answer], texts: Texts, calendar: any TrainingCalendar) -> String {
        guard !records.isEmpty else { return texts.text(.historyNoAnswersYet) }
        return records.map { record in
            switch record {
            case .compare(let answer):
                let notes = describe(answer.referenceNote, answer.targetNote, answer.interval, answer.tuningSystem, texts)
                return texts.text(.historyComparison, calendar.localTime(of: answer.timestamp).dateAndTime, notes,
                                  Decimals(answer.centOffset.rawValue, 2, signed: true),
                                  texts.text(answer.isCorrect ? .historyRight : .historyWrong))
            case .match(let attempt):
                let notes = describe(attempt.referenceNote, attempt.targetNote, attempt.interval, attempt.tuningSystem, texts)
                return texts.text(.historyPitchMatching, calendar.localTime(of: attempt.timestamp).dateAndTime, notes,
                                  Decimals(attempt.userCentError.rawValue, 2, signed: true),
                                  texts.name(attempt.result))
            case .timing(let answer):
                return texts.text(.historyTiming, calendar.localTime(of: answer.timestamp).dateAndTime,
                                  tempo(answer.tempo, texts), Decimals(answer.offsetMs, 1, signed: true),
                                  texts.text(answer.isCorrect ? .historyRight : .historyWrong))
            case .gapFill(let answer):
                return texts.text(.historyGapFill, calendar.localTime(of: answer.timestamp).dateAndTime,
                                  tempo(answer.tempo, texts), Decimals(answer.meanOffsetMs, 1, signed: true))
            }
        }.joined(separator: "\n")
    }

    /// "120 BPM", as wide as the notes of a pitch answer.
    private static func tempo(_ tempo: TempoBPM, _ texts: Texts) -> String {
        texts.text(.tempoBPM, tempo.rawValue).padding(toLength: 18, withPad: " ", startingAt: 0)
    }

    private static func describe(_ reference: MIDINote, _ target: MIDINote, _ interval: DirectedInterval,
                                 _ tuning: TuningSystem, _ texts: Texts) -> String {
        let notes = texts.notes(reference, target, interval)
        let tuningMark = interval == .prime ? "" : " " + texts.text(tuning == .justIntonation ? .historyJust : .historyEqual)
        return (notes + tuningMark).padding(toLength: 18, withPad: " ", startingAt: 0)
    }
}
