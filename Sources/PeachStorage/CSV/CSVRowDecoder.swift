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
        var row = CSVRowReader(fields: fields, layout: layout, latest: now.addingTimeInterval(86_400))
        guard let type = row.required(.trainingType) else { return .invalid(row.problems) }
        for kind in AnswerKinds.all where kind.readsCSV(type, layout) {
            return kind.decoded(&row, trainingType: type)
        }
        return .invalid([.unknownTrainingType(quoted(type))])
    }
}
