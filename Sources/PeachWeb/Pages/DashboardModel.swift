import Foundation
import PeachDomain
import PeachReports
import PeachText

/// Everything the profile, progress and Tune & Match pages show, computed once per state of the
/// history: the fitted profile, the timeline and the fits at the end of each of its buckets, the
/// rhythm modes' beside the pitch modes'.
@MainActor
struct DashboardModel {
    let range: NoteRange
    let profile: PerceptualProfile
    let timeline: ProgressTimeline
    let progress: [TrainingMode: FittedProgress]
    let answerCount: Int
    let texts: Texts
    let calendar: any TrainingCalendar
    /// The rhythm modes' lines, as `peach profile` says them.
    let rhythm: [(mode: TrainingMode, lines: [String])]
    /// The rhythm profile, its trends and what it said at the end of each bucket (`RhythmDigest`).
    let rhythmProfile: RhythmProfile
    let rhythmProgress: RhythmProgress
    let timingTrend: ProgressTimeline.Trend?
    let gapFillTrend: ProgressTimeline.Trend?

    /// `digest` made with `progressRange: range`, so that it holds the progress fits; `profile` is
    /// `PerceptualProfile(digest)`.
    init(digest: HistoryDigest, profile: PerceptualProfile, range: NoteRange, texts: Texts, calendar: any TrainingCalendar) {
        self.range = range
        self.texts = texts
        self.calendar = calendar
        self.profile = profile
        timeline = digest.timeline
        progress = digest.fittedProgress
        rhythmProfile = digest.rhythm.profile
        rhythmProgress = digest.rhythm.progress
        timingTrend = digest.rhythm.timingTrend
        gapFillTrend = digest.rhythm.gapFillTrend
        answerCount = digest.answerCount + rhythmProfile.timingCount + rhythmProfile.gapFillCount
        rhythm = ProfileReport(digest: digest, profile: profile, range: range).rhythmSections(texts)
    }

    /// Hear & Compare's trend is part of its fitted estimate, which the profile keeps once fitted.
    /// None while the threshold itself is not measured: "not enough answers yet; stable" would
    /// contradict itself.
    private func change(_ mode: TrainingMode) -> ProgressChange? {
        guard mode.skill == .compare else { return profile.attempts(for: mode).change }
        guard let estimate = profile.thresholdEstimate(for: mode, range: range), case .measured = estimate.overallValue else { return nil }
        return estimate.change
    }

    private func count(_ mode: TrainingMode) -> Int {
        mode.skill == .compare ? profile.answers(for: mode).count : profile.attempts(for: mode).count
    }

    func header(_ mode: TrainingMode) -> [String: Any] {
        let measured = mode.skill == .compare
            ? texts.threshold(profile.thresholdEstimate(for: mode, range: range)?.overallValue ?? .notEnoughAnswers,
                              of: profile.answers(for: mode))
            : texts.matching(profile.matchAccuracy(for: mode))
        let counted = texts.text(mode.skill == .compare ? .dashboardAnswerCount : .dashboardMatchAnswerCount, count(mode))
        return ["mode": mode.rawValue, "name": texts.name(mode), "counted": counted, "hasAnswers": count(mode) > 0,
                "measured": measured, "change": texts.change(change(mode))]
    }

