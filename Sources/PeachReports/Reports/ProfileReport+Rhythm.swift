import Foundation
import PeachDomain
import PeachText

/// The rhythm modes in `peach profile`: Compare Timing's thresholds per direction and tempo band,
/// Fill the Gap's bias and spread overall and per gap position, each mode's trend; as text and as
/// the JSON's `modes` entries. Milliseconds throughout, signed offsets negative when early.
extension ProfileReport {
    // MARK: JSON

    var timingDocument: ProfileDocument.TimingMode {
        let profile = rhythm.profile
        return ProfileDocument.TimingMode(
            mode: TrainingMode.compareTiming.rawValue, ewma: ProfileReport.number(timeline[.compareTiming].ewma),
            count: profile.timingCount,
            threshold: profile.latestBand.map { directions($0) },
            tempos: profile.timingBands.map { band in
                ProfileDocument.TempoThreshold(lowest: band.lowest, highest: band.highest, threshold: directions(band))
            },
            trend: rhythm.timingTrend?.rawValue)
    }

    var gapFillDocument: ProfileDocument.GapFillMode {
        let profile = rhythm.profile
        let overall = profile.tapping
        var positions: [String: ProfileDocument.TapFigures] = [:]
        for position in GapPosition.allCases {
            let figures = profile.tapping(at: position)
            positions[position.name] = ProfileDocument.TapFigures(bias: figures.bias.map(ProfileDocument.Figure.init),
                                                                  spread: figures.spread.map(ProfileDocument.Figure.init))
        }
        return ProfileDocument.GapFillMode(
            mode: TrainingMode.fillTheGap.rawValue, ewma: ProfileReport.number(timeline[.fillTheGap].ewma),
            count: profile.gapFillCount,
            bias: overall.bias.map(ProfileDocument.Figure.init), spread: overall.spread.map(ProfileDocument.Figure.init),
            hits: profile.hits, misses: profile.misses, positions: positions, trend: rhythm.gapFillTrend?.rawValue)
    }

    private func directions(_ band: TempoBand) -> ProfileDocument.Directions {
        func figure(_ direction: TimingDirection) -> ProfileDocument.Figure? {
            Self.said(rhythm.profile.threshold(band: band, direction: direction)).map { ProfileDocument.Figure($0.milliseconds) }
        }
        return ProfileDocument.Directions(early: figure(.early), late: figure(.late))
    }

    /// A threshold as it may be said: nil when there are not enough answers for it.
    static func said(_ threshold: RhythmThreshold?) -> RhythmThreshold? {
        threshold.flatMap { $0.isConclusive ? $0 : nil }
    }

    // MARK: Terminal

    func rhythmText(_ texts: Texts) -> [String] {
        var lines = rhythmSections(texts).flatMap(\.lines)
        let profile = rhythm.profile
        if profile.timingCount + profile.gapFillCount > 0 {
            lines.append(texts.text(.profileRhythmExplained))
        }
        return lines
    }

    /// Each rhythm mode's lines: its figures (or "no answers yet"), then per tempo band or gap
    /// position (the dashboard shows them as the terminal does).
    public func rhythmSections(_ texts: Texts) -> [(mode: TrainingMode, lines: [String])] {
        var lines: [String] = []
        var sections: [(mode: TrainingMode, lines: [String])] = []
        let profile = rhythm.profile
        let timingName = texts.name(TrainingMode.compareTiming)
        if let latest = profile.latestBand {
            lines.append(texts.text(.profileTimingAnswers, timingName, texts.tempoBand(latest),
                                    threshold(latest, .early, texts), threshold(latest, .late, texts),
                                    texts.trend(rhythm.timingTrend), profile.timingCount))
            for band in profile.timingBands {
                lines.append(texts.text(.profileTimingBand, texts.tempoBand(band), threshold(band, .early, texts),
                                        threshold(band, .late, texts)))
            }
        } else {
            lines.append(texts.text(.profileNoAnswersYet, timingName))
        }
        sections.append((.compareTiming, lines))
        lines = []
        let gapName = texts.name(TrainingMode.fillTheGap)
        if profile.gapFillCount > 0 {
            let overall = profile.tapping
            lines.append(texts.text(.profileGapFillTrials, gapName, texts.tapBias(overall.bias), texts.tapSpread(overall.spread),
                                    profile.hits, profile.misses, texts.trend(rhythm.gapFillTrend), profile.gapFillCount))
            for position in GapPosition.allCases {
                let figures = profile.tapping(at: position)
                guard figures.bias != nil else { continue }
                lines.append(texts.text(.profileGapPosition, position.name, texts.tapBias(figures.bias),
                                        texts.tapSpread(figures.spread)))
            }
        } else {
            lines.append(texts.text(.profileNoAnswersYet, gapName))
        }
        sections.append((.fillTheGap, lines))
        return sections
    }

    private func threshold(_ band: TempoBand, _ direction: TimingDirection, _ texts: Texts) -> String {
        texts.timingThreshold(rhythm.profile.threshold(band: band, direction: direction))
    }
}

extension ProfileDocument {
    /// `{"mode": "compare-timing", "ewma", "count", "threshold": {"early", "late"}, "tempos": […], "trend"}`:
    /// `ewma` the moving average of the offsets asked (ms), `threshold` the band trained most recently's
    /// (null before any answer), `tempos` every band with answers, slowest first.
    struct TimingMode: Encodable {
        let mode: String
        @OrNull var ewma: Double?
        let count: Int
        @OrNull var threshold: Directions?
        let tempos: [TempoThreshold]
        @OrNull var trend: String?
    }

    /// A band's thresholds, each null while there are not enough answers for it.
    struct Directions: Encodable {
        @OrNull var early: Figure?
        @OrNull var late: Figure?
    }

    struct TempoThreshold: Encodable {
        let lowest: Int
        let highest: Int
        let threshold: Directions
    }

    /// `{"mode": "fill-the-gap", "ewma", "count", "bias", "spread", "hits", "misses", "positions", "trend"}`:
    /// `ewma` the moving average of the distance of a trial's mean tap from its gaps (ms), `count` the
    /// trials, `positions` every gap position.
    struct GapFillMode: Encodable {
        let mode: String
        @OrNull var ewma: Double?
        let count: Int
        @OrNull var bias: Figure?
        @OrNull var spread: Figure?
        let hits: Int
        let misses: Int
        let positions: [String: TapFigures]
        @OrNull var trend: String?
    }

    struct TapFigures: Encodable {
        @OrNull var bias: Figure?
        @OrNull var spread: Figure?
    }

    /// `{value, low, high}` in milliseconds.
    struct Figure: Encodable {
        let value: Double
        let low: Double
        let high: Double

        init(_ figure: IntervalEstimate) {
            (value, low, high) = (figure.value, figure.low, figure.high)
        }
    }
}
