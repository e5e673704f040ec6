/// A measured quantity with its 95 % interval: in cents for pitch, in milliseconds for rhythm.
public struct IntervalEstimate: Hashable, Sendable {
    public let value: Double
    public let low: Double
    public let high: Double

    public init(value: Double, low: Double, high: Double) {
        self.value = value
        self.low = low
        self.high = high
    }

    /// From a normally distributed estimate of the log: exp(mean ± 1.96 sd).
    init(logValue: Double, logStandardDeviation: Double) {
        value = exp(logValue)
        low = exp(logValue - 1.96 * logStandardDeviation)
        high = exp(logValue + 1.96 * logStandardDeviation)
    }

    /// The same quantity in another unit (a share of a sixteenth in milliseconds).
    public func scaled(by factor: Double) -> IntervalEstimate {
        IntervalEstimate(value: value * factor, low: low * factor, high: high * factor)
    }

    /// From a normally distributed estimate: mean ± 1.96 sd.
    init(value: Double, standardDeviation: Double) {
        self.value = value
        low = value - 1.96 * standardDeviation
        high = value + 1.96 * standardDeviation
    }
}

import Foundation
