import PeachDomain

/// Everything a valid file holds, each kind in file order.
public struct CSVImportResult: Hashable, Sendable {
    public let comparisons: [ComparisonRecord]
    public let pitchMatchings: [PitchMatchingRecord]
    /// Rows of rhythm exercises, which Peach on Linux does not have: skipped, and counted here.
    public let skippedRhythmRows: Int
    /// The `# peach-export-format:N` of the file: 1, 2 or 3.
    public let formatVersion: Int

    public init(comparisons: [ComparisonRecord], pitchMatchings: [PitchMatchingRecord], skippedRhythmRows: Int,
                formatVersion: Int) {
        self.comparisons = comparisons
        self.pitchMatchings = pitchMatchings
        self.skippedRhythmRows = skippedRhythmRows
        self.formatVersion = formatVersion
    }
}
