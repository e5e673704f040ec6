/// The rhythm profile while training goes on: the history's rhythm answers at the start and every
/// answer since. Its thresholds are fitted once per answer, not per look (the status line and the
/// report read them often; a fit is a few milliseconds on a Raspberry Pi).
@MainActor
public final class LiveRhythmProfile: RhythmObserver {
    public private(set) var digest: RhythmDigest
    /// Per tempo band with answers, its thresholds per direction, fitted after its last answer.
    private var thresholds: [TempoBand: [TimingDirection: RhythmThreshold]] = [:]

    public init(_ digest: RhythmDigest = RhythmDigest()) {
        self.digest = digest
        for band in digest.profile.timingBands { refit(band) }
    }

    public func rhythmAnswered(_ answer: RhythmAnswer) {
        switch answer {
        case .timing(let timing):
            digest.add(timing)
            refit(TempoBand(containing: timing.tempo))
        case .gapFill(let trial):
            digest.add(trial)
        }
    }

    public var profile: RhythmProfile { digest.profile }

    /// A band's thresholds as they stand; a direction is missing until it has enough answers.
    public func thresholds(in band: TempoBand) -> [TimingDirection: RhythmThreshold] { thresholds[band] ?? [:] }

    /// Where Compare Timing starts in a band: its measured thresholds, as shares of a sixteenth.
    public func measuredShares(in band: TempoBand) -> [TimingDirection: Double] {
        thresholds(in: band).filter(\.value.isConclusive).mapValues(\.share.value)
    }

    private func refit(_ band: TempoBand) {
        var fitted: [TimingDirection: RhythmThreshold] = [:]
        for direction in TimingDirection.allCases {
            fitted[direction] = digest.profile.threshold(band: band, direction: direction)
        }
        thresholds[band] = fitted
    }
}
