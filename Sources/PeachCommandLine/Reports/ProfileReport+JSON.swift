import Foundation
import PeachDomain

extension ProfileReport {
    /// `peach profile --json`: per mode the fitted threshold or accuracy with intervals, the trend
    /// and its size, and (compare modes) every note of the range; plus the older descriptive fields.
    @MainActor
    public func json() throws -> String {
        let modes: [[String: Any]] = TrainingMode.allCases.map { mode in
            let summary = summary(mode)
            let progress = timeline[mode]
            var entry: [String: Any] = [
                "mode": mode.rawValue, "ewma": Self.number(progress.ewma), "count": summary.count,
                "trend": summary.change?.trend.rawValue ?? NSNull(),
                "trendChange": summary.change.map { change in
                    ["cents": change.cents, "percent": change.percent, "answersAgo": change.answersAgo.map { $0 as Any } ?? NSNull()]
                        as [String: Any]
                } ?? NSNull(),
            ]
            switch mode.skill {
            case .comparison:
                entry["threshold"] = Self.threshold(summary.estimate?.overallValue ?? .notEnoughAnswers)
                // The fitted function's other two parameters: how steep, and how often the player slips.
                entry["psychometric"] = summary.estimate.map { ["slope": $0.slope, "lapse": $0.lapse] as [String: Any] } ?? NSNull()
                let counts = profile.answers(for: mode).noteCounts
                entry["notes"] = range.notes.map { note -> [String: Any] in
                    ["note": note.rawValue, "name": note.name, "count": counts[note.rawValue],
                            "threshold": Self.threshold(summary.estimate?.value(at: note) ?? .notEnoughAnswers, criterion: false)]
                }
            case .matching:
                entry["threshold"] = summary.accuracy.map { accuracy in
                    var value = Self.estimate(accuracy.meanError)
                    value["criterion"] = NSNull()
                    value["bias"] = Self.estimate(accuracy.bias)
                    value["spread"] = Self.estimate(accuracy.spread)
                    return value as [String: Any]
                } ?? NSNull()
            }
            return entry
        }
        let notes: [[String: Any]] = offsetsAsked.keys.sorted().compactMap { key in
            guard let statistics = offsetsAsked[key], let note = MIDINote(validating: key) else { return nil }
            return ["note": key, "name": note.name, "mean": Self.number(statistics.mean),
                    "stdDev": Self.number(statistics.standardDeviation), "count": statistics.count]
        }
        // In key order: a dictionary's order changes from run to run, and so would the sum's last digit.
        let means = WelfordAccumulator(offsetsAsked.keys.sorted().compactMap { offsetsAsked[$0]?.mean })
        let document: [String: Any] = [
            "comparison": ["notes": notes, "overallMean": Self.number(means.mean), "overallStdDev": Self.number(means.standardDeviation)],
            "matching": ["mean": Self.number(matchingErrors.mean), "stdDev": Self.number(matchingErrors.standardDeviation),
                         "count": matchingErrors.count],
            "modes": modes,
        ]
        return try JSONText.pretty(document)
    }

    /// `{criterion, value, low, high}`; `{criterion, above}` or `{criterion, below}` (cents: the bound
    /// the answers at the extreme offsets show) beyond the offsets asked; null without either.
    static func threshold(_ value: MeasuredValue, criterion: Bool = true) -> Any {
        var entry: [String: Any]
        switch value {
        case .measured(let measured): entry = estimate(measured)
        case .notEnoughAnswers: return NSNull()
        case .above(let bound): entry = ["above": bound]
        case .below(let bound): entry = ["below": bound]
        }
        if criterion { entry["criterion"] = PsychometricFunction.criterion }
        return entry
    }

    static func estimate(_ estimate: CentsEstimate) -> [String: Any] {
        ["value": estimate.value, "low": estimate.low, "high": estimate.high]
    }

    static func number(_ value: Double?) -> Any { value.flatMap { $0.isFinite ? $0 as Any : nil } ?? NSNull() }
}
