/// Files as the iOS app (Peach for iOS) exports them, for the tests of import and export.
///
/// `format3` follows the iOS app's format-3 exporter (`TrainingDataExporter` with the
/// `csvKeyValuePairs` of each training discipline): the metadata line, the header of 19 columns,
/// then one row per answer sorted by time (at the same time in the order the app registers its
/// disciplines: Hear & Compare, Tune & Match, Compare Timing, Fill the Gap), rows joined by `\n` with
/// none after the last. Each row has the common columns (`trainingType`, `timestamp`) and its
/// discipline's own; every other cell is empty. Timestamps are `Date.formatted(.iso8601)`: UTC, whole
/// seconds. A tempo is the `Int` as Swift prints it (`120`); every other number is `String(Double)`,
/// with `.0` added when it has no decimal point. A Fill the Gap mean of a gap position the trial did
/// not have is empty. Nothing needs quoting.
///
/// It holds every kind: Hear & Compare (single notes and intervals, both tuning systems, right and
/// wrong), Tune & Match, Compare Timing (several tempos, early and late, right and wrong) and Fill the
/// Gap (one, two and four gap positions, a mean of zero), one Tune & Match answer and one Compare
/// Timing answer in the same second.
public enum IOSExportFixture {
    public static let format3: String = (["# peach-export-format:3", header] + rows).joined(separator: "\n")

    private static let header: String = [
        "trainingType", "timestamp", "referenceNote", "referenceNoteName", "targetNote", "targetNoteName", "interval",
        "tuningSystem", "centOffset", "isCorrect", "initialCentOffset", "userCentError", "tempoBPM", "offsetMs",
        "meanOffsetMs", "meanOffsetMsPosition0", "meanOffsetMsPosition1", "meanOffsetMsPosition2", "meanOffsetMsPosition3",
    ].joined(separator: ",")

    private static let rows: [String] = [
        "pitchDiscrimination,2026-03-01T09:15:02Z,60,C4,60,C4,P1,equalTemperament,25.0,true,,,,,,,,,",
        "pitchDiscrimination,2026-03-01T09:15:06Z,62,D4,69,A4,P5,justIntonation,-13.7,false,,,,,,,,,",
        "pitchMatching,2026-03-01T09:20:11Z,57,A3,57,A3,P1,equalTemperament,,,-42.5,3.8000000000000003,,,,,,,",
        "pitchMatching,2026-03-01T09:20:30Z,64,E4,55,G3,M6,justIntonation,,,17.25,-6.125,,,,,,,",
        "rhythmOffsetDetection,2026-03-01T09:20:30Z,,,,,,,,true,,,80,-22.5,,,,,",
        "rhythmOffsetDetection,2026-03-02T18:40:00Z,,,,,,,,false,,,120,4.6875,,,,,",
        "rhythmOffsetDetection,2026-03-02T18:40:03Z,,,,,,,,true,,,120,-9.375,,,,,",
        "continuousRhythmMatching,2026-03-02T18:45:17Z,,,,,,,,,,,80,,-4.791666666666667,,,,-4.791666666666667",
        "continuousRhythmMatching,2026-03-03T07:05:44Z,,,,,,,,,,,100,,6.25,11.0,,1.5,",
        "continuousRhythmMatching,2026-03-03T07:06:02Z,,,,,,,,,,,160,,0.0,-3.2,2.4,0.8,0.0",
        "rhythmOffsetDetection,2026-03-04T21:00:59Z,,,,,,,,false,,,45,33.333333333333336,,,,,",
        "pitchDiscrimination,2026-03-05T10:00:00Z,72,C5,71,B4,m2,equalTemperament,-0.5,true,,,,,,,,,",
    ]

    /// How many answers of each kind `format3` holds.
    public static let format3Counts = (compareAnswers: 3, matchAnswers: 2, timingAnswers: 4, gapFillAnswers: 3)
}
