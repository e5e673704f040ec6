import Foundation
import PeachDomain
import PeachStorage

/// What `peach history` prints.
enum HistoryReport {
    static func json(_ records: [TrainingRecord]) throws -> String {
        let objects: [[String: Any]] = records.map { record in
            switch record {
            case .comparison(let answer):
                return ["trainingType": "pitchDiscrimination", "timestamp": TrainingDataCSV.timestamp(answer.timestamp),
                        "referenceNote": answer.referenceNote.rawValue, "targetNote": answer.targetNote.rawValue,
                        "interval": answer.interval.interval.abbreviation, "tuningSystem": answer.tuningSystem.rawValue,
                        "centOffset": answer.centOffset.rawValue, "isCorrect": answer.isCorrect]
            case .pitchMatching(let attempt):
                return ["trainingType": "pitchMatching", "timestamp": TrainingDataCSV.timestamp(attempt.timestamp),
                        "referenceNote": attempt.referenceNote.rawValue, "targetNote": attempt.targetNote.rawValue,
                        "interval": attempt.interval.interval.abbreviation, "tuningSystem": attempt.tuningSystem.rawValue,
                        "initialCentOffset": attempt.initialCentOffset.rawValue,
                        "userCentError": attempt.userCentError.rawValue]
            }
        }
        let data = try JSONSerialization.data(withJSONObject: objects, options: [.prettyPrinted, .sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    static func text(_ records: [TrainingRecord]) -> String {
        guard !records.isEmpty else { return "No answers yet." }
        let time = DateFormatter()
        time.dateFormat = "yyyy-MM-dd HH:mm:ss"
        return records.map { record in
            switch record {
            case .comparison(let answer):
                let notes = describe(answer.referenceNote, answer.targetNote, answer.interval, answer.tuningSystem)
                let verdict = answer.isCorrect ? "right" : "wrong"
                return "\(time.string(from: answer.timestamp))  compare  \(notes)  "
                    + String(format: "%+.2f ct", answer.centOffset.rawValue) + "  \(verdict)"
            case .pitchMatching(let attempt):
                let notes = describe(attempt.referenceNote, attempt.targetNote, attempt.interval, attempt.tuningSystem)
                let band = PitchMatchingFeedback(error: attempt.userCentError).rawValue
                return "\(time.string(from: attempt.timestamp))  match    \(notes)  "
                    + String(format: "%+.2f ct", attempt.userCentError.rawValue) + "  \(band)"
            }
        }.joined(separator: "\n")
    }

    private static func describe(_ reference: MIDINote, _ target: MIDINote, _ interval: DirectedInterval,
                                 _ tuning: TuningSystem) -> String {
        let notes = interval == .prime ? reference.name : "\(reference.name)→\(target.name) \(interval)"
        let tuningMark = interval == .prime ? "" : (tuning == .justIntonation ? " just" : " ET")
        return (notes + tuningMark).padding(toLength: 18, withPad: " ", startingAt: 0)
    }
}
