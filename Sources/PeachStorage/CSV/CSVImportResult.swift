import PeachDomain

/// Everything a valid file holds, each kind in file order.
public struct CSVImportResult: Hashable, Sendable {
    public internal(set) var compareAnswers: [CompareAnswer]
    public internal(set) var matchAnswers: [MatchAnswer]
    /// Compare Timing answers (the iOS app's `rhythmOffsetDetection` rows).
    public internal(set) var timingAnswers: [TimingAnswer]
    /// Fill the Gap answers (`continuousRhythmMatching` rows, and format 2's `rhythmMatching`).
    public internal(set) var gapFillAnswers: [GapFillAnswer]
    /// The `# peach-export-format:N` of the file: 1, 2 or 3.
    public internal(set) var formatVersion: Int

    public init(compareAnswers: [CompareAnswer], matchAnswers: [MatchAnswer], timingAnswers: [TimingAnswer] = [],
                gapFillAnswers: [GapFillAnswer] = [], formatVersion: Int) {
        self.compareAnswers = compareAnswers
        self.matchAnswers = matchAnswers
        self.timingAnswers = timingAnswers
        self.gapFillAnswers = gapFillAnswers
        self.formatVersion = formatVersion
    }

    /// Every answer of the file, by kind: Hear & Compare, Tune & Match, Compare Timing, Fill the Gap.
    public var answers: [Answer] {
        AnswerKinds.all.flatMap { $0.answers(in: self) }
    }

    public var isEmpty: Bool {
        AnswerKinds.all.allSatisfy { $0.isEmpty(in: self) }
    }
}
