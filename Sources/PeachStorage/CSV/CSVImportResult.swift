import PeachDomain

/// Everything a valid file holds, each kind in file order.
public struct CSVImportResult: Hashable, Sendable {
    public let compareAnswers: [CompareAnswer]
    public let matchAnswers: [MatchAnswer]
    /// Compare Timing answers (the iOS app's `rhythmOffsetDetection` rows).
    public let timingAnswers: [TimingAnswer]
    /// Fill the Gap answers (`continuousRhythmMatching` rows, and format 2's `rhythmMatching`).
    public let gapFillAnswers: [GapFillAnswer]
    /// The `# peach-export-format:N` of the file: 1, 2 or 3.
    public let formatVersion: Int

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
        let pitch: [Answer] = compareAnswers.map(Answer.compare) + matchAnswers.map(Answer.match)
        let rhythm: [Answer] = timingAnswers.map(Answer.timing) + gapFillAnswers.map(Answer.gapFill)
        return pitch + rhythm
    }

    public var isEmpty: Bool {
        compareAnswers.isEmpty && matchAnswers.isEmpty && timingAnswers.isEmpty && gapFillAnswers.isEmpty
    }
}
