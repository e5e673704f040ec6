import Foundation

/// A virtual player with a known psychometric function, for checking that Peach measures what it
/// claims (`peach simulate`). In Hear & Compare it is right with probability
///
///     p(correct | d) = 0.5 + (0.5 − lapse) · G(slope · ln(d / α))
///
/// where α is chosen per note so that p is exactly 75 % at that note's threshold. Thresholds are
/// linear in log-cents between the listed notes and constant beyond them, multiplied by
/// `intervalFactor` in the interval modes and shrinking by `learning` over the trials.
public struct SimulatedListener: Sendable {
    public enum Shape: String, Hashable, Sendable, CaseIterable {
        case weibull, gaussian, logistic

        func value(_ z: Double) -> Double {
            switch self {
            case .weibull: 1 - exp(-exp(z))
            case .gaussian: 0.5 * erfc(-z / 2.0.squareRoot())
            case .logistic: 1 / (1 + exp(-z))
            }
        }

        /// z with value(z) = share, by bisection (G is increasing; no inverse in closed form for all).
        func inverse(_ share: Double) -> Double {
            var low = -40.0, high = 40.0
            for _ in 0..<200 {
                let middle = (low + high) / 2
                if value(middle) < share { low = middle } else { high = middle }
            }
            return (low + high) / 2
        }
    }

    public struct Learning: Hashable, Sendable {
        public let trials: Int
        public let factor: Double
        public init(trials: Int, factor: Double) {
            self.trials = trials
            self.factor = factor
        }
    }

    public struct Matching: Hashable, Sendable {
        public let bias: Double
        public let spread: Double
        public init(bias: Double, spread: Double) {
            self.bias = bias
            self.spread = spread
        }
    }

    public let shape: Shape
    public let slope: Double
    public let lapse: Double
    /// (note, cents answered correctly 75 % of the time), sorted by note.
    public let thresholds: [(note: MIDINote, cents: Double)]
    public let intervalFactor: Double
    public let learning: Learning?
    public let matching: Matching

    public init(shape: Shape, slope: Double, lapse: Double, thresholds: [(note: MIDINote, cents: Double)],
                intervalFactor: Double = 1, learning: Learning? = nil,
                matching: Matching = Matching(bias: 0, spread: 10)) {
        self.shape = shape
        self.slope = slope
        self.lapse = lapse
        self.thresholds = thresholds.sorted { $0.note < $1.note }
        self.intervalFactor = intervalFactor
        self.learning = learning
        self.matching = matching
    }

    /// The true threshold at `note` after `trialsDone` answers, in `mode`.
    public func threshold(at note: MIDINote, mode: TrainingMode = .compare, after trialsDone: Int = 0) -> Double {
        var logCents: Double
        if let first = thresholds.first, note <= first.note {
            logCents = log(first.cents)
        } else if let last = thresholds.last, note >= last.note {
            logCents = log(last.cents)
        } else {
            let upper = thresholds.firstIndex { $0.note >= note } ?? 0
            let (a, b) = (thresholds[upper - 1], thresholds[upper])
            let t = Double(note.rawValue - a.note.rawValue) / Double(b.note.rawValue - a.note.rawValue)
            logCents = (1 - t) * log(a.cents) + t * log(b.cents)
        }
        if mode.scope == .intervals { logCents += log(intervalFactor) }
        if let learning {
            logCents += log(learning.factor) * Double(min(trialsDone, learning.trials)) / Double(learning.trials)
        }
        return exp(logCents)
    }

    /// The chance of answering a comparison of `offset` cents at `note` correctly.
    public func probabilityCorrect(offset: Double, note: MIDINote, mode: TrainingMode, after trialsDone: Int) -> Double {
        let share = 0.25 / (0.5 - lapse)
        let logAlpha = log(threshold(at: note, mode: mode, after: trialsDone)) - shape.inverse(share) / slope
        return 0.5 + (0.5 - lapse) * shape.value(slope * (log(max(offset, 1e-9)) - logAlpha))
    }
}
