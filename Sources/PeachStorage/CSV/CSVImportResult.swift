import PeachDomain

/// Everything a valid file holds, each kind in file order.
public struct CSVImportResult: Hashable, Sendable {
    public let compareAnswers: [CompareAnswer]
    public let matchAnswers: [MatchAnswer]
    /// Rows of rhythm exercises, which Peach on Linux does not have: skipped, and counted here.
    public let skippedRhythmRows: Int
    /// The `# peach-export-format:N` of the file: 1, 2 or 3.
    public let formatVersion: Int

    public init(compareAnswers: [CompareAnswer], matchAnswers: [MatchAnswer], skippedRhythmRows: Int,
                formatVersion: Int) {
        self.compareAnswers = compareAnswers
        self.matchAnswers = matchAnswers
        self.skippedRhythmRows = skippedRhythmRows
        self.formatVersion = formatVersion
    }
}
