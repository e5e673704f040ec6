import Foundation
import PeachDomain
import PeachText
@testable import PeachStorage

/// Record builders and file pieces shared by the CSV tests.
enum CSVFixture {
    static let header3 = "trainingType,timestamp,referenceNote,referenceNoteName,targetNote,targetNoteName,interval,"
        + "tuningSystem,centOffset,isCorrect,initialCentOffset,userCentError,tempoBPM,offsetMs,meanOffsetMs,"
        + "meanOffsetMsPosition0,meanOffsetMsPosition1,meanOffsetMsPosition2,meanOffsetMsPosition3"
    static let header1 = "trainingType,timestamp,referenceNote,referenceNoteName,targetNote,targetNoteName,interval,"
        + "tuningSystem,centOffset,isCorrect,initialCentOffset,userCentError"
    static let header2 = header1 + ",tempoBPM,offsetMs,userOffsetMs"

    /// 2026-03-05T14:03:07Z.
    static let t0: TimeInterval = 1_772_719_387

    static func comparison(_ reference: Int, _ target: Int, _ cents: Double, _ isCorrect: Bool,
                           _ tuning: TuningSystem = .equalTemperament, at seconds: TimeInterval) -> CompareAnswer {
        CompareAnswer(referenceNote: MIDINote(reference), targetNote: MIDINote(target), centOffset: Cents(cents),
                      isCorrect: isCorrect, tuningSystem: tuning, timestamp: Date(timeIntervalSince1970: seconds))!
    }

    static func matching(_ reference: Int, _ target: Int, initial: Double, error: Double,
                         _ tuning: TuningSystem = .equalTemperament, at seconds: TimeInterval) -> MatchAnswer {
        MatchAnswer(referenceNote: MIDINote(reference), targetNote: MIDINote(target),
                    initialCentOffset: Cents(initial), userCentError: Cents(error), tuningSystem: tuning,
                    timestamp: Date(timeIntervalSince1970: seconds))!
    }

    static func timing(_ tempo: Int, _ offsetMs: Double, _ isCorrect: Bool, at seconds: TimeInterval) -> TimingAnswer {
        TimingAnswer(tempo: TempoBPM(validating: tempo)!, offsetMs: offsetMs, isCorrect: isCorrect,
                     timestamp: Date(timeIntervalSince1970: seconds))
    }

    static func gapFill(_ tempo: Int, _ meanOffsetMs: Double, _ byPosition: [Double?] = [nil, nil, nil, nil],
                        at seconds: TimeInterval) -> GapFillAnswer {
        GapFillAnswer(tempo: TempoBPM(validating: tempo)!, meanOffsetMs: meanOffsetMs, meanOffsetMsByPosition: byPosition,
                      timestamp: Date(timeIntervalSince1970: seconds))!
    }

    /// A valid format 3 Compare Timing row, with some fields replaced by column name.
    static func timingRow(_ overrides: [String: String] = [:]) -> String {
        row3(["trainingType": "rhythmOffsetDetection", "timestamp": "2026-03-05T14:05:00Z", "isCorrect": "false",
              "tempoBPM": "120", "offsetMs": "-12.5"], overrides)
    }

    /// A valid format 3 Fill the Gap row, with some fields replaced by column name.
    static func gapFillRow(_ overrides: [String: String] = [:]) -> String {
        row3(["trainingType": "continuousRhythmMatching", "timestamp": "2026-03-05T14:06:00Z", "tempoBPM": "90",
              "meanOffsetMs": "3.5", "meanOffsetMsPosition1": "3.5"], overrides)
    }

    /// A valid format 3 comparison row (60 → 64, M3), with some fields replaced by column name.
    static func comparisonRow(_ overrides: [String: String] = [:]) -> String {
        row3(["trainingType": "pitchDiscrimination", "timestamp": "2026-03-05T14:03:07Z",
              "referenceNote": "60", "referenceNoteName": "C4", "targetNote": "64", "targetNoteName": "E4",
              "interval": "M3", "tuningSystem": "equalTemperament", "centOffset": "12.5", "isCorrect": "true"],
             overrides)
    }

    /// A valid format 3 pitch-matching row (57 → 57, P1), with some fields replaced by column name.
    static func matchingRow(_ overrides: [String: String] = [:]) -> String {
        row3(["trainingType": "pitchMatching", "timestamp": "2026-03-05T14:04:00Z",
              "referenceNote": "57", "referenceNoteName": "A3", "targetNote": "57", "targetNoteName": "A3",
              "interval": "P1", "tuningSystem": "justIntonation", "initialCentOffset": "-37.5", "userCentError": "4.25"],
             overrides)
    }

    private static func row3(_ values: [String: String], _ overrides: [String: String]) -> String {
        let merged = values.merging(overrides) { $1 }
        return header3.split(separator: ",").map { merged[String($0)] ?? "" }.joined(separator: ",")
    }

    /// A format 3 file: metadata, header, then `rows`, each line ended by `\n`.
    static func file3(_ rows: [String]) -> String {
        (["# peach-export-format:3", header3] + rows).map { $0 + "\n" }.joined()
    }

    /// The problems `parse` throws, as said in English; empty when it succeeds.
    static func problems(_ text: String) -> [ReadProblem] {
        do {
            _ = try HistoryCSV.parse(text)
            return []
        } catch {
            return error.problems.map(ReadProblem.init)
        }
    }
}

/// A problem of an imported file as a person reads it in English: its line and its reason.
struct ReadProblem: Equatable, CustomStringConvertible {
    let line: Int
    let reason: String

    init(line: Int, reason: String) {
        self.line = line
        self.reason = reason
    }

    init(_ problem: CSVProblem) {
        self.init(line: problem.line, reason: problem.reason.text(.english))
    }

    var description: String { "line \(line): \(reason)" }
}

extension CompareAnswer {
    /// The same answer at `timestamp`.
    func at(_ timestamp: Date) -> CompareAnswer {
        CompareAnswer(referenceNote: referenceNote, targetNote: targetNote, centOffset: centOffset,
                      isCorrect: isCorrect, tuningSystem: tuningSystem, timestamp: timestamp)!
    }
}

extension MatchAnswer {
    /// The same attempt at `timestamp`.
    func at(_ timestamp: Date) -> MatchAnswer {
        MatchAnswer(referenceNote: referenceNote, targetNote: targetNote, initialCentOffset: initialCentOffset,
                    userCentError: userCentError, tuningSystem: tuningSystem, timestamp: timestamp)!
    }
}
