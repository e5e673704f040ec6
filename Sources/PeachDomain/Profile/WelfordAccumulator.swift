/// Running mean and variance in one pass (Welford), numerically stable for long histories.
public struct WelfordAccumulator: Hashable, Sendable {
    public private(set) var count = 0
    private var runningMean = 0.0
    private var sumOfSquaredDeviations = 0.0

    public init() {}

    public init(_ values: some Sequence<Double>) {
        for value in values { add(value) }
    }

    public mutating func add(_ value: Double) {
        count += 1
        let delta = value - runningMean
        runningMean += delta / Double(count)
        sumOfSquaredDeviations += delta * (value - runningMean)
    }

    public var mean: Double? { count > 0 ? runningMean : nil }

    /// The sample standard deviation (n − 1); nil below two values.
    public var standardDeviation: Double? {
        count > 1 ? (sumOfSquaredDeviations / Double(count - 1)).squareRoot() : nil
    }

    /// The population standard deviation (n); nil without values.
    public var populationStandardDeviation: Double? {
        count > 0 ? (sumOfSquaredDeviations / Double(count)).squareRoot() : nil
    }
}
