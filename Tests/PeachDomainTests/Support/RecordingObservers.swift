import PeachDomain

struct ObserverFailure: Error, CustomStringConvertible {
    var description: String { "the disk is full" }
}

@MainActor
final class RecordingComparisonObserver: ComparisonObserver {
    private(set) var completed: [CompletedComparison] = []
    var error: (any Error)?

    func comparisonCompleted(_ completed: CompletedComparison) throws {
        if let error { throw error }
        self.completed.append(completed)
    }
}

@MainActor
final class RecordingPitchMatchingObserver: PitchMatchingObserver {
    private(set) var completed: [CompletedPitchMatching] = []
    var error: (any Error)?

    func pitchMatchingCompleted(_ completed: CompletedPitchMatching) throws {
        if let error { throw error }
        self.completed.append(completed)
    }
}

/// A profile whose overall mean the test sets.
@MainActor
final class StubDiscriminationProfile: PitchDiscriminationProfile {
    var overallMean: Cents?
    init(overallMean: Cents? = nil) { self.overallMean = overallMean }
}
