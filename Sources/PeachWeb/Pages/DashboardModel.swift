import Foundation
import PeachDomain

/// Everything the profile, progress and Tune & Match pages show, computed once per state of the
/// history: the fitted profile, the timeline and the fits at the end of each of its buckets.
@MainActor
struct DashboardModel {
    let range: NoteRange
    let profile: PerceptualProfile
    let timeline: ProgressTimeline
    let progress: [TrainingMode: FittedProgress]
    let answerCount: Int

    /// `digest` made with `progressRange: range`, so that it holds the progress fits.
    init(digest: HistoryDigest, range: NoteRange) {
        self.range = range
        profile = PerceptualProfile(digest)
        timeline = digest.timeline
        progress = digest.fittedProgress
        answerCount = digest.answerCount
    }

    private func change(_ mode: TrainingMode) -> ProgressChange? {
        mode.skill == .comparison ? profile.answers(for: mode).change(range: range) : profile.attempts(for: mode).change
    }

    private func count(_ mode: TrainingMode) -> Int {
        mode.skill == .comparison ? profile.answers(for: mode).count : profile.attempts(for: mode).count
    }

    private func header(_ mode: TrainingMode) -> [String: Any] {
        let measured = mode.skill == .comparison
            ? MeasurementWording.threshold(profile.thresholdEstimate(for: mode, range: range)?.overall)
            : MeasurementWording.matching(profile.matchingAccuracy(for: mode))
        return ["mode": mode.rawValue, "name": mode.displayName, "count": count(mode), "hasAnswers": count(mode) > 0,
                "measured": measured, "change": MeasurementWording.change(change(mode))]
    }

    /// The profile page: per compare mode the curve over the keys with its band and the answers per key.
    var profilePage: [String: Any] {
        let modes = TrainingMode.allCases.map { mode -> [String: Any] in
            var entry = header(mode)
            guard mode.skill == .comparison, let estimate = profile.thresholdEstimate(for: mode, range: range) else { return entry }
            let keys = (range.lowest.rawValue...range.highest.rawValue).map(MIDINote.init)
            let samples = keys.map { key in
                estimate.curve[key].map { SVGChart.Sample(value: $0.value, low: $0.low, high: $0.high) }
                    ?? SVGChart.Sample(value: nil, low: nil, high: nil)
            }
            let chart = SVGChart(samples: samples, labels: keys.map(\.name), scale: .logarithmic)
            let counts = profile.answers(for: mode).noteCounts
            let most = Double(keys.map { counts[$0.rawValue] }.max() ?? 0)
            entry["chart"] = chart.context
            entry["hasCounts"] = true
            entry["counts"] = keys.enumerated().map { index, key -> [String: Any] in
                let count = counts[key.rawValue]
                let height = most > 0 ? 36 * Double(count) / most : 0
                return ["x": String(format: "%.1f", chart.x(index) - 2), "height": String(format: "%.1f", height),
                        "y": String(format: "%.1f", 40 - height), "count": count, "note": key.name]
            }
            return entry
        }
        return ["title": "Profile", "modes": modes, "empty": answerCount == 0]
    }

    private static func label(_ bucket: ProgressTimeline.Bucket) -> String {
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_GB")
        switch bucket.size {
        case .session: format.dateFormat = "HH:mm"
        case .day: format.dateFormat = "EEE d"
        case .week: format.dateFormat = "'wk' d MMM"
        case .month: format.dateFormat = "MMM yy"
        }
        return format.string(from: bucket.start)
    }

    private func rows(_ mode: TrainingMode) -> [[String: Any]] {
        (progress[mode]?.points ?? []).reversed().map { point in
            var row: [String: Any] = ["when": Self.label(point.bucket), "size": point.bucket.size.rawValue,
                                      "count": point.bucket.count, "soFar": point.answersSoFar]
            row["threshold"] = MeasurementWording.threshold(point.threshold)
            if let accuracy = point.accuracy {
                row["meanError"] = MeasurementText.number(accuracy.meanError.value)
                row["bias"] = String(format: "%+.1f", accuracy.bias.value)
                row["spread"] = MeasurementText.number(accuracy.spread.value)
            }
            return row
        }
    }

    /// Progress: per mode the threshold (or mean error) at the end of each session, day, week, month.
    var progressPage: [String: Any] {
        let modes = TrainingMode.allCases.map { mode -> [String: Any] in
            var entry = header(mode)
            let points = progress[mode]?.points ?? []
            guard !points.isEmpty else { return entry }
            let samples = points.map { point -> SVGChart.Sample in
                if let threshold = point.threshold { return SVGChart.Sample(value: threshold.value, low: threshold.low, high: threshold.high) }
                if let error = point.accuracy?.meanError { return SVGChart.Sample(value: error.value, low: error.low, high: error.high) }
                return SVGChart.Sample(value: nil, low: nil, high: nil)
            }
            entry["chart"] = SVGChart(samples: samples, labels: points.map { Self.label($0.bucket) },
                                      scale: mode.skill == .comparison ? .logarithmic : .linear).context
            entry["rows"] = rows(mode)
            entry["hasRows"] = true
            entry["isComparison"] = mode.skill == .comparison
            return entry
        }
        return ["title": "Progress", "modes": modes, "empty": answerCount == 0]
    }

    /// Tune & Match: mean error with its band, bias and spread at the end of each bucket.
    var matchingPage: [String: Any] {
        let modes = TrainingMode.allCases.filter { $0.skill == .matching }.map { mode -> [String: Any] in
            var entry = header(mode)
            let points = (progress[mode]?.points ?? []).filter { $0.accuracy != nil }
            guard !points.isEmpty else { return entry }
            let labels = points.map { Self.label($0.bucket) }
            let bias = points.map { point in point.accuracy.map { SVGChart.Sample(value: $0.bias.value, low: $0.bias.low, high: $0.bias.high) }
                ?? SVGChart.Sample(value: nil, low: nil, high: nil) }
            let spread = points.map { point in point.accuracy.map { SVGChart.Sample(value: $0.spread.value, low: $0.spread.low, high: $0.spread.high) }
                ?? SVGChart.Sample(value: nil, low: nil, high: nil) }
            entry["biasChart"] = SVGChart(samples: bias, labels: labels, scale: .linear).context
            entry["spreadChart"] = SVGChart(samples: spread, labels: labels, scale: .linear).context
            entry["rows"] = rows(mode).filter { $0["meanError"] != nil }
            entry["hasRows"] = true
            return entry
        }
        return ["title": "Tune & Match", "modes": modes, "empty": answerCount == 0]
    }
}
