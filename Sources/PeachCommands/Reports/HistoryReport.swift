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

    /// One answer in `peach history --json`, with the CSV's field names; the fields of the other
    /// training type are left out.
    struct Entry: Encodable {
        let trainingType: String
        let timestamp: String
        let referenceNote: Int
        let targetNote: Int
        let interval: String
        let tuningSystem: String
        var centOffset: Double?
        var isCorrect: Bool?
        var initialCentOffset: Double?
        var userCentError: Double?

        init(_ record: Answer) {
            switch record {
            case .compare(let answer):
                self.init(trainingType: "pitchDiscrimination", timestamp: HistoryCSV.timestamp(answer.timestamp),
                          referenceNote: answer.referenceNote.rawValue, targetNote: answer.targetNote.rawValue,
                          interval: answer.interval.interval.abbreviation, tuningSystem: answer.tuningSystem.rawValue)
                centOffset = answer.centOffset.rawValue
                isCorrect = answer.isCorrect
            case .match(let attempt):
                self.init(trainingType: "pitchMatching", timestamp: HistoryCSV.timestamp(attempt.timestamp),
                          referenceNote: attempt.referenceNote.rawValue, targetNote: attempt.targetNote.rawValue,
                          interval: attempt.interval.interval.abbreviation, tuningSystem: attempt.tuningSystem.rawValue)
                initialCentOffset = attempt.initialCentOffset.rawValue
                userCentError = attempt.userCentError.rawValue
            }
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
            }
        }.joined(separator: "\n")
    }

    private static func describe(_ reference: MIDINote, _ target: MIDINote, _ interval: DirectedInterval,
                                 _ tuning: TuningSystem, _ texts: Texts) -> String {
        let notes = texts.notes(reference, target, interval)
        let tuningMark = interval == .prime ? "" : " " + texts.text(tuning == .justIntonation ? .historyJust : .historyEqual)
        return (notes + tuningMark).padding(toLength: 18, withPad: " ", startingAt: 0)
    }
}
