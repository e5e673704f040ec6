import Foundation

extension SimulatedListener {
    /// Compare Timing: the offsets, in milliseconds, judged right 75 % of the time when the click
    /// comes early and when it comes late (the same psychometric shape, slope and lapse as Hear &
    /// Compare).
    public struct Timing: Hashable, Sendable {
        public let early: Double
        public let late: Double

        public init(early: Double, late: Double) {
            self.early = early
            self.late = late
        }

        public func threshold(_ direction: TimingDirection) -> Double { direction == .early ? early : late }
    }

    /// Fill the Gap: each tap lands `bias` ms off the gap (negative early; per gap position where
    /// `positions` says), spread normally by `spread` ms, and a gap goes untapped with chance `miss`.
    public struct Tapping: Hashable, Sendable {
        public let bias: Double
        public let spread: Double
        public let miss: Double
        public let positions: [GapPosition: Double]

        public init(bias: Double, spread: Double, miss: Double, positions: [GapPosition: Double] = [:]) {
            self.bias = bias
            self.spread = spread
            self.miss = miss
            self.positions = positions
        }

        public func bias(at position: GapPosition) -> Double { positions[position] ?? bias }
    }

    /// The chance of judging a click `offsetMs` off the grid (signed: negative early) rightly.
    public func probabilityCorrect(timingOffsetMs offsetMs: Double) -> Double {
        let direction: TimingDirection = offsetMs < 0 ? .early : .late
        let share = 0.25 / (0.5 - lapse)
        let logAlpha = log(timing.threshold(direction)) - shape.inverse(share) / slope
        return 0.5 + (0.5 - lapse) * shape.value(slope * (log(max(abs(offsetMs), 1e-9)) - logAlpha))
    }
}
