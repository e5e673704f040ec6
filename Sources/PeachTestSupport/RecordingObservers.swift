import PeachDomain

public struct ObserverFailure: Error, CustomStringConvertible {
    public var description: String { "the disk is full" }
    public init() {}
}

@MainActor
public final class RecordingCompareObserver: CompareObserver {
    public private(set) var completed: [CompareAnswer] = []
    public var error: (any Error)?

    public init() {}

    public func compareAnswered(_ completed: CompareAnswer) throws {
        if let error { throw error }
        self.completed.append(completed)
    }
}

@MainActor
public final class RecordingMatchObserver: MatchObserver {
    public private(set) var completed: [MatchAnswer] = []
    public var error: (any Error)?

    public init() {}

    public func matchAnswered(_ completed: MatchAnswer) throws {
        if let error { throw error }
        self.completed.append(completed)
    }
}

/// A profile whose measurements the test sets.
@MainActor
public final class StubCompareProfile: CompareProfile {
    public var estimate: ThresholdEstimate?
    public var accuracy: MatchAccuracy?
    /// What the status line sees; `.fitted(estimate)` when nil.
    public var latest: LatestThreshold?
    public init(estimate: ThresholdEstimate? = nil, accuracy: MatchAccuracy? = nil, latest: LatestThreshold? = nil) {
        self.estimate = estimate
        self.accuracy = accuracy
        self.latest = latest
    }
    public func thresholdEstimate(for mode: TrainingMode, range: NoteRange) -> ThresholdEstimate? { estimate }
    public func latestThresholdEstimate(for mode: TrainingMode, range: NoteRange) -> LatestThreshold {
        latest ?? .fitted(estimate)
    }
    public func matchAccuracy(for mode: TrainingMode) -> MatchAccuracy? { accuracy }
}

extension ThresholdEstimate {
    /// An estimate with the same threshold (and a narrow interval) at every note of `range`.
    public static func flat(_ cents: Double, range: NoteRange = .standard) -> ThresholdEstimate {
        curve(range: range) { _ in cents }
    }

    /// An estimate whose threshold at each note of `range` is `threshold(note)`, with a ±10 % interval.
    public static func curve(range: NoteRange = .standard, _ threshold: (MIDINote) -> Double) -> ThresholdEstimate {
        var curve: [MIDINote: IntervalEstimate] = [:]
        for key in range.lowest.rawValue...range.highest.rawValue {
            let value = threshold(MIDINote(key))
            curve[MIDINote(key)] = IntervalEstimate(value: value, low: value / 1.1, high: value * 1.1)
        }
        let mean = curve.values.map(\.value).reduce(0, +) / Double(curve.count)
        return ThresholdEstimate(overallCurve: IntervalEstimate(value: mean, low: mean / 1.1, high: mean * 1.1),
                                 curve: curve, slope: 3.5, answerWeight: 1000)
    }
}
