import Foundation
import PeachDomain
@testable import PeachStorage

/// A fresh directory per test, removed afterwards.
final class TemporaryDirectory {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("peach-tests-\(UUID().uuidString)", isDirectory: true)
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    var location: DataLocation { DataLocation(directory: url) }
    var databasePath: String { location.databaseURL.path }
}

enum SampleRecords {
    static func comparison(_ reference: Int, _ target: Int, offset: Double, correct: Bool = true,
                           tuning: TuningSystem = .equalTemperament, at seconds: Double) -> CompareAnswer {
        CompareAnswer(referenceNote: MIDINote(reference), targetNote: MIDINote(target), centOffset: Cents(offset),
                      isCorrect: correct, tuningSystem: tuning, timestamp: Date(timeIntervalSince1970: seconds))!
    }

    static func matching(_ reference: Int, _ target: Int, initial: Double, error: Double,
                         tuning: TuningSystem = .equalTemperament, at seconds: Double) -> MatchAnswer {
        MatchAnswer(referenceNote: MIDINote(reference), targetNote: MIDINote(target),
                    initialCentOffset: Cents(initial), userCentError: Cents(error), tuningSystem: tuning,
                    timestamp: Date(timeIntervalSince1970: seconds))!
    }

    /// The same answer, timestamps compared to the microsecond (REAL seconds since 1970 in SQLite).
    static func same(_ a: CompareAnswer, _ b: CompareAnswer) -> Bool {
        a.referenceNote == b.referenceNote && a.targetNote == b.targetNote && a.centOffset == b.centOffset
            && a.isCorrect == b.isCorrect && a.interval == b.interval && a.tuningSystem == b.tuningSystem
            && abs(a.timestamp.timeIntervalSince(b.timestamp)) < 1e-6
    }

    static func same(_ a: MatchAnswer, _ b: MatchAnswer) -> Bool {
        a.referenceNote == b.referenceNote && a.targetNote == b.targetNote && a.initialCentOffset == b.initialCentOffset
            && a.userCentError == b.userCentError && a.interval == b.interval && a.tuningSystem == b.tuningSystem
            && abs(a.timestamp.timeIntervalSince(b.timestamp)) < 1e-6
    }
}
