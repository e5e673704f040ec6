import Foundation
import PeachDomain

/// What `peach profile` shows: the per-note thresholds, matching accuracy and progress per mode.
struct ProfileReport {
    let discrimination: PitchDiscriminationStatistics
    let matching: WelfordAccumulator
    let timeline: ProgressTimeline

    init(comparisons: [ComparisonRecord], pitchMatchings: [PitchMatchingRecord], now: Date) {
        discrimination = PitchDiscriminationStatistics(comparisons)
        matching = WelfordAccumulator(matchingErrorsOf: pitchMatchings)
        timeline = ProgressTimeline(comparisons: comparisons, pitchMatchings: pitchMatchings, now: now)
    }

    // MARK: JSON

    func json() throws -> String {
        let notes: [[String: Any]] = discrimination.trainedNotes.map { note in
            let statistics = discrimination[note]
            return ["note": note.rawValue, "name": note.name, "mean": Self.number(statistics.mean),
                    "stdDev": Self.number(statistics.standardDeviation), "count": statistics.count]
        }
        let modes: [[String: Any]] = TrainingMode.allCases.map { mode in
            let progress = timeline[mode]
            return ["mode": mode.rawValue, "ewma": Self.number(progress.ewma),
                    "trend": progress.trend?.rawValue ?? NSNull(), "count": progress.count]
        }
        let document: [String: Any] = [
            "comparison": ["notes": notes, "overallMean": Self.number(discrimination.overallMean),
                           "overallStdDev": Self.number(discrimination.overallStandardDeviation)],
            "matching": ["mean": Self.number(matching.mean), "stdDev": Self.number(matching.standardDeviation),
                         "count": matching.count],
            "modes": modes,
        ]
        let data = try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    private static func number(_ value: Double?) -> Any { value.map { $0 as Any } ?? NSNull() }

    // MARK: Terminal

    /// Threshold levels of the chart's rows, in cents, top to bottom (logarithmic).
    static let levels: [Double] = [100, 50, 20, 10, 5, 2, 1, 0.5, 0.2, 0.1]

    func text() -> String {
        var lines: [String] = []
        if discrimination.trainedNotes.isEmpty {
            lines.append("Hear & Compare: no answers yet.")
        } else {
            lines.append("Hear & Compare — threshold per reference note (● mean, │ ± one standard deviation, cents):")
            lines.append("")
            lines += chart()
            lines.append("")
            lines.append("Overall: " + Self.format(mean: discrimination.overallMean,
                                                    stdDev: discrimination.overallStandardDeviation)
                         + " over \(discrimination.trainedNotes.count) notes, \(discrimination.answerCount) answers")
        }
        lines.append("Tune & Match: " + (matching.count == 0 ? "no attempts yet."
            : Self.format(mean: matching.mean, stdDev: matching.standardDeviation) + " off, \(matching.count) attempts"))
        lines.append("")
        lines.append("Progress (moving average, 7-day half-life):")
        for mode in TrainingMode.allCases {
            let progress = timeline[mode]
            let name = mode.displayName.padding(toLength: 32, withPad: " ", startingAt: 0)
            guard let ewma = progress.ewma else {
                lines.append("  \(name) no answers yet")
                continue
            }
            let trend = progress.trend.map { "\($0.rawValue)" } ?? "no trend yet"
            lines.append("  \(name) \(String(format: "%6.2f", ewma)) ct  \(trend)  (\(progress.count) answers)")
        }
        return lines.joined(separator: "\n")
    }

    static func format(mean: Double?, stdDev: Double?) -> String {
        guard let mean else { return "—" }
        return String(format: "%.2f", mean) + (stdDev.map { String(format: " ± %.2f", $0) } ?? "") + " ct"
    }

    /// One column per key from the first to the last C around the trained notes (at least C2–C6),
    /// one row per threshold level; a keyboard and octave labels underneath.
    private func chart() -> [String] {
        let trained = discrimination.trainedNotes.map(\.rawValue)
        let low = min(36, trained.min()! / 12 * 12)
        let high = max(84, (trained.max()! + 11) / 12 * 12)
        let keys = Array(low...high)
        var rows: [String] = []
        for (index, level) in Self.levels.enumerated() {
            let label = String(format: "%6g ", level)
            var row = ""
            for key in keys {
                let statistics = discrimination[MIDINote(key)]
                guard let mean = statistics.mean else {
                    row += " "
                    continue
                }
                let spread = statistics.standardDeviation ?? 0
                if Self.nearestLevel(mean) == index {
                    row += "●"
                } else if (Self.nearestLevel(mean + spread)...Self.nearestLevel(max(mean - spread, 0.1))).contains(index) {
                    row += "│"
                } else {
                    row += " "
                }
            }
            rows.append(label + "┤" + row)
        }
        let keyboard = keys.map { [1, 3, 6, 8, 10].contains($0 % 12) ? "█" : "▔" }.joined()
        rows.append("       └" + keyboard)
        var labels = [Character](repeating: " ", count: keys.count)
        for (offset, key) in keys.enumerated() where key % 12 == 0 {
            for (i, character) in MIDINote(key).name.enumerated() where offset + i < labels.count {
                labels[offset + i] = character
            }
        }
        rows.append("        " + String(labels))
        return rows
    }

    /// The row whose level is closest to `cents` on a logarithmic scale.
    private static func nearestLevel(_ cents: Double) -> Int {
        let value = log10(min(max(cents, levels.last!), levels.first!))
        return levels.indices.min { abs(log10(levels[$0]) - value) < abs(log10(levels[$1]) - value) }!
    }
}
