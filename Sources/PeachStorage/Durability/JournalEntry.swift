import Foundation
import PeachDomain

/// One journal line. Field names follow the database columns; a kind's line has its own fields only
/// (each kind writes and reads them: `AnswerKind.write(_:to:)`). A Fill the Gap trial trained here
/// has its `misses` and its `taps` (each `position`, `offsetMs`).
struct JournalEntry: Codable {
    struct Tap: Codable {
        var position: Int
        var offsetMs: Double
    }

    var kind: String
    var timestamp: Double
    var referenceNote: Int?
    var targetNote: Int?
    var tuningSystem: String?
    var centOffset: Double?
    var isCorrect: Bool?
    var initialCentOffset: Double?
    var userCentError: Double?
    var tempoBPM: Int?
    var offsetMs: Double?
    var meanOffsetMs: Double?
    var meanOffsetMsByPosition: [Double?]?
    var misses: Int?
    var taps: [Tap]?

    init(_ record: Answer) {
        kind = ""
        timestamp = record.timestamp.timeIntervalSince1970
        record.kind.write(record, to: &self)
    }

    /// Nil for a line no version of Peach writes.
    var record: Answer? {
        guard timestamp.isFinite, let answerKind = AnswerKinds.all.first(where: { $0.journalKind == kind }) else { return nil }
        return answerKind.answer(self, at: Date(timeIntervalSince1970: timestamp))
    }

    /// The notes and tuning of a pitch answer's line.
    mutating func writePitch(_ reference: MIDINote, _ target: MIDINote, _ tuning: TuningSystem) {
        referenceNote = reference.rawValue
        targetNote = target.rawValue
        tuningSystem = tuning.rawValue
    }

    /// The notes and tuning of a pitch answer's line, when they are ones an answer can have.
    func pitch() -> (MIDINote, MIDINote, TuningSystem)? {
        guard let reference = referenceNote.flatMap(MIDINote.init(validating:)),
              let target = targetNote.flatMap(MIDINote.init(validating:)),
              let tuning = tuningSystem.flatMap(TuningSystem.init(rawValue:)) else { return nil }
        return (reference, target, tuning)
    }

    /// A Fill the Gap trial's taps; nil for a trial without them (the iOS app's, an older version's
    /// line) and for taps no version writes, so that the trial is kept with its means at least.
    var gapTaps: GapTaps? {
        guard let misses, misses >= 0, let taps else { return nil }
        let hits = taps.compactMap { tap in
            GapPosition(rawValue: tap.position).flatMap { tap.offsetMs.isFinite ? GapTaps.Tap(position: $0, offsetMs: tap.offsetMs) : nil }
        }
        return hits.count == taps.count ? GapTaps(hits: hits, misses: misses) : nil
    }
}
