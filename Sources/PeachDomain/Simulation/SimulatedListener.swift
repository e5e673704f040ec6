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

        /// The bias and spread of the errors this listener can leave: the tuning control reaches
        /// `tuningRange` either side of where the note starts (uniform within ±`initialOffsetRange`),
        /// so an error beyond its stop is left at the stop. What the stored answers can show, and so
        /// what Peach's measurement is to be compared with once the listener's errors reach a stop.
        public func reachable(initialOffsetRange: Double, tuningRange: Double) -> (bias: Double, spread: Double) {
            // The mean over starting offsets (midpoints of 200 equal parts) of the clamped normal's
            // first two moments, each by the midpoint rule over ±8 spreads in 4,000 steps. With spread
            // 0 every step gives the same clamped error: the spread left is that of the stop's position.
            let starts = 200, steps = 4_000
            var sum = 0.0, sumOfSquares = 0.0
            for part in 0..<starts {
                let start = initialOffsetRange * (2 * (Double(part) + 0.5) / Double(starts) - 1)
                let low = start - tuningRange, high = start + tuningRange
                var mean = 0.0, square = 0.0, mass = 0.0
                for step in 0..<steps {
                    let z = -8 + 16 * (Double(step) + 0.5) / Double(steps)
                    let density = exp(-z * z / 2)
                    let error = min(max(bias + spread * z, low), high)
                    mean += density * error
                    square += density * error * error
                    mass += density
                }
                sum += mean / mass
                sumOfSquares += square / mass
            }
            let mean = sum / Double(starts)
            return (mean, max(0, sumOfSquares / Double(starts) - mean * mean).squareRoot())
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
    /// Compare Timing and Fill the Gap (`SimulatedListener+Rhythm`).
    public var timing = Timing(early: 15, late: 15)
    public var tapping = Tapping(bias: 0, spread: 10, miss: 0.05)

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

    /// The chance of answering a Hear & Compare exercise of `offset` cents at `note` correctly.
    public func probabilityCorrect(offset: Double, note: MIDINote, mode: TrainingMode, after trialsDone: Int) -> Double {
        let share = 0.25 / (0.5 - lapse)
        let logAlpha = log(threshold(at: note, mode: mode, after: trialsDone)) - shape.inverse(share) / slope
        return 0.5 + (0.5 - lapse) * shape.value(slope * (log(max(offset, 1e-9)) - logAlpha))
    }
}
