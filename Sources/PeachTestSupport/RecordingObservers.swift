import PeachDomain

public struct ObserverFailure: Error, CustomStringConvertible {
    public var description: String { "the disk is full" }
    public init() {}
}

@MainActor
public final class RecordingComparisonObserver: ComparisonObserver {
    public private(set) var completed: [CompletedComparison] = []
    public var error: (any Error)?

    public init() {}

    public func comparisonCompleted(_ completed: CompletedComparison) throws {
        if let error { throw error }
        self.completed.append(completed)
    }
}

@MainActor
public final class RecordingPitchMatchingObserver: PitchMatchingObserver {
    public private(set) var completed: [CompletedPitchMatching] = []
    public var error: (any Error)?

    public init() {}

    public func pitchMatchingCompleted(_ completed: CompletedPitchMatching) throws {
        if let error { throw error }
        self.completed.append(completed)
    }
}

/// A profile whose overall mean the test sets.
@MainActor
public final class StubDiscriminationProfile: PitchDiscriminationProfile {
    public var overallMean: Cents?
    public init(overallMean: Cents? = nil) { self.overallMean = overallMean }
}