    /// The profile page: per compare mode the curve over the keys with its band and the answers per key.
    var profilePage: [String: Any] {
        let modes = TrainingMode.pitchModes.map { mode -> [String: Any] in
            var entry = header(mode)
            guard mode.skill == .compare, let estimate = profile.thresholdEstimate(for: mode, range: range) else { return entry }
            let keys = (range.lowest.rawValue...range.highest.rawValue).map(MIDINote.init)
            let samples = keys.map { key in
                estimate.plotted(at: key).map { SVGChart.Sample(value: $0.value, low: $0.low, high: $0.high) }
                    ?? SVGChart.Sample(value: nil, low: nil, high: nil)
            }
            let chart = SVGChart(samples: samples, labels: keys.map { texts.name($0) }, scale: .logarithmic, texts: texts)
            let counts = profile.answers(for: mode).noteCounts
            let most = Double(keys.map { counts[$0.rawValue] }.max() ?? 0)
            entry["chart"] = chart.context
            entry["hasCounts"] = true
            entry["counts"] = keys.enumerated().map { index, key -> [String: Any] in
                let count = counts[key.rawValue]
                let height = most > 0 ? 36 * Double(count) / most : 0
                return ["x": String(format: "%.1f", chart.x(index) - 2), "height": String(format: "%.1f", height),
                        "y": String(format: "%.1f", 40 - height), "count": texts.text(.dashboardAnswerCount, count), "note": key.name]
            }
            return entry
        }
        let rhythmModes = rhythm.map { section -> [String: Any] in
            ["mode": section.mode.rawValue, "name": texts.name(section.mode), "lines": section.lines]
        }
        return ["title": texts.text(.dashboardProfile), "modes": modes, "rhythm": rhythmModes, "empty": answerCount == 0]
    }

    func label(_ bucket: ProgressTimeline.Bucket) -> String {
        let time = calendar.localTime(of: bucket.start)
        return switch bucket.size {
        case .session: time.hourAndMinute
        case .day: texts.text(.dashboardDayLabel, texts.weekdayName(time.weekday), time.day)
        case .week: texts.text(.dashboardWeekOf, time.day, texts.monthName(time.month))
        case .month: texts.text(.dashboardMonthLabel, texts.monthName(time.month), (time.year % 100 < 10 ? "0" : "") + String(time.year % 100))
        }
    }

    func name(_ size: ProgressTimeline.BucketSize) -> String {
        switch size {
        case .session: texts.text(.dashboardSession)
        case .day: texts.text(.dashboardDay)
        case .week: texts.text(.dashboardWeek)
        case .month: texts.text(.dashboardMonth)
        }
    }

    private func rows(_ mode: TrainingMode) -> [[String: Any]] {
        (progress[mode]?.points ?? []).reversed().map { point in
            var row: [String: Any] = ["when": label(point.bucket), "size": name(point.bucket.size),
                                      "count": texts.numbers.integer(point.bucket.count), "soFar": point.answersSoFar]
            row["threshold"] = texts.threshold(point.thresholdValue)
            if let accuracy = point.accuracy {
                row["meanError"] = MeasurementText.number(accuracy.meanError.value).formatted(texts.numbers)
                row["bias"] = texts.numbers.decimal(accuracy.bias.value, digits: 1, signed: true)
                row["spread"] = MeasurementText.number(accuracy.spread.value).formatted(texts.numbers)
            }
            return row
        }
    }

    /// Tune & Match: mean error with its band, bias and spread at the end of each bucket.
    var matchingPage: [String: Any] {
        let modes = TrainingMode.allCases.filter { $0.skill == .match }.map { mode -> [String: Any] in
            var entry = header(mode)
            let points = (progress[mode]?.points ?? []).filter { $0.accuracy != nil }
            guard !points.isEmpty else { return entry }
            let labels = points.map { label($0.bucket) }
            let bias = points.map { point in point.accuracy.map { SVGChart.Sample(value: $0.bias.value, low: $0.bias.low, high: $0.bias.high) }
                ?? SVGChart.Sample(value: nil, low: nil, high: nil) }
            let spread = points.map { point in point.accuracy.map { SVGChart.Sample(value: $0.spread.value, low: $0.spread.low, high: $0.spread.high) }
                ?? SVGChart.Sample(value: nil, low: nil, high: nil) }
            entry["biasChart"] = SVGChart(samples: bias, labels: labels, scale: .linear, texts: texts).context
            entry["spreadChart"] = SVGChart(samples: spread, labels: labels, scale: .linear, texts: texts).context
            entry["rows"] = rows(mode).filter { $0["meanError"] != nil }
            entry["hasRows"] = true
            return entry
        }
        return ["title": texts.text(.dashboardMatching), "modes": modes, "empty": answerCount == 0]
    }
}
