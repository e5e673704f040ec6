/// A range of tempi measured together: a timing threshold changes with the tempo, so Compare
/// Timing is measured per band (the iOS app's bands).
public struct TempoBand: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let lowest: Int
    public let highest: Int

    public static let all: [TempoBand] = [
        TempoBand(lowest: 40, highest: 59), TempoBand(lowest: 60, highest: 79), TempoBand(lowest: 80, highest: 99),
        TempoBand(lowest: 100, highest: 119), TempoBand(lowest: 120, highest: 159), TempoBand(lowest: 160, highest: 200),
    ]

    /// The band of `tempo`; tempi beyond the bands (an imported iOS answer at 20 or 300 BPM) belong
    /// to the band nearest them.
    public init(containing tempo: TempoBPM) {
        self = Self.all.first { tempo.rawValue <= $0.highest } ?? Self.all[Self.all.count - 1]
    }

    private init(lowest: Int, highest: Int) {
        self.lowest = lowest
        self.highest = highest
    }

    public static func < (lhs: TempoBand, rhs: TempoBand) -> Bool { lhs.lowest < rhs.lowest }

    public var description: String { "\(lowest)–\(highest) BPM" }
}
