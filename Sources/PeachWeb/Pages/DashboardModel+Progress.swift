import PeachDomain
import PeachReports
import PeachText

/// The progress page: per mode what the profile said at the end of each session, day, week and
/// month (`FittedProgress` for the pitch modes, `RhythmProgress` for the rhythm modes).
extension DashboardModel {
    var progressPage: [String: Any] {
        let modes = TrainingMode.allCases.map { progressSection($0).context }
        return ["title": texts.text(.dashboardProgress), "modes": modes, "empty": answerCount == 0]
    }

    /// The one place that says what a mode shows on the progress page.
    func progressSection(_ mode: TrainingMode) -> ProgressSection {
        switch mode.skill {
        case .compare, .match: pitchSection(mode)
        case .compareTiming: timingSection
        case .fillTheGap: gapFillSection
        }
    }

    /// The threshold (Hear & Compare, log scale) or mean error (Tune & Match) at each bucket's end.
    private func pitchSection(_ mode: TrainingMode) -> ProgressSection {
        let points = progress[mode]?.points ?? []
        guard !points.isEmpty else { return ProgressSection(header: header(mode), explanation: nil, groups: []) }
        let samples = points.map { point -> SVGChart.Sample in
            SVGChart.Sample(point.threshold ?? point.accuracy?.meanError)
        }
        let chart = SVGChart(samples: samples, labels: points.map { label($0.bucket) },
                             scale: mode.skill == .compare ? .logarithmic : .linear, texts: texts)
        let rows = points.reversed().map { point -> ProgressSection.Row in
            let measured = point.accuracy.map { MeasurementText.number($0.meanError.value).formatted(texts.numbers) }
                ?? texts.threshold(point.thresholdValue)
            return ProgressSection.Row(when: label(point.bucket), size: name(point.bucket.size),
                                       cells: [texts.numbers.integer(point.bucket.count), measured])
        }
        let measured = texts.text(mode.skill == .compare ? .dashboardThreshold : .dashboardMeanErrorCents)
        let group = ProgressSection.Group(heading: nil, charts: [ProgressSection.Chart(title: nil, chart: chart)],
                                          columns: [texts.text(.dashboardAnswers), measured], rows: rows)
        return ProgressSection(header: header(mode), explanation: nil, groups: [group])
    }

    /// Per tempo band trained, the early and late thresholds (ms, linear) at the end of each bucket
    /// in which the band was trained.
    private var timingSection: ProgressSection {
        let profile = rhythmProfile
        let measured = profile.latestBand.map { band in
            texts.text(.dashboardTimingSummary, texts.tempoBand(band), texts.timingThreshold(profile.threshold(band: band, direction: .early)),
                       texts.timingThreshold(profile.threshold(band: band, direction: .late)))
        }
        let header = rhythmHeader(.compareTiming, measured: measured, change: texts.trend(timingTrend))
        let points = rhythmProgress.timing
        let bands = Set(points.flatMap { $0.bands.map(\.band) }).sorted()
        let groups = bands.map { band -> ProgressSection.Group in
            let trained = points.compactMap { point in point.band(band).map { (bucket: point.bucket, point: $0) } }
            let labels = trained.map { label($0.bucket) }
            let charts = TimingDirection.allCases.map { direction -> ProgressSection.Chart in
                let samples = trained.map { entry -> SVGChart.Sample in
                    let threshold = entry.point.threshold(direction).flatMap { $0.isConclusive ? $0 : nil }
                    return SVGChart.Sample(threshold?.milliseconds)
                }
                let chart = SVGChart(samples: samples, labels: labels, scale: .linear, texts: texts, unit: .milliseconds)
                return ProgressSection.Chart(title: texts.text(direction == .early ? .dashboardEarly : .dashboardLate), chart: chart)
            }
            let rows = trained.reversed().map { entry -> ProgressSection.Row in
                let cells = [texts.numbers.integer(entry.point.count), texts.timingThreshold(entry.point.early),
                             texts.timingThreshold(entry.point.late)]
                return ProgressSection.Row(when: label(entry.bucket), size: name(entry.bucket.size), cells: cells)
            }
            let columns = [texts.text(.dashboardAnswers), texts.text(.dashboardEarly), texts.text(.dashboardLate)]
            return ProgressSection.Group(heading: texts.tempoBand(band), charts: charts, columns: columns, rows: rows)
        }
        return ProgressSection(header: header, explanation: groups.isEmpty ? nil : texts.text(.dashboardTimingExplained), groups: groups)
    }

    /// Fill the Gap's bias and spread (ms, linear) at the end of each bucket, and its hits and misses.
    private var gapFillSection: ProgressSection {
        let profile = rhythmProfile
        let measured = profile.gapFillCount == 0 ? nil
            : texts.text(.dashboardGapFillSummary, texts.tapBias(profile.tapping.bias), texts.tapSpread(profile.tapping.spread),
                         profile.hits, profile.misses)
        let header = rhythmHeader(.fillTheGap, measured: measured, change: texts.trend(gapFillTrend))
        let points = rhythmProgress.gapFill
        guard !points.isEmpty else { return ProgressSection(header: header, explanation: nil, groups: []) }
        let labels = points.map { label($0.bucket) }
        let bias = SVGChart(samples: points.map { SVGChart.Sample($0.tapping.bias) }, labels: labels, scale: .linear,
                            texts: texts, unit: .milliseconds)
        let spread = SVGChart(samples: points.map { SVGChart.Sample($0.tapping.spread) }, labels: labels, scale: .linear,
                              texts: texts, unit: .milliseconds)
        let rows = points.reversed().map { point -> ProgressSection.Row in
            let cells = [texts.numbers.integer(point.bucket.count), texts.tapBias(point.tapping.bias), texts.tapSpread(point.tapping.spread),
                         texts.numbers.integer(point.hits), texts.numbers.integer(point.misses)]
            return ProgressSection.Row(when: label(point.bucket), size: name(point.bucket.size), cells: cells)
        }
        let columns = [texts.text(.dashboardTrials), texts.text(.dashboardBias), texts.text(.dashboardSpread),
                       texts.text(.dashboardHits), texts.text(.dashboardMisses)]
        let charts = [ProgressSection.Chart(title: texts.text(.dashboardBiasHeading), chart: bias),
                      ProgressSection.Chart(title: texts.text(.dashboardSpreadHeading), chart: spread)]
        let group = ProgressSection.Group(heading: nil, charts: charts, columns: columns, rows: rows)
        return ProgressSection(header: header, explanation: texts.text(.dashboardGapFillExplained), groups: [group])
    }

    /// A rhythm mode's header, in the pitch modes' shape (`header`).
    private func rhythmHeader(_ mode: TrainingMode, measured: String?, change: String) -> [String: Any] {
        ["mode": mode.rawValue, "name": texts.name(mode), "hasAnswers": measured != nil, "measured": measured ?? "", "change": change]
    }
}
